// The Center's first page: the company's users, read-only until the Center's user management lands.
import { Alert, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { renewalDelay } from '../../lib/signed-url.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { initialsOf } from '../../lib/initials.ts';
import { CenterSection } from './CenterSection.tsx';

function CompanyUsers() {
  const { t } = useTranslation();
  // Their avatars' signed addresses expire: the list is read again a little before the first does.
  const users = useQuery({
    ...responsiblesQuery,
    refetchInterval: (query) => {
      const delay = renewalDelay(query.state.data?.data.map((member) => member.avatar) ?? []);
      return delay === null ? false : Math.max(delay, 1_000);
    },
  });
  if (users.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (users.isError) return <Alert color="red">{t('center.usersError')}</Alert>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('center.name')}</Table.Th>
            <Table.Th>{t('center.username')}</Table.Th>
            <Table.Th>{t('center.role')}</Table.Th>
            <Table.Th>{t('center.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.data.data.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={member.avatar} radius="xl" size={30} color="brand" alt={member.name}>
                    {initialsOf(member.name)}
                  </Avatar>
                  <Text size="sm">{member.name}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {member.username}
                </Text>
              </Table.Td>
              <Table.Td>{t(`roles.${member.role}`)}</Table.Td>
              <Table.Td>
                <Badge variant="dot" color={member.online ? 'teal' : 'gray'}>
                  {t(member.online ? 'center.online' : 'center.offline')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CenterUsersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <CenterSection title={t('center.usersTitle')} description={t('center.usersReadOnly')}>
        <CompanyUsers />
      </CenterSection>
    </Stack>
  );
}

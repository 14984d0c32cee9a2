// The Center (administration area). Until its own issues land it lists the company's users, read-only, to
// the roles that may use it, and tells everyone else plainly that it is not for their role.
import type { User } from '@atende/contract';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { pathTo } from '../../app/routes.ts';
import { ArrowLeftIcon, LogoutIcon } from '../../components/Icons.tsx';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { responsiblesQuery } from '../panel/initial-data.ts';
import { ProcessingOverlay } from '../panel/ProcessingOverlay.tsx';
import { useCurrentUser } from '../session/user-api.ts';
import { initialsOf } from '../shell/initials.ts';
import { useSignOut } from '../shell/use-sign-out.ts';
import { canOpenCenter } from './center-access.ts';

function CompanyUsers() {
  const { t } = useTranslation();
  const users = useQuery(responsiblesQuery);
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

function CenterContent({ user }: { user: User }) {
  const { t } = useTranslation();
  if (!canOpenCenter(user.role)) {
    return (
      <Alert color="yellow" variant="light" title={t('center.noAccessTitle')} role="alert">
        {t('center.noAccessBody')}
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs" mb="md">
        <Title order={2} size="h4">
          {t('center.usersTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('center.usersReadOnly')}
        </Text>
      </Stack>
      <CompanyUsers />
    </Card>
  );
}

export function CenterPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { signingOut, handleSignOut } = useSignOut();
  if (!user) return <ProcessingOverlay />;

  return (
    <Box mih="100dvh">
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <BrandLogo h={28} />
              <Badge variant="light" size="lg">
                {t('center.badge')}
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                component={Link}
                to={pathTo('panel.index')}
                variant="subtle"
                leftSection={<ArrowLeftIcon />}
                visibleFrom="xs"
              >
                {t('center.backToLive')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<LogoutIcon />}
                onClick={handleSignOut}
                loading={signingOut}
              >
                {t('nav.logout')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('center.title', { company: user.company.name })}
            </Title>
            <Text c="dimmed">{t('center.subtitle', { name: user.name })}</Text>
          </div>
          <CenterContent user={user} />
          <Button component={Link} to={pathTo('panel.index')} variant="light" hiddenFrom="xs">
            {t('center.backToLive')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

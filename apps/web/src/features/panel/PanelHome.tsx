// panel.index: the home after login — who you are, today in your timezone, the "no conversation selected"
// empty state with its actions, and the company's channels and team.
import { Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { CHANNEL_COLORS } from '../../components/ChannelIcon.tsx';
import { channelsQuery, responsiblesQuery, walletsQuery } from '../../lib/catalogues.ts';
import { NoConversation } from './NoConversation.tsx';

export function PanelHome() {
  const { t } = useTranslation();
  const format = useFormatters();
  const user = useCurrentUser();
  const channels = useQuery(channelsQuery).data?.data ?? [];
  const team = useQuery(responsiblesQuery).data?.data ?? [];
  const wallets = useQuery(walletsQuery).data?.data ?? [];
  const online = team.filter((member) => member.online).length;

  if (!user) return null;

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          {t('panel.greeting', { name: user.name.split(' ')[0] ?? user.name })}
        </Title>
        <Text c="dimmed">{format.longDate(new Date())}</Text>
      </div>

      <NoConversation />

      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('panel.channelsCount')}
          </Text>
          <Text fz={32} fw={700}>
            {channels.length}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('panel.teamOnline')}
          </Text>
          <Text fz={32} fw={700}>
            {t('panel.teamOnlineValue', { online, total: team.length })}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Text size="sm" c="dimmed">
            {t('panel.walletsCount')}
          </Text>
          <Text fz={32} fw={700}>
            {wallets.length}
          </Text>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          {t('panel.channelsTitle')}
        </Title>
        {channels.length === 0 ? (
          <Text c="dimmed">{t('panel.noChannels')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('panel.channelName')}</Table.Th>
                  <Table.Th>{t('panel.channelKind')}</Table.Th>
                  <Table.Th>{t('panel.channelAddress')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.map((channel) => (
                  <Table.Tr key={channel.id}>
                    <Table.Td>{channel.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={CHANNEL_COLORS[channel.kind]}>
                        {t(`channelKinds.${channel.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {channel.address ?? '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

// One broadcast: its live progress and counts, pause / resume / cancel, and the report of each recipient (the
// first page on screen, the whole of it as CSV).
import type { Broadcast, BroadcastAction, BroadcastSkipReason } from '@atende/contract';
import { Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../components/QueryState.tsx';
import { BROADCASTS_KEY } from '../../lib/broadcast-keys.ts';
import { download } from '../../lib/download.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { actOnBroadcast, broadcastQuery, exportReport, reportQuery } from './broadcast-api.ts';
import { progressOf } from './progress.ts';

const COUNTS = ['queued', 'sent', 'delivered', 'read', 'failed', 'replied', 'cancelled'] as const;

/** What may be done from each status. */
const ACTIONS: Record<Broadcast['status'], BroadcastAction[]> = {
  scheduled: ['pause', 'cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: [],
  cancelled: [],
};

function Counts({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation();
  const skipped = Object.values(broadcast.skipped).reduce((sum, count) => sum + count, 0);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {COUNTS.map((name) => (
        <Card key={name} withBorder padding="xs">
          <Text size="xs" c="dimmed">
            {t(`broadcasts.counts.${name}`)}
          </Text>
          <Text fw={700} data-testid={`count-${name}`}>
            {broadcast.counts[name]}
          </Text>
        </Card>
      ))}
      <Card withBorder padding="xs">
        <Text size="xs" c="dimmed">
          {t('broadcasts.counts.skipped')}
        </Text>
        <Text fw={700}>{skipped}</Text>
      </Card>
    </SimpleGrid>
  );
}

function Report({ id }: { id: string }) {
  const { t } = useTranslation();
  const report = useQuery(reportQuery(id));
  return (
    <QueryState
      query={report}
      isEmpty={(data) => data.data.length === 0}
      empty={t('broadcasts.report.empty')}
    >
      {(data) => (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('broadcasts.report.contact')}</Table.Th>
              <Table.Th>{t('broadcasts.report.address')}</Table.Th>
              <Table.Th>{t('broadcasts.report.status')}</Table.Th>
              <Table.Th>{t('broadcasts.report.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.contact_name}</Table.Td>
                <Table.Td>{row.address ?? ''}</Table.Td>
                <Table.Td>
                  {t(`broadcasts.recipientStatus.${row.status}`)}
                  {row.replied ? ` · ${t('broadcasts.counts.replied')}` : ''}
                </Table.Td>
                <Table.Td>
                  {row.status === 'skipped' && row.error
                    ? t(`broadcasts.skip.${row.error as BroadcastSkipReason}`)
                    : (row.error ?? '')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

export function BroadcastDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const broadcast = useQuery(broadcastQuery(id));
  const act = useMutation({
    mutationFn: (action: BroadcastAction) => actOnBroadcast(id, action),
    onSuccess: () => void client.invalidateQueries({ queryKey: BROADCASTS_KEY }),
    onError: (error) => notifyError(errorText(error)),
  });
  const exporting = useMutation({
    mutationFn: () => exportReport(id),
    onSuccess: (blob) => download(blob, `transmissao-${id}.csv`),
    onError: (error) => notifyError(errorText(error)),
  });

  return (
    <Card withBorder flex={1} miw={320} padding="md">
      <QueryState query={broadcast} isEmpty={() => false} empty="">
        {(data) => {
          const progress = progressOf(data.counts);
          return (
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={3}>{data.name}</Title>
                <Text size="sm">{t(`broadcasts.status.${data.status}`)}</Text>
              </Group>
              <Progress
                value={progress}
                size="lg"
                data-testid="broadcast-progress"
                data-progress={progress}
                aria-label={t('broadcasts.progress', { progress })}
              />
              <Text size="sm">{t('broadcasts.progress', { progress })}</Text>
              <Counts broadcast={data} />
              <Group>
                {ACTIONS[data.status].map((action) => (
                  <Button
                    key={action}
                    variant={action === 'cancel' ? 'light' : 'filled'}
                    color={action === 'cancel' ? 'red' : undefined}
                    loading={act.isPending && act.variables === action}
                    onClick={() => act.mutate(action)}
                  >
                    {t(`broadcasts.actions.${action}`)}
                  </Button>
                ))}
                <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()}>
                  {t('broadcasts.report.export')}
                </Button>
              </Group>
              <Title order={4}>{t('broadcasts.report.title')}</Title>
              <Report id={id} />
            </Stack>
          );
        }}
      </QueryState>
    </Card>
  );
}

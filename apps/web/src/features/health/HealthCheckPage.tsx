// health.check: the API's health for people and probes, readable without logging in.
import type { Health } from '@atende/contract';
import { Badge, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { formatDateTime, formatDuration } from '../../lib/format.ts';
import { HttpError, http } from '../../lib/http.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';

const REFRESH_MS = 15_000;

const isHealthReport = (body: unknown): body is Health =>
  typeof body === 'object' && body !== null && 'status' in body && 'database' in body && 'version' in body;

/** A 503 still carries the health report: read it instead of treating the page as failed. */
async function fetchHealth(): Promise<Health> {
  try {
    return await http.get<Health>('/health', { notify: false, unauthorized: 'ignore' });
  } catch (error) {
    if (error instanceof HttpError && isHealthReport(error.body)) return error.body;
    throw error;
  }
}

export function HealthCheckPage() {
  const { t, language } = useTranslation();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const report = health.data;
  const ok = report?.status === 'ok';

  return (
    <Center mih="100dvh" p="md">
      <Stack w="100%" maw={480} gap="lg">
        <Center>
          <BrandLogo variant="monochrome" h={36} />
        </Center>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={1} size="h3">
                {t('health.title')}
              </Title>
              {report ? (
                <Badge size="lg" color={ok ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                  {t(ok ? 'health.statusOk' : 'health.statusUnavailable')}
                </Badge>
              ) : health.isError ? (
                <Badge size="lg" color="red" variant="light" style={{ flexShrink: 0 }}>
                  {t('health.unreachable')}
                </Badge>
              ) : null}
            </Group>
            {health.isPending && <Text c="dimmed">{t('health.checking')}</Text>}
            {health.isError && !report && <Text c="red">{t('health.unreachableBody')}</Text>}
            {report && (
              <Table variant="vertical" layout="fixed" withTableBorder>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w="45%">{t('health.database')}</Table.Th>
                    <Table.Td>
                      <Badge color={report.database === 'up' ? 'teal' : 'red'} variant="dot">
                        {t(report.database === 'up' ? 'health.databaseUp' : 'health.databaseDown')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('health.version')}</Table.Th>
                    <Table.Td>{report.version}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>{t('health.uptime')}</Table.Th>
                    <Table.Td>{formatDuration(report.uptime_seconds, language)}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="xs" c="dimmed">
                {health.dataUpdatedAt > 0 &&
                  t('health.checkedAt', {
                    time: formatDateTime(health.dataUpdatedAt, { language }, { timeStyle: 'medium' }),
                  })}
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => void health.refetch()}
                loading={health.isFetching}
              >
                {t('health.refresh')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}

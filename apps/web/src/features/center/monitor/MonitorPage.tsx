// Center › Monitor (issue 28): who is online, paused (why, for how long) or on a call and how many
// conversations each holds; the queue per channel and per segment with its oldest wait; customers waiting past
// the company's service level flagged with an icon and words, not by colour alone. Live: see monitor.ts.
import type { MonitorAttendant, MonitorSnapshot, RatingSummary } from '@atende/contract';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertTriangleIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNow } from '../../pause/use-now.ts';
import { CenterSection } from '../CenterSection.tsx';
import { monitorQuery, secondsSince, useMonitorLive } from './monitor.ts';

type Clock = { now: number; skewMs: number; serviceLevel: number };

function useDuration() {
  const { language } = useTranslation();
  return (seconds: number) => formatDuration(seconds, language);
}

/** A running duration, counted from `since` on the server's clock. */
function Elapsed({ since, clock }: { since: string; clock: Clock }) {
  const duration = useDuration();
  return <span data-testid="monitor-elapsed">{duration(secondsSince(since, clock.now, clock.skewMs))}</span>;
}

/** The status of an attendant, in words (the badge's colour only repeats them). */
function StatusBadge({ attendant }: { attendant: MonitorAttendant }) {
  const { t } = useTranslation();
  const [status, color] = attendant.call
    ? (['onCall', 'blue'] as const)
    : attendant.pause
      ? (['paused', 'yellow'] as const)
      : attendant.online
        ? (['online', 'green'] as const)
        : (['offline', 'gray'] as const);
  return (
    <Badge color={color} variant="light" data-testid="monitor-status" data-status={status}>
      {t(`centerMonitor.status.${status}`)}
    </Badge>
  );
}

function AttendantsTable({ data, clock }: { data: MonitorSnapshot; clock: Clock }) {
  const { t } = useTranslation();
  return (
    <CenterSection
      title={t('centerMonitor.attendants.title')}
      description={t('centerMonitor.attendants.description')}
    >
      <Table.ScrollContainer minWidth={640}>
        <Table data-testid="monitor-attendants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('centerMonitor.attendants.name')}</Table.Th>
              <Table.Th>{t('centerMonitor.attendants.status')}</Table.Th>
              <Table.Th>{t('centerMonitor.attendants.pause')}</Table.Th>
              <Table.Th>{t('centerMonitor.attendants.call')}</Table.Th>
              <Table.Th>{t('centerMonitor.attendants.conversations')}</Table.Th>
              <Table.Th>{t('centerMonitor.attendants.rating')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.attendants.map((attendant) => (
              <Table.Tr key={attendant.id} data-testid="monitor-attendant" data-user-id={attendant.id}>
                <Table.Td>{attendant.name}</Table.Td>
                <Table.Td>
                  <StatusBadge attendant={attendant} />
                </Table.Td>
                <Table.Td data-testid="monitor-pause">
                  {attendant.pause ? (
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">
                        {attendant.pause.reason?.name ?? t('centerMonitor.attendants.noReason')}
                      </Text>
                      <Text size="sm" c="dimmed">
                        <Elapsed since={attendant.pause.since} clock={clock} />
                      </Text>
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('centerMonitor.none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {attendant.call ? (
                    <Text size="sm">
                      {t('centerMonitor.attendants.onCallFor')}{' '}
                      <Elapsed since={attendant.call.since} clock={clock} />
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('centerMonitor.none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="monitor-conversations">{attendant.conversations}</Table.Td>
                <Table.Td data-testid="monitor-rating">
                  <Text size="sm">
                    <RatingText rating={attendant.rating_today} />
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </CenterSection>
  );
}

/** A day's satisfaction ratings: their mean out of 5 and how many, or a dash before the first. */
function RatingText({ rating }: { rating: RatingSummary }) {
  const { t, language } = useTranslation();
  if (rating.average === null) {
    return (
      <Text component="span" c="dimmed" inherit>
        {t('centerMonitor.none')}
      </Text>
    );
  }
  const average = new Intl.NumberFormat(language.replace('_', '-'), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating.average);
  return t('centerMonitor.rating', { average, count: rating.count });
}

/** The words and icon that flag a wait past the service level. */
function OverServiceLevel() {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" data-testid="monitor-over">
      <AlertTriangleIcon size={16} color="var(--mantine-color-red-filled)" />
      {/* The text keeps the page's colour: readable on the highlighted row in both schemes. */}
      <Text size="sm" fw={600}>
        {t('centerMonitor.overServiceLevel')}
      </Text>
    </Group>
  );
}

type QueueRow = { key: string; label: ReactNode; waiting: number; oldest: string | null; over: number };

function QueueTable({
  title,
  rows,
  clock,
  testId,
}: {
  title: string;
  rows: QueueRow[];
  clock: Clock;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <CenterSection title={title} description={t('centerMonitor.queue.description')}>
      {rows.length === 0 ? (
        <Text c="dimmed" data-testid={`${testId}-empty`}>
          {t('centerMonitor.queue.empty')}
        </Text>
      ) : (
        <Table data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('centerMonitor.queue.part')}</Table.Th>
              <Table.Th>{t('centerMonitor.queue.waiting')}</Table.Th>
              <Table.Th>{t('centerMonitor.queue.oldest')}</Table.Th>
              <Table.Th>{t('centerMonitor.queue.over')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const late =
                row.oldest !== null && secondsSince(row.oldest, clock.now, clock.skewMs) > clock.serviceLevel;
              return (
                <Table.Tr
                  key={row.key}
                  bg={late ? 'var(--mantine-color-red-light)' : undefined}
                  data-late={late || undefined}
                >
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>{row.waiting}</Table.Td>
                  <Table.Td>
                    {row.oldest ? <Elapsed since={row.oldest} clock={clock} /> : t('centerMonitor.none')}
                  </Table.Td>
                  <Table.Td>{late ? <OverServiceLevel /> : row.over}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </CenterSection>
  );
}

function LongestWaiting({ data, clock }: { data: MonitorSnapshot; clock: Clock }) {
  const { t } = useTranslation();
  return (
    <CenterSection
      title={t('centerMonitor.longest.title')}
      description={t('centerMonitor.longest.description')}
    >
      {data.queue.longest.length === 0 ? (
        <Text c="dimmed">{t('centerMonitor.queue.empty')}</Text>
      ) : (
        <Table data-testid="monitor-longest">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('centerMonitor.longest.customer')}</Table.Th>
              <Table.Th>{t('centerMonitor.longest.channel')}</Table.Th>
              <Table.Th>{t('centerMonitor.longest.waiting')}</Table.Th>
              <Table.Th>{t('centerMonitor.longest.serviceLevel')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.queue.longest.map((customer) => {
              const late = secondsSince(customer.since, clock.now, clock.skewMs) > clock.serviceLevel;
              return (
                <Table.Tr
                  key={customer.id}
                  bg={late ? 'var(--mantine-color-red-light)' : undefined}
                  data-late={late || undefined}
                >
                  <Table.Td>{customer.name}</Table.Td>
                  <Table.Td>
                    {customer.channel ? t(`channelKinds.${customer.channel}`) : t('centerMonitor.none')}
                  </Table.Td>
                  <Table.Td>
                    <Elapsed since={customer.since} clock={clock} />
                  </Table.Td>
                  <Table.Td>{late ? <OverServiceLevel /> : t('centerMonitor.withinServiceLevel')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </CenterSection>
  );
}

function Summary({ data }: { data: MonitorSnapshot }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const count = (test: (a: MonitorAttendant) => boolean) => data.attendants.filter(test).length;
  const figures = [
    { key: 'online', value: count((a) => a.online) },
    { key: 'paused', value: count((a) => a.pause !== null) },
    { key: 'onCall', value: count((a) => a.call !== null) },
    { key: 'waiting', value: data.queue.waiting },
    { key: 'over', value: data.queue.over_service_level },
    { key: 'rating', value: <RatingText rating={data.rating_today} /> },
  ] as const;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 6 }} data-testid="monitor-summary">
        {figures.map((figure) => (
          <Stack key={figure.key} gap={0} data-testid={`monitor-summary-${figure.key}`}>
            <Text size="xl" fw={700}>
              {figure.value}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`centerMonitor.summary.${figure.key}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('centerMonitor.serviceLevel', { duration: duration(data.service_level_seconds) })}
      </Text>
    </Stack>
  );
}

export function MonitorPage() {
  const { t } = useTranslation();
  const query = useQuery(monitorQuery);
  useMonitorLive();
  const now = useNow();
  return (
    <Stack gap="lg">
      <CenterSection
        title={t('centerMonitor.title')}
        description={t('centerMonitor.description')}
        action={
          <Badge color="green" variant="dot">
            {t('centerMonitor.live')}
          </Badge>
        }
      >
        <QueryBody query={query}>{(data) => <Summary data={data} />}</QueryBody>
      </CenterSection>
      {query.data && (
        <MonitorBody
          data={query.data}
          clock={{
            now,
            skewMs: Date.parse(query.data.at) - query.dataUpdatedAt,
            serviceLevel: query.data.service_level_seconds,
          }}
        />
      )}
    </Stack>
  );
}

function MonitorBody({ data, clock }: { data: MonitorSnapshot; clock: Clock }) {
  const { t } = useTranslation();
  const part = (row: { waiting: number; oldest_since: string | null; over_service_level: number }) => ({
    waiting: row.waiting,
    oldest: row.oldest_since,
    over: row.over_service_level,
  });
  return (
    <>
      <AttendantsTable data={data} clock={clock} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <QueueTable
          title={t('centerMonitor.queue.byChannel')}
          testId="monitor-channels"
          clock={clock}
          rows={data.queue.channels.map((row) => ({
            key: row.kind ?? 'none',
            label: row.kind ? t(`channelKinds.${row.kind}`) : t('centerMonitor.none'),
            ...part(row),
          }))}
        />
        <QueueTable
          title={t('centerMonitor.queue.bySegment')}
          testId="monitor-segments"
          clock={clock}
          rows={data.queue.segments.map((row) => ({
            key: row.segment.id,
            label: row.segment.name,
            ...part(row),
          }))}
        />
      </SimpleGrid>
      <LongestWaiting data={data} clock={clock} />
    </>
  );
}

// Contacts analytics (/painel/contacts-analytics, spec §2, issue 28): for the attendant their own numbers, for
// whoever may see others' (analytics.see_others) any attendant, team or the whole company, over a period of
// the company's calendar days: performance against the period before, the volume by hour and weekday (a heat
// map and bar charts, each with its numbers as a table), and the attended customers, paged, filtered,
// opening the conversation, exported as CSV. A lazy route chunk: the charts stay out of the panel's bundle.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DayStats, DurationStats, PerformanceTotals } from '@atende/contract';
import { CHANNEL_KINDS, DEFAULT_TIMEZONE } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { holds } from '../../lib/abilities.ts';
import { responsiblesQuery } from '../../lib/catalogues.ts';
import { download } from '../../lib/download.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatDuration } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notify.ts';
import { pathTo } from '../../lib/routes.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import {
  dayIn,
  dayStatsQuery,
  exportHistory,
  historyQuery,
  performanceQuery,
  type AnalyticsParams,
} from './analytics-api.ts';
import { DateField } from '../../components/DateFields.tsx';
import { barsBy, heatGrid, subjectParams } from './analytics-model.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function usePeriod() {
  const zone = useCurrentUser()?.timezone ?? DEFAULT_TIMEZONE;
  const [to, setTo] = useState(() => dayIn(new Date(), zone));
  const [from, setFrom] = useState(() => dayIn(new Date(Date.now() - 29 * 86_400_000), zone));
  return { from, to, setFrom, setTo };
}

/** Me, the company, an attendant or a team, as one select's value (`user:<id>`, `team:<id>`, `company`). */
function SubjectPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const people = useQuery(responsiblesQuery);
  const teamList = useQuery({
    queryKey: ['analytics', 'teams'],
    queryFn: () => http.get<{ data: { id: string; name: string }[] }>('/center/teams', { notify: false }),
    enabled: holds(user, 'center.open'),
  });
  const data = [
    { value: 'company', label: t('analytics.subject.company') },
    { value: `user:${user?.id ?? ''}`, label: t('analytics.subject.me') },
    ...(people.data?.data ?? [])
      .filter((person) => person.id !== user?.id)
      .map((person) => ({ value: `user:${person.id}`, label: person.name })),
    ...(teamList.data?.data ?? []).map((team) => ({
      value: `team:${team.id}`,
      label: t('analytics.subject.team', { name: team.name }),
    })),
  ];
  return (
    <Select
      label={t('analytics.subject.label')}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      searchable
      allowDeselect={false}
      data-testid="analytics-subject"
    />
  );
}

function Change({
  current,
  previous,
  lowerIsBetter = false,
}: {
  current: number | null;
  previous: number | null;
  lowerIsBetter?: boolean;
}) {
  const { t, language } = useTranslation();
  if (current === null || previous === null || previous === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('analytics.noComparison')}
      </Text>
    );
  }
  const ratio = (current - previous) / previous;
  const better = lowerIsBetter ? ratio < 0 : ratio > 0;
  const text = new Intl.NumberFormat(language.replace('_', '-'), {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  }).format(ratio);
  return (
    // The change alone in the badge (a badge does not wrap: the words after it would be cut off).
    <Group gap={6}>
      <Badge variant="light" color={ratio === 0 ? 'gray' : better ? 'teal' : 'red'}>
        {text}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('analytics.versusPrevious')}
      </Text>
    </Group>
  );
}

function Kpi({
  label,
  value,
  change,
  testId,
}: {
  label: string;
  value: ReactNode;
  change: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {change}
    </Card>
  );
}

function PerformanceCards({ params }: { params: AnalyticsParams }) {
  const { t, language } = useTranslation();
  const query = useQuery(performanceQuery(params));
  const number = (n: number) => new Intl.NumberFormat(language.replace('_', '-')).format(n);
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds, language));
  if (query.isError) return <Text c="red">{errorText(query.error)}</Text>;
  const current = query.data?.current;
  const previous = query.data?.previous;
  if (!current || !previous) return <Text c="dimmed">{t('analytics.loading')}</Text>;
  const counts: [string, keyof PerformanceTotals][] = [
    ['attended', 'attended'],
    ['messagesIn', 'messages_in'],
    ['messagesOut', 'messages_out'],
  ];
  const times: [string, 'first_response' | 'resolution', keyof DurationStats][] = [
    ['firstResponseMedian', 'first_response', 'median'],
    ['firstResponseP90', 'first_response', 'p90'],
    ['resolutionMedian', 'resolution', 'median'],
    ['resolutionP90', 'resolution', 'p90'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {counts.map(([name, field]) => (
        <Kpi
          key={name}
          testId={`kpi-${name}`}
          label={t(`analytics.kpi.${name}` as 'analytics.kpi.attended')}
          value={number(current[field] as number)}
          change={<Change current={current[field] as number} previous={previous[field] as number} />}
        />
      ))}
      {times.map(([name, field, stat]) => (
        <Kpi
          key={name}
          testId={`kpi-${name}`}
          label={t(`analytics.kpi.${name}` as 'analytics.kpi.attended')}
          value={duration(current[field][stat])}
          change={<Change current={current[field][stat]} previous={previous[field][stat]} lowerIsBetter />}
        />
      ))}
      <Kpi
        testId="kpi-paused"
        label={t('analytics.kpi.paused')}
        value={duration(current.pause_seconds)}
        change={<Change current={current.pause_seconds} previous={previous.pause_seconds} lowerIsBetter />}
      />
      {current.rating.count + previous.rating.count > 0 && (
        <Kpi
          testId="kpi-rating"
          label={t('analytics.kpi.rating')}
          value={
            current.rating.average === null
              ? '—'
              : t('analytics.ratingValue', {
                  average: new Intl.NumberFormat(language.replace('_', '-'), {
                    minimumFractionDigits: 1,
                    maximumFractionDigits: 1,
                  }).format(current.rating.average),
                })
          }
          change={
            <>
              <Text size="xs" c="dimmed" data-testid="kpi-rating-count">
                {t('analytics.ratingCount', { count: current.rating.count })}
              </Text>
              <Change current={current.rating.average} previous={previous.rating.average} />
            </>
          }
        />
      )}
      {current.calls + previous.calls > 0 && (
        <Kpi
          testId="kpi-calls"
          label={t('analytics.kpi.calls')}
          value={`${number(current.calls)} · ${duration(current.call_seconds)}`}
          change={<Change current={current.calls} previous={previous.calls} />}
        />
      )}
    </SimpleGrid>
  );
}

/** A chart with its numbers as a table: hidden for the eye (read by screen readers) unless asked for. */
function ChartWithTable({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Switch
          size="xs"
          label={t('analytics.showTable')}
          checked={showTable}
          onChange={(event) => setShowTable(event.currentTarget.checked)}
        />
      </Group>
      <div aria-hidden="true">{chart}</div>
      {showTable ? table : <VisuallyHidden>{table}</VisuallyHidden>}
    </Paper>
  );
}

function DayStatistics({ params }: { params: AnalyticsParams }) {
  const { t, language } = useTranslation();
  const query = useQuery(dayStatsQuery(params));
  const tag = language.replace('_', '-');
  const weekdayName = (weekday: number) =>
    new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, 7 + weekday)),
    );
  const cells: DayStats['cells'] = query.data?.cells ?? [];
  const grid = useMemo(() => heatGrid(cells), [cells]);
  const max = Math.max(1, ...grid.flat());
  const kinds = [...new Set(cells.map((c) => c.kind))].sort();
  const byHour = barsBy(cells, 'hour', kinds).map((row) => ({
    ...row,
    hour: String(row.hour).padStart(2, '0'),
  }));
  const byWeekday = barsBy(cells, 'weekday', kinds).map((row) => ({
    ...row,
    weekday: weekdayName(Number(row.weekday)),
  }));
  const palette = [
    'blue.6',
    'teal.6',
    'grape.6',
    'orange.6',
    'cyan.6',
    'pink.6',
    'lime.6',
    'indigo.6',
    'red.6',
    'yellow.6',
  ];
  const series = kinds.map((kind, i) => ({
    name: kind,
    label: t(`channelKinds.${kind}` as 'channelKinds.chat', { defaultValue: kind }),
    color: palette[i % palette.length]!,
  }));
  const kindTable = (rows: Record<string, number | string>[], key: string, caption: string) => (
    <Table striped withTableBorder fz="xs">
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t(`analytics.${key}` as 'analytics.hour')}</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.name} scope="col">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={String(row[key])}>
            <Table.Th scope="row">{row[key]}</Table.Th>
            {series.map((s) => (
              <Table.Td key={s.name}>{row[s.name]}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Stack gap="sm">
      <ChartWithTable
        title={t('analytics.heatmap')}
        chart={
          <Box
            style={{ display: 'grid', gridTemplateColumns: 'auto repeat(24, 1fr)', gap: 2 }}
            data-testid="analytics-heatmap"
          >
            <span />
            {HOURS.map((hour) => (
              <Text key={hour} size="xs" ta="center" c="dimmed">
                {hour % 3 === 0 ? hour : ''}
              </Text>
            ))}
            {WEEKDAYS.map((weekday) => [
              <Text key={`d${weekday}`} size="xs" pr={4}>
                {weekdayName(weekday)}
              </Text>,
              ...HOURS.map((hour) => {
                const n = grid[weekday]![hour]!;
                return (
                  <Box
                    key={`${weekday}-${hour}`}
                    title={`${weekdayName(weekday)} ${hour}h: ${n}`}
                    // An hour without messages is an empty outline: a filled grey read as busier than a pale
                    // blue on the dark theme.
                    style={{
                      height: 18,
                      borderRadius: 2,
                      ...(n === 0
                        ? { boxShadow: 'inset 0 0 0 1px var(--mantine-color-default-border)' }
                        : {
                            background: `color-mix(in srgb, var(--mantine-color-blue-filled) ${Math.round(15 + (85 * n) / max)}%, transparent)`,
                          }),
                    }}
                  />
                );
              }),
            ])}
          </Box>
        }
        table={
          <Table withTableBorder fz="xs">
            <caption>{t('analytics.heatmap')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('analytics.weekday')}</Table.Th>
                {HOURS.map((hour) => (
                  <Table.Th key={hour} scope="col">
                    {hour}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {WEEKDAYS.map((weekday) => (
                <Table.Tr key={weekday}>
                  <Table.Th scope="row">{weekdayName(weekday)}</Table.Th>
                  {HOURS.map((hour) => (
                    <Table.Td key={hour}>{grid[weekday]![hour]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <ChartWithTable
          title={t('analytics.byHour')}
          chart={<BarChart h={220} data={byHour} dataKey="hour" type="stacked" series={series} withLegend />}
          table={kindTable(byHour, 'hour', t('analytics.byHour'))}
        />
        <ChartWithTable
          title={t('analytics.byWeekday')}
          chart={
            <BarChart h={220} data={byWeekday} dataKey="weekday" type="stacked" series={series} withLegend />
          }
          table={kindTable(byWeekday, 'weekday', t('analytics.byWeekday'))}
        />
      </SimpleGrid>
    </Stack>
  );
}

function History({ params }: { params: AnalyticsParams }) {
  const { t, language } = useTranslation();
  const format = useFormatters();
  const [kind, setKind] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const filters = {
    ...params,
    ...(kind ? { kind } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const query = useInfiniteQuery(historyQuery(filters));
  const exporting = useMutation({
    mutationFn: () => exportHistory(filters),
    onSuccess: (blob) => download(blob, `${t('analytics.exportFile')}-${params.from}-${params.to}.csv`),
    onError: (error) => notifyError(errorText(error)),
  });
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds, language));
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs" align="end">
        <Title order={2} size="h5">
          {t('analytics.history')}
        </Title>
        <Group align="end">
          <TextInput
            label={t('analytics.searchCustomer')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            size="xs"
          />
          <Select
            label={t('analytics.channelFilter')}
            data={CHANNEL_KINDS.map((k) => ({ value: k, label: t(`channelKinds.${k}`) }))}
            value={kind}
            onChange={setKind}
            clearable
            size="xs"
          />
          <Button
            variant="light"
            size="xs"
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="analytics-export"
          >
            {t('analytics.export')}
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover data-testid="analytics-history">
          <Table.Thead>
            <Table.Tr>
              {(
                [
                  'finished',
                  'customer',
                  'attendant',
                  'channel',
                  'firstResponse',
                  'resolution',
                  'messages',
                  'events',
                ] as const
              ).map((column) => (
                <Table.Th key={column} scope="col">
                  {t(`analytics.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{format.dateTime(row.finished_at)}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={pathTo('conversation.messages', { contactId: row.contact.id })}
                  >
                    {row.contact.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.user?.name ?? '—'}</Table.Td>
                <Table.Td>{row.kind ? t(`channelKinds.${row.kind}`) : '—'}</Table.Td>
                <Table.Td>{duration(row.first_response_seconds)}</Table.Td>
                <Table.Td>{duration(row.resolution_seconds)}</Table.Td>
                <Table.Td>
                  {t('analytics.messagesInOut', { in: row.messages_in, out: row.messages_out })}
                </Table.Td>
                <Table.Td>{row.events.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" size="sm" mt="xs">
          {t('analytics.noHistory')}
        </Text>
      )}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          mt="xs"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('analytics.more')}
        </Button>
      )}
    </Paper>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const seesOthers = holds(user, 'analytics.see_others');
  const period = usePeriod();
  const [subject, setSubject] = useState(() => (seesOthers ? 'company' : `user:${user?.id ?? ''}`));
  const params: AnalyticsParams = { from: period.from, to: period.to, ...subjectParams(subject) };
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  return (
    <Stack p="md" gap="md" data-testid="analytics-page">
      <Title order={1} size="h3">
        {t('analytics.title')}
      </Title>
      <Group align="end">
        <DateField
          label={t('analytics.from')}
          value={period.from}
          max={period.to}
          onChange={period.setFrom}
          testId="analytics-from"
        />
        <DateField
          label={t('analytics.to')}
          value={period.to}
          min={period.from}
          onChange={period.setTo}
          testId="analytics-to"
        />
        {seesOthers && <SubjectPicker value={subject} onChange={setSubject} />}
      </Group>
      {valid ? (
        <>
          <Title order={2} size="h4">
            {t('analytics.performance')}
          </Title>
          <PerformanceCards params={params} />
          <Title order={2} size="h4">
            {t('analytics.dayStats')}
          </Title>
          <DayStatistics params={params} />
          <History params={params} />
        </>
      ) : (
        <Text c="red" role="alert">
          {t('analytics.invalidPeriod')}
        </Text>
      )}
    </Stack>
  );
}

// Center › Campaigns › one campaign, live (issue 27): its counts (dialled, answered, abandoned and the abandon
// rate, flagged past ABANDON_RATE_LIMIT, remaining, in progress, each outcome), whether its customers' clocks
// allow calling now, each attendant's state, the power ratio (changeable while it is not finished), pause /
// resume / finish, and its attempts, newest first, a page at a time. Read again on `campaign.changed`.
import {
  ABANDON_RATE_LIMIT,
  CAMPAIGN_OUTCOMES,
  CAMPAIGN_RATIO,
  type CampaignAttempt,
  type CampaignLive,
  type CampaignStats,
} from '@atende/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AlertTriangleIcon, ArrowLeftIcon } from '../../../components/Icons.tsx';
import { QueryBody } from '../../../components/QueryBody.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { pathTo } from '../../../lib/routes.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { CenterSection } from '../CenterSection.tsx';
import { attemptsQuery, CAMPAIGNS_KEY, campaignLiveQuery, changeRatio } from './campaign-api.ts';
import { useCampaignsLive } from './campaign-live.ts';
import { abandonTooHigh, AbandonRate, CampaignStatusBadge, formatRate } from './campaign-status.tsx';
import { CampaignActions } from './CampaignActions.tsx';

const COUNTS = ['total', 'dialled', 'answered', 'abandoned', 'remaining', 'in_progress'] as const;

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {children}
      </Text>
    </Card>
  );
}

function Stats({ stats }: { stats: CampaignStats }) {
  const { t, language } = useTranslation();
  const outcomes = CAMPAIGN_OUTCOMES.filter((outcome) => (stats.outcomes[outcome] ?? 0) > 0);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {COUNTS.map((name) => (
          <Stat key={name} label={t(`centerCampaigns.stats.${name}`)} testId={`stat-${name}`}>
            {stats[name]}
          </Stat>
        ))}
        <Stat label={t('centerCampaigns.stats.abandon_rate')} testId="stat-abandon_rate">
          <AbandonRate rate={stats.abandon_rate} />
        </Stat>
      </SimpleGrid>
      {abandonTooHigh(stats.abandon_rate) && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertTriangleIcon />}
          data-testid="campaign-abandon-warning"
        >
          {t('centerCampaigns.live.abandonWarning', { limit: formatRate(ABANDON_RATE_LIMIT, language) })}
        </Alert>
      )}
      {outcomes.length > 0 && (
        <Group gap={6} data-testid="campaign-outcomes">
          {outcomes.map((outcome) => (
            <Badge key={outcome} variant="outline" color="gray">
              {t(`campaigns.outcomes.${outcome}`)}: {stats.outcomes[outcome]}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function RatioControl({ live }: { live: CampaignLive }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { campaign } = live;
  const [ratio, setRatio] = useState<number>(campaign.ratio);
  const change = useMutation({
    mutationFn: () => changeRatio(campaign.id, ratio),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
  const valid = ratio >= CAMPAIGN_RATIO.min && ratio <= CAMPAIGN_RATIO.max;
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label={t('centerCampaigns.form.ratio')}
        value={ratio}
        min={CAMPAIGN_RATIO.min}
        max={CAMPAIGN_RATIO.max}
        step={0.1}
        decimalScale={1}
        onChange={(value) => setRatio(Number(value) || 0)}
        error={
          valid ? (change.isError ? errorText(change.error) : undefined) : t('centerCampaigns.errors.ratio')
        }
        w={160}
      />
      <Button
        variant="light"
        onClick={() => change.mutate()}
        disabled={!valid || ratio === campaign.ratio}
        loading={change.isPending}
        data-testid="campaign-ratio-save"
      >
        {t('centerCampaigns.live.applyRatio')}
      </Button>
    </Group>
  );
}

function Agents({ live }: { live: CampaignLive }) {
  const { t } = useTranslation();
  return (
    <Table data-testid="campaign-agents">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('centerCampaigns.live.agent')}</Table.Th>
          <Table.Th>{t('centerCampaigns.live.state')}</Table.Th>
          <Table.Th>{t('centerCampaigns.live.customer')}</Table.Th>
          <Table.Th>{t('centerCampaigns.live.calls')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {live.agents.map((agent) => (
          <Table.Tr key={agent.user_id} data-testid="campaign-agent">
            <Table.Td>{agent.name}</Table.Td>
            <Table.Td>{t(`centerCampaigns.agentStates.${agent.state}`)}</Table.Td>
            <Table.Td>{agent.contact_name ?? ''}</Table.Td>
            <Table.Td>{agent.calls}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AttemptRows({ attempts }: { attempts: CampaignAttempt[] }) {
  const { t, language } = useTranslation();
  const timeZone = useCurrentUser()?.timezone;
  return (
    <Table.Tbody>
      {attempts.map((attempt) => (
        <Table.Tr key={attempt.id} data-testid="campaign-attempt">
          <Table.Td>{formatDateTime(attempt.started_at, { language, timeZone })}</Table.Td>
          <Table.Td>{attempt.contact_name}</Table.Td>
          <Table.Td>{attempt.number}</Table.Td>
          <Table.Td>{attempt.try_number}</Table.Td>
          <Table.Td>{attempt.user?.name ?? ''}</Table.Td>
          <Table.Td>
            {attempt.outcome
              ? t(`campaigns.outcomes.${attempt.outcome}`)
              : t('centerCampaigns.attempts.inProgress')}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** The attempts, a page at a time: the cursors of the pages already seen lead back. */
function Attempts({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useQuery(attemptsQuery(campaignId, cursor));
  return (
    <CenterSection
      title={t('centerCampaigns.attempts.title')}
      description={t('centerCampaigns.attempts.description')}
    >
      <QueryBody query={page}>
        {(data) =>
          data.data.length === 0 ? (
            <Text c="dimmed" data-testid="campaign-attempts-empty">
              {t('centerCampaigns.attempts.empty')}
            </Text>
          ) : (
            <Stack gap="xs">
              <Table.ScrollContainer minWidth={640}>
                <Table data-testid="campaign-attempts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('centerCampaigns.attempts.when')}</Table.Th>
                      <Table.Th>{t('centerCampaigns.attempts.customer')}</Table.Th>
                      <Table.Th>{t('centerCampaigns.attempts.number')}</Table.Th>
                      <Table.Th>{t('centerCampaigns.attempts.try')}</Table.Th>
                      <Table.Th>{t('centerCampaigns.attempts.attendant')}</Table.Th>
                      <Table.Th>{t('centerCampaigns.attempts.outcome')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <AttemptRows attempts={data.data} />
                </Table>
              </Table.ScrollContainer>
              <Group justify="flex-end" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((seen) => seen.slice(0, -1))}
                  data-testid="attempts-previous"
                >
                  {t('centerCampaigns.attempts.previous')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={data.next_cursor === null}
                  onClick={() => data.next_cursor && setCursors((seen) => [...seen, data.next_cursor])}
                  data-testid="attempts-next"
                >
                  {t('centerCampaigns.attempts.next')}
                </Button>
              </Group>
            </Stack>
          )
        }
      </QueryBody>
    </CenterSection>
  );
}

function LiveView({ live }: { live: CampaignLive }) {
  const { t } = useTranslation();
  const { campaign } = live;
  return (
    <Stack gap="md">
      <CenterSection
        title={campaign.name}
        description={t('centerCampaigns.live.description', {
          list: campaign.list_name,
          mode: t(`campaigns.modes.${campaign.mode}`),
        })}
        action={
          <Group gap={6}>
            <CampaignStatusBadge status={campaign.status} />
            <CampaignActions campaign={campaign} />
          </Group>
        }
      >
        <Stack gap="md">
          {campaign.status === 'running' && (
            <Group gap="xs">
              <Badge
                color={live.within_hours ? 'green' : 'gray'}
                variant="dot"
                data-testid="campaign-within-hours"
                data-within={live.within_hours}
              >
                {t(
                  live.within_hours
                    ? 'centerCampaigns.live.withinHours'
                    : 'centerCampaigns.live.outsideHours',
                  {
                    start: campaign.calling_hours.start,
                    end: campaign.calling_hours.end,
                  },
                )}
              </Badge>
              {campaign.stats.remaining > 0 && (
                <Text size="sm" c="dimmed" data-testid="campaign-callable">
                  {t('centerCampaigns.live.callable', {
                    callable: live.callable,
                    remaining: campaign.stats.remaining,
                  })}
                </Text>
              )}
            </Group>
          )}
          <Stats stats={campaign.stats} />
          {campaign.mode === 'power' && campaign.status !== 'finished' && (
            <RatioControl key={campaign.ratio} live={live} />
          )}
        </Stack>
      </CenterSection>
      <CenterSection
        title={t('centerCampaigns.live.agentsTitle')}
        description={t('centerCampaigns.live.agentsDescription')}
      >
        <Agents live={live} />
      </CenterSection>
      <Attempts campaignId={campaign.id} />
    </Stack>
  );
}

export function CampaignLivePage() {
  const { t } = useTranslation();
  const { campaignId = '' } = useParams();
  const live = useQuery(campaignLiveQuery(campaignId));
  useCampaignsLive();
  return (
    <Stack gap="sm">
      <Group>
        <Button
          component={Link}
          to={pathTo('center.campaigns')}
          variant="subtle"
          leftSection={<ArrowLeftIcon />}
        >
          {t('centerCampaigns.live.back')}
        </Button>
      </Group>
      <QueryBody query={live}>{(data) => <LiveView live={data} />}</QueryBody>
    </Stack>
  );
}

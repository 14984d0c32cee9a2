// A call with the customer (its CDR) as the conversation timeline shows it between messages, compact and
// centred like a registered event: the direction, how long it was talked (or that nobody answered; while it
// rings or goes on, that it does: the card follows the call live), the operator, the colleague it was
// transferred to and the call reason it was classified with.
import type { CallRecord } from '@atende/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { TimelineEventCard } from './TimelineEventCard.tsx';
import { formatElapsed } from '../../pause/pause-clock.ts';

export function CallCard({ call }: { call: CallRecord }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const answered = call.answered_at !== null;
  const live = call.state !== 'ended';
  const duration = live
    ? t(call.state === 'ringing' ? 'softphone.timeline.ringing' : 'softphone.status.in_progress')
    : answered
      ? formatElapsed(call.talk_seconds)
      : t('softphone.timeline.unanswered');
  return (
    <TimelineEventCard data-testid="timeline-call" data-call-state={call.state}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge size="sm" variant="light" color={live ? 'blue' : answered ? 'teal' : 'red'}>
            {t('softphone.timeline.badge')}
          </Badge>
          <Text size="sm" fw={600} truncate>
            {t(`softphone.timeline.direction.${call.direction}`)}
          </Text>
        </Group>
        <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="call-duration">
          {duration}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('softphone.timeline.meta', {
          time: format.time(call.started_at),
          operator: call.operator_name ?? t('softphone.timeline.noOperator'),
          reason: call.reason_name ?? t('softphone.timeline.noReason'),
        })}
      </Text>
      {call.transferred_to_name && (
        <Text size="xs" c="dimmed" data-testid="call-transferred">
          {t('softphone.timeline.transferredTo', { name: call.transferred_to_name })}
        </Text>
      )}
      {call.notes && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {call.notes}
        </Text>
      )}
    </TimelineEventCard>
  );
}

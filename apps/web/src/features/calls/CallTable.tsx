// A call history's table (the company's, a customer's): when, direction and type, the customer's number and
// name, the operator, the talk time, what became of the call and its classification. A call with a customer
// opens their conversation (the whole row, and the customer's link for the keyboard).
import type { CallRecord } from '@atende/contract';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { useFormatters } from '../../lib/use-formatters.ts';
import { formatElapsed } from '../pause/pause-clock.ts';
import { customerNumber, OUTCOME_COLOUR, outcomeOf } from './call-outcome.ts';

function CallRow({ call, showCustomer }: { call: CallRecord; showCustomer: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const outcome = outcomeOf(call);
  const conversation = call.contact_id && pathTo('conversation.messages', { contactId: call.contact_id });
  const cause = outcome === 'unanswered' && call.hangup_cause ? t(`calls.causes.${call.hangup_cause}`) : null;
  return (
    <Table.Tr
      data-testid="call-row"
      data-call-id={call.id}
      style={conversation ? { cursor: 'pointer' } : undefined}
      onClick={conversation ? () => void navigate(conversation) : undefined}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(call.started_at)}</Table.Td>
      <Table.Td>
        <Text size="sm">{t(`softphone.timeline.direction.${call.direction}`)}</Text>
        <Text size="xs" c="dimmed">
          {t(`calls.types.${call.type_id}`)}
        </Text>
      </Table.Td>
      <Table.Td ff="monospace" data-testid="call-row-number">
        {customerNumber(call)}
      </Table.Td>
      {showCustomer && (
        <Table.Td>
          {conversation ? (
            <Anchor component={Link} to={conversation} size="sm" onClick={(event) => event.stopPropagation()}>
              {call.contact_name}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {t('calls.unknownCustomer')}
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td>{call.operator_name ?? t('softphone.timeline.noOperator')}</Table.Td>
      <Table.Td ff="monospace" data-testid="call-row-duration">
        {call.answered_at ? formatElapsed(call.talk_seconds) : '—'}
      </Table.Td>
      <Table.Td>
        <Badge color={OUTCOME_COLOUR[outcome]} variant="light" data-testid="call-row-outcome">
          {t(`calls.outcomes.${outcome}`)}
        </Badge>
        {outcome === 'transferred' && call.transferred_to_name && (
          <Text size="xs" c="dimmed">
            {t('softphone.timeline.transferredTo', { name: call.transferred_to_name })}
          </Text>
        )}
        {cause && (
          <Text size="xs" c="dimmed">
            {cause}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="call-row-reason">
        {call.reason_name ?? (
          <Text size="sm" c="dimmed">
            {t('softphone.timeline.noReason')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function CallTable({ calls, showCustomer }: { calls: CallRecord[]; showCustomer: boolean }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={showCustomer ? 900 : 720}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="call-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('calls.columns.when')}</Table.Th>
            <Table.Th>{t('calls.columns.direction')}</Table.Th>
            <Table.Th>{t('calls.columns.number')}</Table.Th>
            {showCustomer && <Table.Th>{t('calls.columns.customer')}</Table.Th>}
            <Table.Th>{t('calls.columns.operator')}</Table.Th>
            <Table.Th>{t('calls.columns.duration')}</Table.Th>
            <Table.Th>{t('calls.columns.outcome')}</Table.Th>
            <Table.Th>{t('calls.columns.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <CallRow key={call.id} call={call} showCustomer={showCustomer} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

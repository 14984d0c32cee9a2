// The online SIP operators modal (spec §2): who of the company is registered with the PBX now and whether
// they are free, on a call, wrapping up or paused, with how long. Asked once as it opens, then kept live by
// the realtime `phone.operators` event (Softphone.tsx).
import type { OnlineOperator, OperatorState } from '@atende/contract';
import { Badge, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n.ts';
import { elapsedSeconds, formatElapsed } from '../pause/pause-clock.ts';
import { useNow } from '../pause/use-now.ts';
import { usePhoneStore } from './phone-store.ts';
import { operatorsQuery } from './softphone-api.ts';

const STATE_COLOR: Record<OperatorState, string> = {
  available: 'green',
  on_call: 'blue',
  wrap_up: 'orange',
  paused: 'gray',
};

function OperatorRows({ operators }: { operators: OnlineOperator[] }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Table.Tbody>
      {operators.map((operator) => (
        <Table.Tr key={operator.user_id} data-testid="online-operator">
          <Table.Td>{operator.name}</Table.Td>
          <Table.Td>{operator.sip_username}</Table.Td>
          <Table.Td>
            <Badge color={STATE_COLOR[operator.state]} variant="light">
              {t(`softphone.operators.states.${operator.state}`)}
            </Badge>
          </Table.Td>
          <Table.Td ff="monospace">
            {operator.since ? formatElapsed(elapsedSeconds(operator.since, now)) : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

export function OperatorsModal() {
  const { t } = useTranslation();
  const opened = usePhoneStore((state) => state.operatorsOpen);
  const setOpen = usePhoneStore((state) => state.setOperatorsOpen);
  const operators = useQuery({ ...operatorsQuery, enabled: opened });
  const list = operators.data?.data ?? [];
  return (
    <Modal opened={opened} onClose={() => setOpen(false)} title={t('softphone.operators.title')} size="lg">
      {operators.isSuccess && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('softphone.operators.empty')}
        </Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('softphone.operators.name')}</Table.Th>
              <Table.Th>{t('softphone.operators.extension')}</Table.Th>
              <Table.Th>{t('softphone.operators.state')}</Table.Th>
              <Table.Th>{t('softphone.operators.since')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <OperatorRows operators={list} />
        </Table>
      )}
    </Modal>
  );
}

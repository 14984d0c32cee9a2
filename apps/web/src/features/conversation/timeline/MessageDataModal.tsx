// The message data panel (spec §2): where a message came from and how its delivery went — direction, channel,
// address and line, the provider's id, status and failure reason, sender, when it was read — with dates in the
// user's language and time zone.
import type { MessageMetaData } from '@atende/contract';
import { Modal, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { failureReasonText } from './failure-reason.ts';
import { fetchMetaData } from './message-api.ts';
import { QueryBody } from '../../../components/QueryBody.tsx';

export interface MessageDataModalProps {
  contactId: string;
  messageId: string | null;
  onClose: () => void;
}

function MetaDataTable({ data }: { data: MessageMetaData }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const none = t('messageData.none');
  const sender =
    data.sender.type === 'customer' ? t('timeline.customer') : (data.sender.name ?? t('messageData.system'));
  const rows: [string, ReactNode][] = [
    [t('messageData.direction'), t(`messageData.directions.${data.direction}`)],
    [t('messageData.channel'), t(`channelKinds.${data.channel.type}`)],
    [t('messageData.address'), data.channel.address ?? none],
    [t('messageData.line'), data.channel.line ?? none],
    [t('messageData.sender'), sender],
    [t('messageData.status'), t(`timeline.status.${data.status}`)],
    [t('messageData.failureReason'), data.failure_reason ? failureReasonText(data.failure_reason, t) : none],
    [t('messageData.providerId'), data.provider_message_id ?? none],
    [t('messageData.clientId'), data.client_id ?? none],
    [t('messageData.readAt'), data.read_at ? format.dateTime(data.read_at) : none],
    [t('messageData.createdAt'), format.dateTime(data.created_at)],
    [t('messageData.updatedAt'), format.dateTime(data.updated_at)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="message-data">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" fw={500} c="dimmed" scope="row">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function MessageDataModal({ contactId, messageId, onClose }: MessageDataModalProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...conversationKeys.message(contactId, messageId ?? ''), 'meta-data'],
    queryFn: ({ signal }) => fetchMetaData(contactId, messageId ?? '', signal),
    enabled: messageId !== null,
    // Status and read time change: each opening shows them as they are now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Modal opened={messageId !== null} onClose={onClose} title={t('messageData.title')} size="lg">
      <QueryBody query={query}>{(data) => <MetaDataTable data={data} />}</QueryBody>
    </Modal>
  );
}

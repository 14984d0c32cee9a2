// The waiting queue view of the contact column: who is waiting (the segments the user serves, their teams'
// included, first; then priority, then longest wait: the server's order), how many, and the button that
// takes the next one.
import { Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ArrowForwardIcon } from '../../components/Icons.tsx';
import { WAITING_LIST_SIZE } from '@atende/contract';
import { formatMessageTime } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { waitingQueueQuery } from '../contacts/contact-queries.ts';
import { ContactListItem } from '../contacts/ContactListItem.tsx';
import { useOpenContactId } from '../contacts/ContactList.tsx';
import { useCurrentUser } from '../../lib/session-store.ts';
import { useTakeNext } from './use-take-next.ts';

export function WaitingQueuePanel() {
  const { t, language } = useTranslation();
  const user = useCurrentUser();
  const openId = useOpenContactId();
  const queue = useQuery(waitingQueueQuery);
  const takeNext = useTakeNext();
  const timeZone = user?.timezone;
  const formatTime = useCallback(
    (value: string) => formatMessageTime(value, timeZone ? { language, timeZone } : { language }),
    [language, timeZone],
  );
  const count = queue.data?.count ?? 0;
  const rows = queue.data?.data ?? [];

  return (
    <Stack gap={0} h="100%" data-testid="waiting-queue">
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" data-testid="waiting-queue-count">
          {t('queue.waitingCount', { total: count })}
        </Text>
        <Button
          size="xs"
          leftSection={<ArrowForwardIcon size={14} />}
          onClick={() => takeNext.mutate()}
          loading={takeNext.isPending}
          disabled={count === 0}
        >
          {t('queue.takeNext')}
        </Button>
      </Group>
      {queue.isPending ? (
        <Center p="md">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Center>
      ) : rows.length === 0 ? (
        <Center p="md">
          <Text size="sm" c="dimmed">
            {t('queue.empty')}
          </Text>
        </Center>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <div role="list" aria-label={t('queue.listLabel')}>
            {rows.map((contact) => (
              <div role="listitem" key={contact.id}>
                <ContactListItem
                  contact={contact}
                  active={contact.id === openId}
                  viewerId={user?.id ?? ''}
                  formatTime={formatTime}
                />
              </div>
            ))}
          </div>
          {count > rows.length && (
            <Text size="xs" c="dimmed" ta="center" p="sm">
              {t('queue.more', { shown: Math.min(rows.length, WAITING_LIST_SIZE), total: count })}
            </Text>
          )}
        </ScrollArea>
      )}
    </Stack>
  );
}

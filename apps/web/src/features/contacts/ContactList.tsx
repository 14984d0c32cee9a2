// A virtualised list of contacts (react-virtuoso): only the rows in view (plus a small margin) are in the
// DOM, so thousands of contacts scroll smoothly; the next page is fetched as the end comes into view.
import { DEFAULT_TIMEZONE, type ContactPage, type ContactSummary } from '@atende/contract';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useMatch } from 'react-router';
import { Virtuoso } from 'react-virtuoso';
import { ROUTES } from '../../lib/routes.ts';
import { formatMessageTime } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/session-store.ts';

import { useAbility } from '../../lib/abilities.ts';
import { BulkActionsBar } from './BulkActionsBar.tsx';
import { ContactListItem } from './ContactListItem.tsx';
import { useListKeyboard } from './use-list-keyboard.ts';
import { useSelection } from './selection-store.ts';

/** The contact whose conversation is open, if any (highlighted in every list). */
export function useOpenContactId(): string | null {
  const match = useMatch({ path: ROUTES['conversation.messages'].path, end: false });
  return match?.params.contactId ?? null;
}

/** Rows rendered beyond the visible area, in pixels, so a fast wheel does not show blank space. */
const OVERSCAN_PX = 400;
const ROW_HEIGHT_PX = 77;

interface ContactListProps {
  query: UseInfiniteQueryResult<InfiniteData<ContactPage, unknown>>;
  empty: string;
  label: string;
}

export function ContactList({ query, empty, label }: ContactListProps) {
  const { t, language } = useTranslation();
  const user = useCurrentUser();
  const viewerId = user?.id ?? '';
  const timeZone = user?.timezone ?? DEFAULT_TIMEZONE;
  const openId = useOpenContactId();
  const selects = useAbility('conversations.bulk');
  const selected = useSelection((state) => state.ids);
  const toggle = useSelection((state) => state.toggle);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError, refetch } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const keyboard = useListKeyboard(rows, openId);
  const { tabbableId } = keyboard;
  // Stable while scrolling, so memoised rows re-render only when their contact changes.
  const formatTime = useCallback(
    (value: string) => formatMessageTime(value, { language, timeZone }),
    [language, timeZone],
  );

  const handleEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const renderRow = useCallback(
    (_: number, contact: ContactSummary) => (
      <ContactListItem
        contact={contact}
        active={contact.id === openId}
        viewerId={viewerId}
        formatTime={formatTime}
        tabIndex={contact.id === tabbableId ? 0 : -1}
        selection={selects ? { selected: selected.has(contact.id), onToggle: toggle } : undefined}
      />
    ),
    [openId, viewerId, formatTime, tabbableId, selects, selected, toggle],
  );
  const components = useMemo(
    () => ({
      Footer: () =>
        isFetchingNextPage ? (
          <Center p="sm">
            <Loader size="xs" role="status" aria-label={t('common.loading')} />
          </Center>
        ) : null,
    }),
    [isFetchingNextPage, t],
  );

  if (isPending) {
    return (
      <Center h="100%" p="md">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (isError && rows.length === 0) {
    return (
      <Center h="100%" p="md">
        <Stack align="center" gap="xs">
          <Text size="sm" c="dimmed" ta="center">
            {t('contacts.loadError')}
          </Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t('contacts.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }
  if (rows.length === 0) {
    return (
      <Center h="100%" p="md">
        <Text size="sm" c="dimmed" ta="center" data-testid="contact-list-empty">
          {empty}
        </Text>
      </Center>
    );
  }

  return (
    <Stack gap={0} h="100%">
      {selects && <BulkActionsBar />}
      <div
        ref={keyboard.container}
        style={{ flex: 1, minHeight: 0 }}
        onKeyDown={keyboard.handleKeyDown}
        onFocus={keyboard.handleFocus}
      >
        <Virtuoso
          ref={keyboard.virtuoso}
          // The rows are the list's one Tab stop (roving tabindex), not the scroller.
          tabIndex={-1}
          style={{ height: '100%' }}
          data={rows}
          computeItemKey={(_, contact) => contact.id}
          itemContent={renderRow}
          endReached={handleEndReached}
          increaseViewportBy={OVERSCAN_PX}
          defaultItemHeight={ROW_HEIGHT_PX}
          role="group"
          aria-label={label}
          data-testid="contact-list"
          components={components}
        />
      </div>
    </Stack>
  );
}

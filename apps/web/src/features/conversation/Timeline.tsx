// The conversation's history, messages and registered events, oldest at the top and newest at the bottom,
// virtualised so thousands of messages stay smooth. Older pages load when the top is reached without moving
// what the user reads (Virtuoso's firstItemIndex counts the rows added above the first row shown); new items
// follow the bottom only when the user is there, otherwise a button offers to jump to them.
import type { Message } from '@atende/contract';
import { Box, Button, Center, Divider, Loader, Text } from '@mantine/core';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useTranslation } from '../../lib/i18n.ts';
import { EventCard } from '../events/EventCard.tsx';
import { useFormatters } from '../session/use-formatters.ts';
import { ArrowDownIcon } from './ConversationIcons.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { buildRows, type TimelineRow } from './timeline-rows.ts';
import { itemKey, type Timeline as TimelineData } from './timeline-store.ts';

/** Large enough that prepending never takes the first index below zero. */
const BASE_INDEX = 10_000_000;

export interface TimelineHandle {
  /** Scrolls to the newest message (after the user sends one). */
  scrollToBottom: () => void;
  /** Scrolls to a message when it is loaded; answers whether it was. */
  scrollToMessage: (messageId: string) => boolean;
}

export interface TimelineProps {
  timeline: TimelineData;
  timeZone: string;
  channelId: string | null;
  highlight: string | null;
  focusedId: string | null;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (message: Message) => void;
}

export const Timeline = forwardRef<TimelineHandle, TimelineProps>(function Timeline(
  { timeline, timeZone, channelId, highlight, focusedId, loadingOlder, onLoadOlder, onRetry },
  ref,
) {
  const { t } = useTranslation();
  const format = useFormatters();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const rows = useMemo(
    () => buildRows(timeline.items, timeZone, channelId),
    [timeline.items, timeZone, channelId],
  );

  // The first row rendered is the anchor; rows added above it lower the first index by as many.
  const anchor = useRef<string | null>(null);
  let anchorIndex = anchor.current ? rows.findIndex((row) => row.key === anchor.current) : -1;
  if (anchorIndex === -1) {
    anchor.current = rows.find((row) => row.kind !== 'day')?.key ?? null;
    anchorIndex = anchor.current ? rows.findIndex((row) => row.key === anchor.current) : 0;
  }
  const firstItemIndex = BASE_INDEX - anchorIndex;

  const [atBottom, setAtBottom] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const newest = timeline.items[0];
  const newestId = newest && itemKey(newest);
  const lastNewest = useRef(newestId);
  useEffect(() => {
    if (newestId === lastNewest.current) return;
    lastNewest.current = newestId;
    if (!atBottom) setUnseen((count) => count + 1);
  }, [newestId, atBottom]);

  const scrollToBottom = useCallback(() => {
    setUnseen(0);
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToBottom,
      scrollToMessage: (messageId) => {
        const index = rows.findIndex((row) => row.key === messageId);
        if (index === -1) return false;
        virtuoso.current?.scrollToIndex({ index, align: 'center' });
        return true;
      },
    }),
    [rows, scrollToBottom],
  );

  const renderRow = useCallback(
    (_index: number, row: TimelineRow) =>
      row.kind === 'day' ? (
        <Box px="md" py="xs">
          <Divider label={format.longDate(row.at)} labelPosition="center" data-testid="day-separator" />
        </Box>
      ) : row.kind === 'event' ? (
        <Box px="md" py={6}>
          <EventCard event={row.event} compact />
        </Box>
      ) : (
        <MessageBubble
          message={row.message}
          time={format.time(row.message.created_at)}
          highlight={highlight}
          focused={row.message.id === focusedId}
          onRetry={onRetry}
        />
      ),
    [format, highlight, focusedId, onRetry],
  );

  if (rows.length === 0) {
    return (
      <Center style={{ flex: 1 }}>
        <Text c="dimmed" size="sm">
          {t(channelId ? 'timeline.emptyChannel' : 'timeline.empty')}
        </Text>
      </Center>
    );
  }

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0 }} data-testid="timeline">
      <Virtuoso
        ref={virtuoso}
        style={{ height: '100%' }}
        data={rows}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={rows.length - 1}
        alignToBottom
        computeItemKey={(_index, row) => row.key}
        itemContent={renderRow}
        startReached={() => {
          if (timeline.hasMore && !loadingOlder) onLoadOlder();
        }}
        followOutput={(bottom) => (bottom ? 'auto' : false)}
        atBottomStateChange={(bottom) => {
          setAtBottom(bottom);
          if (bottom) setUnseen(0);
        }}
        atBottomThreshold={80}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        components={{
          Header: () =>
            loadingOlder ? (
              <Center py="sm">
                <Loader size="sm" aria-label={t('common.loading')} />
              </Center>
            ) : (
              <Box h={8} />
            ),
          Footer: () => <Box h={8} />,
        }}
      />
      {unseen > 0 && !atBottom && (
        <Button
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          size="xs"
          radius="xl"
          leftSection={<ArrowDownIcon size={14} />}
          onClick={scrollToBottom}
          data-testid="new-messages"
        >
          {t('timeline.newMessages', { count: unseen })}
        </Button>
      )}
    </Box>
  );
});

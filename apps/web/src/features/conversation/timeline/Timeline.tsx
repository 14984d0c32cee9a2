// The conversation's history, messages and registered events (the CSAT request's card under its message),
// oldest at the top and newest at the bottom, virtualised so thousands of messages stay smooth. Older pages
// load while fewer than PREFETCH_ROWS rows are left above the screen, one after another as long as the user
// stays there, without moving what the user reads (Virtuoso's firstItemIndex counts the rows added above the
// first row shown); new items follow the bottom only when the user is there, otherwise a button offers to jump
// to them. Every prop handed to Virtuoso is stable, so a scroll or a new page renders only the rows that came
// into view.
import { ITEMS_PAGE_SIZE, type Csat, type Message } from '@atende/contract';
import { Box, Button, Center, Divider, Loader, Text } from '@mantine/core';
import {
  forwardRef,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  lazy,
  Suspense,
} from 'react';
import { Virtuoso, type ListRange, type VirtuosoHandle } from 'react-virtuoso';
import { useTranslation } from '../../../lib/i18n.ts';
import { EventCard } from '../../../components/EventCard.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { ArrowDownIcon } from '../ConversationIcons.tsx';
import { CsatCard } from './CsatCard.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { useMessageActions } from './message-actions-context.tsx';
import { buildRows, type TimelineRow } from './timeline-rows.ts';
import { TimelineSettledContext } from './timeline-settled.ts';
import { itemKey, type Timeline as TimelineData } from './timeline-store.ts';

/** Large enough that prepending never takes the first index below zero. */
// A call card appears only in the conversations of customers with calls: loaded with the first one.
const CallCard = lazy(() => import('./CallCard.tsx').then((module) => ({ default: module.CallCard })));

const BASE_INDEX = 10_000_000;
/**
 * The next older page is asked for while fewer rows than this are left above the first one rendered: well
 * ahead of a reader scrolling up, and more than the screen shows when a conversation opens (that first page
 * alone is enough).
 */
export const PREFETCH_ROWS = ITEMS_PAGE_SIZE / 2;

const OVERSCAN = { top: 400, bottom: 200 };
const followBottom = (bottom: boolean) => (bottom ? ('auto' as const) : false);

interface ListContext {
  loadingOlder: boolean;
}

const rowKey = (_index: number, row: TimelineRow) => row.key;

/** Declared once: a component made inline would be a new type, and remounted, on every render. */
const LIST_COMPONENTS = {
  Header: function TimelineHeader({ context }: { context: ListContext }) {
    const { t } = useTranslation();
    return context.loadingOlder ? (
      <Center py="sm">
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Center>
    ) : (
      <Box h={8} />
    );
  },
  Footer: function TimelineFooter() {
    return <Box h={8} />;
  },
};

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
  /** The conversation's CSAT request: its card shows under the message that carried it. */
  csat?: Csat | null;
}

export const Timeline = forwardRef<TimelineHandle, TimelineProps>(function Timeline(
  { timeline, timeZone, channelId, highlight, focusedId, loadingOlder, onLoadOlder, onRetry, csat = null },
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

  // Older pages keep coming while the user stays near the top: checked when the rendered range moves and
  // when items land (the next page then goes out at once if the user is still there; a page may also add no
  // row under a channel filter). A failed page adds nothing, so it is asked again only when the user scrolls.
  // Virtuoso may call back with an earlier render's callback, so the check reads the latest values from a ref.
  const paging = useRef({
    rangeStart: null as number | null,
    firstItemIndex,
    hasMore: timeline.hasMore,
    onLoadOlder,
  });
  useLayoutEffect(() => {
    Object.assign(paging.current, { firstItemIndex, hasMore: timeline.hasMore, onLoadOlder });
  });
  const loadOlderWhenNearTop = useCallback(() => {
    const { rangeStart, firstItemIndex: first, hasMore, onLoadOlder: load } = paging.current;
    if (rangeStart !== null && hasMore && rangeStart - first < PREFETCH_ROWS) load();
  }, []);
  const handleRangeChanged = useCallback(
    (range: ListRange) => {
      paging.current.rangeStart = range.startIndex;
      loadOlderWhenNearTop();
    },
    [loadOlderWhenNearTop],
  );
  const loadedItems = timeline.items.length;
  useEffect(loadOlderWhenNearTop, [loadedItems, loadOlderWhenNearTop]);

  // Bubbles mounted while the list moves defer their menus until it rests (timeline-settled.ts). Moving is
  // told at once (a transition would wait behind the scroll's own renders); resting mounts the menus as an
  // interruptible transition, so a stop does not freeze the screen either.
  const [settled, setSettled] = useState(true);
  const handleScrolling = useCallback((scrolling: boolean) => {
    if (scrolling) setSettled(false);
    else startTransition(() => setSettled(true));
  }, []);
  const listContext = useMemo<ListContext>(() => ({ loadingOlder }), [loadingOlder]);

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

  const handleAtBottom = useCallback((bottom: boolean) => {
    setAtBottom(bottom);
    if (bottom) setUnseen(0);
  }, []);

  const scrollToBottom = useCallback(() => {
    setUnseen(0);
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, []);

  const scrollToMessage = useCallback(
    (messageId: string) => {
      const index = rows.findIndex((row) => row.key === messageId);
      if (index === -1) return false;
      virtuoso.current?.scrollToIndex({ index, align: 'center' });
      return true;
    },
    [rows],
  );
  useImperativeHandle(ref, () => ({ scrollToBottom, scrollToMessage }), [scrollToMessage, scrollToBottom]);
  // A quote's excerpt brings the message it quotes into view through this.
  const { setShowMessage } = useMessageActions();
  useEffect(() => setShowMessage(scrollToMessage), [setShowMessage, scrollToMessage]);

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
      ) : row.kind === 'call' ? (
        <Box px="md" py={6}>
          <Suspense fallback={null}>
            <CallCard call={row.call} />
          </Suspense>
        </Box>
      ) : (
        <>
          <MessageBubble
            message={row.message}
            time={format.time(row.message.created_at)}
            highlight={highlight}
            focused={row.message.id === focusedId}
            onRetry={onRetry}
          />
          {csat && csat.message_id === row.message.id && (
            <Box px="md" py={6}>
              <CsatCard csat={csat} />
            </Box>
          )}
        </>
      ),
    [format, highlight, focusedId, onRetry, csat],
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
      <TimelineSettledContext.Provider value={settled}>
        <Virtuoso
          ref={virtuoso}
          style={{ height: '100%' }}
          data={rows}
          context={listContext}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={rows.length - 1}
          alignToBottom
          computeItemKey={rowKey}
          itemContent={renderRow}
          rangeChanged={handleRangeChanged}
          isScrolling={handleScrolling}
          followOutput={followBottom}
          atBottomStateChange={handleAtBottom}
          atBottomThreshold={80}
          increaseViewportBy={OVERSCAN}
          components={LIST_COMPONENTS}
        />
      </TimelineSettledContext.Provider>
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

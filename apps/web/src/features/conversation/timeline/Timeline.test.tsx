// The timeline while the user reads back: older pages keep coming while fewer than PREFETCH_ROWS rows are left
// above the screen (not one page per stop at the very top), and bubbles mounted while the list moves show
// plain buttons that still open what they stand for.
import type { Message } from '@atende/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConversationPart } from '../../../test/conversation-render.tsx';
import { demoUser } from '../../../test/fixtures.ts';
import { item, message } from '../../../test/messages.ts';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { PREFETCH_ROWS, Timeline } from './Timeline.tsx';
import { TimelineSettledContext } from './timeline-settled.ts';
import type { Timeline as TimelineData } from './timeline-store.ts';

/** Rows of 50 px in a 500 px viewport: ten rows on screen, the newest at the bottom. */
const LAYOUT = { viewportHeight: 500, itemHeight: 50 };

beforeAll(async () => {
  await loadConsoleTexts();
  // Virtuoso keeps the rows in place when a page lands above them by scrolling by their height; jsdom has no
  // scrollBy.
  window.HTMLElement.prototype.scrollBy ??= function scrollBy(this: HTMLElement, options?: ScrollToOptions) {
    this.scrollTop += options?.top ?? 0;
  } as HTMLElement['scrollBy'];
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

/** `count` messages, oldest first, all on one day (one day separator above them). */
const messages = (count: number): Message[] => Array.from({ length: count }, () => message());
const timelineOf = (oldestFirst: Message[]): TimelineData => ({
  items: oldestFirst.map(item).reverse(),
  hasMore: true,
});

/** The timeline of `initial`; `prepend` adds older messages above, as a page landing in the cache does. */
function renderTimeline(initial: Message[], onLoadOlder: () => void) {
  let setShown: (shown: Message[]) => void = () => undefined;
  function Shown() {
    const [shown, set] = useState(initial);
    setShown = set;
    return (
      <VirtuosoMockContext.Provider value={LAYOUT}>
        <Timeline
          timeline={timelineOf(shown)}
          timeZone="America/Sao_Paulo"
          channelId={null}
          highlight={null}
          focusedId={null}
          loadingOlder={false}
          onLoadOlder={onLoadOlder}
          onRetry={() => undefined}
        />
      </VirtuosoMockContext.Provider>
    );
  }
  renderConversationPart(<Shown />);
  return { prepend: (shown: Message[]) => act(() => setShown(shown)) };
}

/** Scrolls the timeline so that `rows` rows are above the screen. */
function scrollToRow(rows: number) {
  const scroller = screen.getByTestId('virtuoso-scroller');
  scroller.scrollTop = rows * LAYOUT.itemHeight;
  fireEvent.scroll(scroller);
}

describe('older pages', () => {
  it('are asked for while fewer than PREFETCH_ROWS rows are above the screen, before the very top', async () => {
    const onLoadOlder = vi.fn();
    renderTimeline(messages(100), onLoadOlder);
    await screen.findAllByTestId('message');
    scrollToRow(60);
    await waitFor(() => expect(screen.queryByText('mensagem 1')).toBeNull());
    onLoadOlder.mockClear();

    scrollToRow(PREFETCH_ROWS * 2);
    await act(() => new Promise((settle) => setTimeout(settle, 50)));
    expect(onLoadOlder).not.toHaveBeenCalled();
    scrollToRow(PREFETCH_ROWS - 5);
    await waitFor(() => expect(onLoadOlder).toHaveBeenCalled());
  });

  it('keep coming when one lands and the screen is still near the top, without the user scrolling', async () => {
    const onLoadOlder = vi.fn();
    const newest = messages(12);
    const { prepend } = renderTimeline(newest, onLoadOlder);
    await waitFor(() => expect(onLoadOlder).toHaveBeenCalledTimes(1));
    await prepend([...messages(10), ...newest]);
    await waitFor(() => expect(onLoadOlder.mock.calls.length).toBeGreaterThan(1));
  });
});

describe('bubbles mounted while the timeline moves', () => {
  function Bubble({ value }: { value: Message }) {
    return (
      <MessageBubble
        message={value}
        time="12:00"
        highlight={null}
        focused={false}
        onRetry={() => undefined}
      />
    );
  }

  it('show plain buttons, take their menus once the timeline rests, and keep them', async () => {
    const value = message();
    let setSettled: (settled: boolean) => void = () => undefined;
    function Moving() {
      const [settled, set] = useState(false);
      setSettled = set;
      return (
        <TimelineSettledContext.Provider value={settled}>
          <Bubble value={value} />
        </TimelineSettledContext.Provider>
      );
    }
    renderConversationPart(<Moving />, [value]);
    const popup = () => screen.getByTestId('message-actions').getAttribute('aria-haspopup');
    // The menu's target announces its popup; the plain button does not.
    expect(popup()).toBeNull();
    act(() => setSettled(true));
    expect(popup()).toBe('menu');
    act(() => setSettled(false));
    expect(popup()).toBe('menu');
  });

  it('open the reaction picker when its plain button is pressed', async () => {
    const value = message();
    renderConversationPart(
      <TimelineSettledContext.Provider value={false}>
        <Bubble value={value} />
      </TimelineSettledContext.Provider>,
      [value],
    );
    await userEvent.click(screen.getByTestId('reaction-picker'));
    const options = await screen.findAllByTestId('reaction-option', {}, { timeout: 5_000 });
    expect(options.length).toBeGreaterThan(0);
    expect(
      within(screen.getByTestId('message')).getByTestId('message-actions').getAttribute('aria-haspopup'),
    ).toBe('menu');
  });
});

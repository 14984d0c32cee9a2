// An incoming call rings (a looping Web Audio ringtone) and, with the tab hidden, shows a browser notification
// until it is answered, rejected or cancelled; both stop with the ringing.
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { RING_PERIOD_MS, startRingtone, unlockSound } from '../../lib/notification-sound.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { CallBar } from './CallBar.tsx';
import { usePhoneStore } from './phone-store.ts';

/** A Web Audio context that counts the tones it is asked to start. */
const tones: number[] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = vi.fn();
  createGain() {
    return {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: vi.fn(),
    };
  }
  createOscillator() {
    const oscillator = {
      type: '',
      frequency: { value: 0 },
      connect: vi.fn(),
      start: () => tones.push(oscillator.frequency.value),
      stop: vi.fn(),
    };
    return oscillator;
  }
}

/** Notifications created, and whether each was closed. */
const notifications: {
  title: string;
  options: NotificationOptions;
  closed: boolean;
  onclick?: () => void;
}[] = [];
class FakeNotification {
  static permission = 'granted';
  entry: (typeof notifications)[number];
  constructor(title: string, options: NotificationOptions) {
    this.entry = { title, options, closed: false };
    notifications.push(this.entry);
  }
  set onclick(handler: () => void) {
    this.entry.onclick = handler;
  }
  close() {
    this.entry.closed = true;
  }
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeAll(async () => {
  await loadConsoleTexts();
  vi.stubGlobal('AudioContext', FakeAudioContext);
  unlockSound();
});
beforeEach(() => {
  tones.length = 0;
  notifications.length = 0;
  visibility = 'visible';
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  usePhoneStore.getState().reset();
});

describe('the ringtone', () => {
  it('rings a dual tone every period until stopped', () => {
    const stop = startRingtone();
    // Two bursts of 440 + 480 Hz at once, then again each period.
    expect(tones).toEqual([440, 480, 440, 480]);
    vi.advanceTimersByTime(RING_PERIOD_MS * 2);
    expect(tones).toHaveLength(12);
    stop();
    vi.advanceTimersByTime(RING_PERIOD_MS * 5);
    expect(tones).toHaveLength(12);
  });
});

const ringAt = (sipCallId: string) =>
  usePhoneStore.getState().dispatch({ type: 'incoming', sipCallId, number: '5511988887777', at: Date.now() });

function renderBar() {
  stubApi({ 'POST /conversations/search': { body: { data: [], next_cursor: null } } });
  usePhoneStore.getState().dispatch({ type: 'registered' });
  renderWithClient(
    <MemoryRouter>
      <CallBar />
    </MemoryRouter>,
  );
}

describe('an incoming call', () => {
  it('rings until answered; no notification while the tab is visible', async () => {
    renderBar();
    act(() => ringAt('a@pbx'));
    await screen.findByTestId('call-accept');
    expect(tones.length).toBeGreaterThan(0);
    act(() => usePhoneStore.getState().dispatch({ type: 'answered', sipCallId: 'a@pbx', at: Date.now() }));
    const rung = tones.length;
    act(() => void vi.advanceTimersByTime(RING_PERIOD_MS * 3));
    expect(tones).toHaveLength(rung);
    expect(notifications).toEqual([]);
  });

  it('with the tab hidden, notifies; the notification focuses the tab and closes when the caller gives up', async () => {
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    renderBar();
    setVisibility('hidden');
    act(() => ringAt('b@pbx'));
    await screen.findByTestId('call-accept');
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      title: 'Ligação recebida',
      options: { body: '5511988887777', tag: 'call:b@pbx', requireInteraction: true },
      closed: false,
    });
    notifications[0]!.onclick?.();
    expect(focus).toHaveBeenCalledOnce();

    // The caller cancels: the ring and the notification stop.
    act(() =>
      usePhoneStore
        .getState()
        .dispatch({ type: 'ended', sipCallId: 'b@pbx', at: Date.now(), wrapUpSeconds: 0 }),
    );
    const rung = tones.length;
    act(() => void vi.advanceTimersByTime(RING_PERIOD_MS * 3));
    expect(tones).toHaveLength(rung);
    expect(notifications[0]!.closed).toBe(true);
  });

  it('notifies once the tab is hidden during the ring, and closes when rejected', async () => {
    renderBar();
    act(() => ringAt('c@pbx'));
    await screen.findByTestId('call-accept');
    expect(notifications).toEqual([]);
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    act(() => setVisibility('hidden'));
    expect(notifications).toHaveLength(1);
    act(() =>
      usePhoneStore.getState().dispatch({
        type: 'ended',
        sipCallId: 'c@pbx',
        at: Date.now(),
        wrapUpSeconds: 0,
      }),
    );
    expect(notifications[0]!.closed).toBe(true);
  });
});

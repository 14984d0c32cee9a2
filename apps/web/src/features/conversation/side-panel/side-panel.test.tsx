// The side panel's rules: which route is which panel, when two columns fit, the widths a drag or a key gives,
// what arriving at a conversation does with the remembered panel, and the width saved once resizing stops.
import { SIDE_PANEL_WIDTH } from '@atende/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import {
  isWideArea,
  KEY_STEP,
  KEY_STEP_LARGE,
  MESSAGES_MIN_WIDTH,
  panelDecision,
  panelOfRoute,
  widthBounds,
  widthForDrag,
  widthForKey,
  WIDE_AREA_MIN,
} from './side-panel-layout.ts';
import { usePanelWidth, WIDTH_SAVE_DELAY_MS } from './use-panel-width.ts';

beforeAll(async () => {
  await loadConsoleTexts();
});

describe('side panel layout', () => {
  it('knows the panel of each side route, and none for the messages', () => {
    expect(panelOfRoute('customer.information')).toBe('customer');
    expect(panelOfRoute('campaign.information')).toBe('campaign');
    expect(panelOfRoute('conversation.events')).toBe('events');
    expect(panelOfRoute('ready.phrases')).toBe('phrases');
    expect(panelOfRoute('conversation.messages')).toBeNull();
    expect(panelOfRoute(undefined)).toBeNull();
  });

  it('puts the panel beside the messages only where both fit', () => {
    expect(isWideArea(WIDE_AREA_MIN)).toBe(true);
    expect(isWideArea(WIDE_AREA_MIN - 1)).toBe(false);
    // At the narrowest wide area the messages keep their minimum beside the narrowest panel.
    expect(WIDE_AREA_MIN - widthBounds(WIDE_AREA_MIN).min).toBeGreaterThan(MESSAGES_MIN_WIDTH);
  });

  it('bounds the width by the contract and by the room the messages need', () => {
    expect(widthBounds(3000)).toEqual({ min: SIDE_PANEL_WIDTH.min, max: SIDE_PANEL_WIDTH.max });
    expect(widthBounds(1000)).toEqual({ min: SIDE_PANEL_WIDTH.min, max: 1000 - MESSAGES_MIN_WIDTH - 8 });
  });

  it('resizes by keys: left widens (the panel is on the right), Shift for large steps, Home and End', () => {
    const bounds = { min: 280, max: 600 };
    expect(widthForKey('ArrowLeft', false, 400, bounds)).toBe(400 + KEY_STEP);
    expect(widthForKey('ArrowRight', false, 400, bounds)).toBe(400 - KEY_STEP);
    expect(widthForKey('ArrowLeft', true, 400, bounds)).toBe(400 + KEY_STEP_LARGE);
    expect(widthForKey('ArrowLeft', true, 590, bounds)).toBe(600);
    expect(widthForKey('ArrowRight', false, 285, bounds)).toBe(280);
    expect(widthForKey('Home', false, 400, bounds)).toBe(280);
    expect(widthForKey('End', false, 400, bounds)).toBe(600);
    expect(widthForKey('Enter', false, 400, bounds)).toBeNull();
  });

  it('resizes by dragging within the bounds', () => {
    const bounds = { min: 280, max: 600 };
    expect(widthForDrag(400, 900, 850, bounds)).toBe(450);
    expect(widthForDrag(400, 900, 1000, bounds)).toBe(300);
    expect(widthForDrag(400, 900, 100, bounds)).toBe(600);
  });
});

describe('the remembered panel', () => {
  const at = (contactId: string, panel: 'phrases' | 'events' | null) => ({ contactId, panel });

  it('opens the panel last open when a conversation is arrived at by its messages URL', () => {
    expect(panelDecision(null, at('a', null), 'phrases')).toEqual({ restore: 'phrases' });
    expect(panelDecision(at('a', 'events'), at('b', null), 'events')).toEqual({ restore: 'events' });
    expect(panelDecision(null, at('a', null), null)).toBeNull();
  });

  it("remembers the attendant's choice: a panel opened, closed, or arrived at by its URL", () => {
    expect(panelDecision(at('a', null), at('a', 'events'), null)).toEqual({ remember: 'events' });
    expect(panelDecision(at('a', 'events'), at('a', null), 'events')).toEqual({ remember: null });
    expect(panelDecision(null, at('a', 'phrases'), null)).toEqual({ remember: 'phrases' });
    // Nothing to save when it is already what is remembered, or when nothing changed.
    expect(panelDecision(at('a', null), at('b', 'events'), 'events')).toBeNull();
    expect(panelDecision(at('a', 'events'), at('a', 'events'), null)).toBeNull();
  });
});

describe('resizing and saving the width', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function Harness({ save }: { save: (width: number) => void }) {
    const [width, setWidth] = usePanelWidth(400, save);
    return (
      <ResizeHandle width={width} bounds={{ min: 280, max: 600 }} controls="panel" onResize={setWidth} />
    );
  }

  it('is a focusable, named separator that arrow keys move; the width is saved once the keys stop', () => {
    const save = vi.fn();
    render(<Harness save={save} />);
    const handle = screen.getByRole('separator', { name: 'Redimensionar painel lateral' });
    expect(handle.tabIndex).toBe(0);
    expect(handle.getAttribute('aria-valuenow')).toBe('400');
    expect(handle.getAttribute('aria-valuemin')).toBe('280');
    expect(handle.getAttribute('aria-valuemax')).toBe('600');
    expect(handle.getAttribute('aria-valuetext')).toBe('400 pixels de largura');

    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe(String(400 + 3 * KEY_STEP));
    act(() => vi.advanceTimersByTime(WIDTH_SAVE_DELAY_MS - 1));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(400 + 3 * KEY_STEP);
  });

  it('saves a drag once, with where it ended, not at every pixel', () => {
    const save = vi.fn();
    render(<Harness save={save} />);
    const handle = screen.getByRole('separator');
    handle.setPointerCapture = () => undefined;
    fireEvent.pointerDown(handle, { button: 0, clientX: 900, pointerId: 1 });
    for (let x = 899; x >= 800; x -= 1) fireEvent.pointerMove(handle, { clientX: x, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 800, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('500');
    act(() => vi.advanceTimersByTime(WIDTH_SAVE_DELAY_MS));
    expect(save.mock.calls).toEqual([[500]]);
  });

  it('saves a change still waiting when the panel closes', () => {
    const save = vi.fn();
    const view = render(<Harness save={save} />);
    fireEvent.keyDown(screen.getByRole('separator'), { key: 'End' });
    view.unmount();
    expect(save.mock.calls).toEqual([[600]]);
  });
});

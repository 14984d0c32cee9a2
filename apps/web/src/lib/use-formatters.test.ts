// The formatters a list or the timeline builds its rows with: the same object while language and time zone
// stay (a new one per render made every row callback new, and every row formatted again), a new one when the
// user's time zone changes.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser } from '../test/fixtures.ts';
import { useSessionStore } from './session-store.ts';
import { useFormatters } from './use-formatters.ts';

beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ timezone: 'America/Sao_Paulo' }), token: 'token' });
});

describe('useFormatters', () => {
  it('answers the same formatters across renders while language and zone stay', () => {
    const { result, rerender } = renderHook(() => useFormatters());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(first.time('2026-01-15T12:30:00Z')).toBe('09:30');
  });

  it('answers new ones when the time zone changes', () => {
    const { result } = renderHook(() => useFormatters());
    const first = result.current;
    act(() => useSessionStore.setState({ user: demoUser({ timezone: 'Europe/Lisbon' }) }));
    expect(result.current).not.toBe(first);
    expect(result.current.time('2026-01-15T12:30:00Z')).toBe('12:30');
  });
});

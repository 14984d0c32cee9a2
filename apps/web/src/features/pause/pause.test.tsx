// The pause: its clock (m:ss, h:mm:ss, past the reason's limit), the running timer, the sidebar entry that
// pauses with a chosen reason and resumes, and the realtime event that keeps other tabs in step.
import type { PauseReason, User } from '@atende/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { elapsedSeconds, formatElapsed, overLimit } from './pause-clock.ts';
import { PauseNavEntry } from './PauseNavEntry.tsx';
import { PauseTimer } from './PauseTimer.tsx';
import { usePauseSync } from './use-pause-sync.ts';

const REASONS: PauseReason[] = [
  { id: '01a201b8-0000-7000-9000-0000000000a1', name: 'Almoço', max_minutes: 60 },
  { id: '01a201b8-0000-7000-9000-0000000000a2', name: 'Treinamento', max_minutes: null },
];
const WORKING = { pause_at: null, reason_id: null };

beforeAll(async () => {
  await loadConsoleTexts();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  disconnectFakeSocket();
});

describe('the pause clock', () => {
  it('reads m:ss under an hour and h:mm:ss after, never negative', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(65)).toBe('01:05');
    expect(formatElapsed(3599)).toBe('59:59');
    expect(formatElapsed(3600)).toBe('1:00:00');
    expect(formatElapsed(3 * 3600 + 62)).toBe('3:01:02');
    const at = '2026-11-28T10:00:00.000Z';
    expect(elapsedSeconds(at, Date.parse(at) + 90_999)).toBe(90);
    expect(elapsedSeconds(at, Date.parse(at) - 5_000)).toBe(0);
  });

  it('is over the limit only past the reason’s minutes, never without one', () => {
    expect(overLimit(60 * 60, 60)).toBe(false);
    expect(overLimit(60 * 60 + 1, 60)).toBe(true);
    expect(overLimit(99 * 3600, null)).toBe(false);
  });
});

describe('the pause timer', () => {
  it('runs each second and turns red past the limit', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:58.000Z'));
    renderWithClient(<PauseTimer pauseAt="2026-11-28T09:59:00.000Z" maxMinutes={2} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('01:58');
    expect(timer.getAttribute('data-exceeded')).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('02:00');
    expect(timer.getAttribute('data-exceeded')).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer.textContent).toBe('02:01');
    expect(timer.getAttribute('data-exceeded')).toBe('true');
    expect(timer.getAttribute('aria-label')).toBe('Tempo em pausa: 02:01, acima do limite do motivo');
  });
});

function Entry() {
  const user = useSessionStore((state) => state.user);
  return user ? <PauseNavEntry user={user} /> : null;
}

describe('the sidebar’s pause entry', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: demoUser({ pause: WORKING }), status: 'authenticated' });
  });

  it('asks for a reason, pauses with the chosen one, shows the running timer, and resumes', async () => {
    const at = new Date(Date.now() - 5_000).toISOString();
    const { calls } = stubApi({
      'GET /pause/reasons': { body: { data: REASONS } },
      'POST /pause': (call) => ({
        body:
          (call.body as { reason_id: string | null }).reason_id === null
            ? WORKING
            : { pause_at: at, reason_id: REASONS[0]!.id },
      }),
    });
    const user = userEvent.setup();
    renderWithClient(<Entry />);
    await user.click(screen.getByRole('button', { name: 'Pausa' }));
    await user.click(await screen.findByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Escolha um motivo de pausa.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    expect(screen.getByText('Até 60 min')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Almoço/ }));
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Em pausa: Almoço')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/pause',
      body: { reason_id: REASONS[0]!.id },
    });
    expect(useSessionStore.getState().user?.pause).toEqual({ pause_at: at, reason_id: REASONS[0]!.id });
    expect(screen.getByRole('timer').textContent).toMatch(/^00:0[5-9]$/);

    await user.click(screen.getByRole('button', { name: 'Retomar' }));
    expect(await screen.findByRole('button', { name: 'Pausa' })).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/pause', body: { reason_id: null } });
    expect(useSessionStore.getState().user?.pause).toEqual(WORKING);
  });

  it('shows the server’s refusal in the window and stays working', async () => {
    stubApi({
      'GET /pause/reasons': { body: { data: REASONS } },
      'POST /pause': {
        status: 404,
        body: { message: 'Motivo de pausa não encontrado.', code: 'pause_reason_not_found' },
      },
    });
    const user = userEvent.setup();
    renderWithClient(<Entry />);
    await user.click(screen.getByRole('button', { name: 'Pausa' }));
    await user.click(await screen.findByRole('radio', { name: /Treinamento/ }));
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Motivo de pausa não encontrado.')).toBeTruthy();
    expect(useSessionStore.getState().user?.pause).toEqual(WORKING);
  });
});

function Sync() {
  usePauseSync();
  return null;
}

describe('the pause across tabs', () => {
  it('takes the user’s own pause.changed and ignores a colleague’s', async () => {
    const me: User = demoUser({ pause: WORKING });
    useSessionStore.setState({ user: me, status: 'authenticated' });
    const socket = connectFakeSocket();
    renderWithClient(<Sync />);
    const pause = { pause_at: new Date().toISOString(), reason_id: REASONS[1]!.id };
    act(() => socket.fire('pause.changed', { user_id: '01a201b8-0000-7000-9000-0000000000ff', pause }));
    expect(useSessionStore.getState().user?.pause).toEqual(WORKING);
    act(() => socket.fire('pause.changed', { user_id: me.id, pause }));
    await waitFor(() => expect(useSessionStore.getState().user?.pause).toEqual(pause));
  });
});

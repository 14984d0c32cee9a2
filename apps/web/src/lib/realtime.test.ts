// The realtime client's lifecycle: which (re)connects are reported, what a refused token does, and the
// retries Socket.IO leaves to the application.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRealtime, useRealtimeStore } from './realtime.ts';

type Listener = (...args: unknown[]) => void;

const fake = {
  listeners: new Map<string, Listener>(),
  active: true,
  options: null as unknown,
  connect: vi.fn(),
  disconnect: vi.fn(),
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener);
    return this;
  },
  fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.(...args);
  },
};

vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    fake.options = options;
    return fake;
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  fake.listeners.clear();
  fake.active = true;
  fake.connect.mockClear();
  fake.disconnect.mockClear();
});
afterEach(() => vi.useRealTimers());

const open = () => {
  const onConnect = vi.fn();
  const onAuthRefused = vi.fn();
  const connection = openRealtime({ token: 'token-1', onConnect, onAuthRefused });
  return { connection, onConnect, onAuthRefused };
};

describe('openRealtime', () => {
  it('connects to /socket.io with the token and reports every connect, saying which are reconnects', () => {
    const { onConnect, connection } = open();
    expect(fake.options).toEqual({
      path: '/socket.io',
      auth: { token: 'token-1' },
      transports: ['websocket'],
    });
    expect(useRealtimeStore.getState().status).toBe('connecting');

    fake.fire('connect');
    expect(useRealtimeStore.getState().status).toBe('live');
    fake.fire('disconnect', 'transport close');
    expect(useRealtimeStore.getState().status).toBe('reconnecting');
    fake.fire('connect');
    expect(onConnect.mock.calls).toEqual([[false], [true]]);

    connection.close();
    expect(fake.disconnect).toHaveBeenCalled();
    expect(useRealtimeStore.getState().status).toBe('offline');
  });

  it("the server's resync refreshes what is on screen as a reconnect does, without a reconnect", () => {
    const { onConnect } = open();
    fake.fire('connect');
    const joinedAt = useRealtimeStore.getState().connections;
    fake.fire('resync');
    // The same two signals as a reconnect: the console's resync, and the count that rejoins open rooms.
    expect(onConnect.mock.calls).toEqual([[false], [true]]);
    expect(useRealtimeStore.getState().connections).toBe(joinedAt + 1);
    expect(useRealtimeStore.getState().status).toBe('live');
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('a refused token (session_expired, unauthenticated) ends it without retrying', () => {
    const { onAuthRefused } = open();
    fake.active = false;
    fake.fire('connect_error', new Error('session_expired'));
    expect(onAuthRefused).toHaveBeenCalledWith('session_expired');
    expect(fake.disconnect).toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('asks again after the server closed the socket or refused it for another reason', () => {
    open();
    fake.fire('connect');
    fake.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(3_000);
    expect(fake.connect).toHaveBeenCalledTimes(1);

    fake.active = false;
    fake.fire('connect_error', new Error('internal_error'));
    vi.advanceTimersByTime(3_000);
    expect(fake.connect).toHaveBeenCalledTimes(2);

    // Network failures are Socket.IO's own to retry.
    fake.active = true;
    fake.fire('connect_error', new Error('websocket error'));
    vi.advanceTimersByTime(3_000);
    expect(fake.connect).toHaveBeenCalledTimes(2);
  });
});

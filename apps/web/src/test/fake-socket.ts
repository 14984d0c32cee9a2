// A stand-in for the realtime socket: records what the app emits and lets a test fire server events.
import { vi } from 'vitest';
import { useRealtimeStore, type RealtimeSocket } from '../lib/realtime.ts';

type Listener = (...args: unknown[]) => void;

export function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    connected: true,
    emit: vi.fn(),
    /** Acknowledged emits (the latency probe): recorded by `emit`, never answered. */
    timeout: () => ({ emit: socket.emit }),
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return socket;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    fire(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
  return socket;
}

export type FakeSocket = ReturnType<typeof fakeSocket>;

/** Puts a fake socket in the realtime store, as a live connection; answers it. */
export function connectFakeSocket(): FakeSocket {
  const socket = fakeSocket();
  useRealtimeStore.setState({ socket: socket as unknown as RealtimeSocket, connections: 1, status: 'live' });
  return socket;
}

export const disconnectFakeSocket = (): void =>
  useRealtimeStore.setState({ socket: null, connections: 0, status: 'offline' });

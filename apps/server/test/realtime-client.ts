// A Socket.IO client of the console, for tests: connects with a token and records the events it receives.
import type { ClientToServerEvents, ServerToClientEvents } from '@atende/contract';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents> & {
  received: { event: string; payload: unknown }[];
  /** Resolves with the first payload of `event` matching `match`, or rejects after `timeoutMs`. */
  next<T = unknown>(event: string, match?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
};

export function connectSocket(baseUrl: string, token: string | null): Promise<TestSocket> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  }) as TestSocket;
  socket.received = [];
  const waiters: {
    event: string;
    match: (payload: never) => boolean;
    resolve: (payload: unknown) => void;
  }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    socket.received.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.event === event && waiter.match(payload as never)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  socket.next = <T>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = 5_000) => {
    const already = socket.received.find((entry) => entry.event === event && match(entry.payload as T));
    if (already) return Promise.resolve(already.payload as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        event,
        match: match as (payload: never) => boolean,
        resolve: (payload) => {
          clearTimeout(timer);
          resolve(payload as T);
        },
      });
    });
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

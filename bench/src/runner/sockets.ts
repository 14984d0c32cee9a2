// Console sockets for the latency scenarios: one Socket.IO client per attendant, and a waiter that times the
// arrival of the event announcing a given contact.
import { io, type Socket } from 'socket.io-client';

export type Arrivals = {
  /** Resolves with the arrival time (performance.now()) of `event` about `contactId`, or rejects on timeout. */
  expect(event: string, contactId: string, timeoutMs: number): Promise<number>;
};

export async function connectSockets(
  baseUrl: string,
  auths: Record<string, unknown>[],
): Promise<{ sockets: Socket[]; arrivals: Arrivals; close(): void }> {
  const waiters = new Map<string, (at: number) => void>();
  const contactOf = (payload: unknown) => {
    const body = payload as { contact_id?: unknown; id?: unknown };
    return typeof body.contact_id === 'string'
      ? body.contact_id
      : typeof body.id === 'string'
        ? body.id
        : null;
  };
  const sockets: Socket[] = [];
  // A handful at a time: every handshake of the product checks a token in the database.
  for (let i = 0; i < auths.length; i += 20) {
    sockets.push(
      ...(await Promise.all(
        auths.slice(i, i + 20).map(
          (auth) =>
            new Promise<Socket>((resolve, reject) => {
              const socket = io(baseUrl, {
                path: '/socket.io',
                auth,
                transports: ['websocket'],
                reconnection: false,
                forceNew: true,
              });
              socket.onAny((event: string, payload: unknown) => {
                const at = performance.now();
                const contactId = contactOf(payload);
                if (!contactId) return;
                const key = `${event}:${contactId}`;
                const waiter = waiters.get(key);
                if (waiter) {
                  waiters.delete(key);
                  waiter(at);
                }
              });
              socket.once('connect', () => resolve(socket));
              socket.once('connect_error', reject);
            }),
        ),
      )),
    );
  }
  return {
    sockets,
    arrivals: {
      expect(event, contactId, timeoutMs) {
        return new Promise((resolve, reject) => {
          const key = `${event}:${contactId}`;
          const timer = setTimeout(() => {
            waiters.delete(key);
            reject(new Error(`no ${event} within ${timeoutMs} ms`));
          }, timeoutMs);
          waiters.set(key, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
      },
    },
    close: () => sockets.forEach((socket) => socket.close()),
  };
}

// The live monitor under load (issue 28): supervisors' sockets watching the company while new customers arrive
// at a fixed rate; each arrival is timed from its send until a monitor snapshot read after it was stored reaches
// the measured supervisors' screens. Most of the sockets are plain WebSocket clients that take every snapshot
// off the wire without parsing it: 200 browsers parse in 200 processes, while one bench process parsing 200
// copies would time its own CPU. The measured ones connect last, so the server writes to them last.
import type { MonitorSnapshot } from '@atende/contract';
import { randomInt } from 'node:crypto';
import { BENCH_COMPANY } from '../dataset/generate.ts';
import { atRate } from './inbound.ts';
import type { LatencyScenario } from './scenarios.ts';
import WebSocket from 'ws';
import { connectSockets } from './sockets.ts';
import { summarise } from './stats.ts';

/** New customers a second: a very busy contact centre's peak (72 000 an hour). */
const NEW_CUSTOMERS_PER_SECOND = 20;

/** The supervisors' screens timed (Socket.IO clients); the rest of the sockets only receive. */
const MEASURED_SOCKETS = 10;

/**
 * A Socket.IO client at the protocol's level (Engine.IO 4 over WebSocket: open, join the main namespace with the
 * token, answer pings), receiving whatever the server sends without decoding it.
 */
function receivingSocket(baseUrl: string, token: string): Promise<WebSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('error', reject);
    socket.on('message', (data, binary) => {
      if (binary) return;
      const text = data.toString();
      if (text.startsWith('0')) socket.send(`40${JSON.stringify({ token })}`);
      else if (text === '2') socket.send('3');
      else if (text.startsWith('40')) resolve(socket);
      else if (text.startsWith('44')) reject(new Error(`refused: ${text}`));
    });
  });
}

/** A send awaiting, on each socket, the first snapshot read after it was stored. */
type Pending = { startedAt: number; storedAt: number; waitingOn: Set<number> };

export const monitorToScreen: LatencyScenario = {
  kind: 'latency',
  name: 'monitor_to_screen',
  description: 'new customer → a monitor snapshot that includes it on supervisor screens (200 sockets)',
  async run(env, options) {
    const token = env.fixtures.supervisor.token;
    const receiving: WebSocket[] = [];
    // A handful at a time, as connectSockets does: every handshake checks a token in the database.
    for (let i = 0; i < Math.max(0, options.sockets - MEASURED_SOCKETS); i += 20) {
      const batch = Math.min(20, options.sockets - MEASURED_SOCKETS - i);
      receiving.push(
        ...(await Promise.all(Array.from({ length: batch }, () => receivingSocket(env.baseUrl, token)))),
      );
    }
    const { sockets: connected, close } = await connectSockets(
      env.baseUrl,
      Array.from({ length: Math.min(MEASURED_SOCKETS, options.sockets) }, () => ({ token })),
    );
    const transport = await env.inbound();
    // performance.now() and the server's ISO clock compared: both read this machine's clock.
    const offset = Date.now() - performance.now();
    const pending = new Set<Pending>();
    const durations: number[] = [];
    connected.forEach((socket, index) => {
      const arrived = (snapshot: Pick<MonitorSnapshot, 'at'>) => {
        const arrivedAt = performance.now();
        const readAt = Date.parse(snapshot.at) - offset;
        for (const send of pending) {
          if (send.storedAt > readAt || !send.waitingOn.delete(index)) continue;
          durations.push(arrivedAt - send.startedAt);
          if (send.waitingOn.size === 0) pending.delete(send);
        }
      };
      // The whole snapshot, or the queue's part when only the queue changed: either shows the new customer.
      socket.on('monitor.changed', arrived);
      socket.on('monitor.queue', arrived);
    });
    // Numbers of this run only: every arrival is a customer the company has never seen, waiting in the queue.
    const base = randomInt(10 ** 9, 9 * 10 ** 9);
    try {
      const sent = await atRate(NEW_CUSTOMERS_PER_SECOND, env.durationSeconds * 1000, async (i) => {
        const startedAt = performance.now();
        await transport.send({
          company: BENCH_COMPANY,
          kind: 'whatsapp',
          address: `55${base + i}`,
          name: `Cliente do monitor ${i}`,
          text: `Olá, preciso de ajuda (${env.runId}-m${i})`,
          provider_message_id: `bench-${env.runId}-m${i}`,
        });
        pending.add({
          startedAt,
          storedAt: performance.now(),
          waitingOn: new Set(connected.map((_, index) => index)),
        });
      });
      // The last arrivals' snapshots: a bounded wait for them to land.
      for (let waited = 0; pending.size > 0 && waited < 5_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const unseen = [...pending].reduce((sum, send) => sum + send.waitingOn.size, 0);
      return {
        rate: NEW_CUSTOMERS_PER_SECOND,
        sent: sent.sent,
        errors: sent.failed + (unseen > 0 ? 1 : 0),
        firstError: sent.firstError ?? (unseen > 0 ? `${unseen} screen updates never came` : null),
        latency: summarise(durations),
      };
    } finally {
      transport.close();
      close();
      for (const socket of receiving) socket.close();
    }
  },
};

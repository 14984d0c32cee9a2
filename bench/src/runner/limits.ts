// The limits beside us, measured in the same run and the same way as the product: a bare Fastify "hello"
// under the same HTTP load, a bare Socket.IO server broadcasting to the same number of sockets at the same
// rate, fed through the same control-socket transport, and that transport's round trip alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openControlClient } from '../../../apps/server/src/platform/control-socket.ts';
import { atRate } from './inbound.ts';
import { runHttpLoad, type HttpResult } from './http-load.ts';
import { freePort, measureUsage, REPO_DIR, startChild, type UsageReport } from './process.ts';
import { connectSockets } from './sockets.ts';
import { summarise, type Latency } from './stats.ts';

const LIMITS_DIR = join(REPO_DIR, 'bench/src/limits');

export type Limits = {
  hello: HttpResult & { connections: number; usage: UsageReport };
  broadcast: { rate: number; sockets: number; latency: Latency; errors: number; usage: UsageReport };
  echo: { rate: number; latency: Latency; errors: number; usage: UsageReport };
};

export async function measureLimits(options: {
  connections: number;
  durationSeconds: number;
  sockets: number;
  screenRate: number;
  ingestRate: number;
}): Promise<Limits> {
  const helloPort = await freePort();
  const hello = await startChild({
    script: join(LIMITS_DIR, 'hello-server.ts'),
    cwd: REPO_DIR,
    env: { PORT: String(helloPort) },
    ready: async () => (await fetch(`http://127.0.0.1:${helloPort}/hello`)).ok,
  });
  let helloResult: Limits['hello'];
  try {
    const measured = await measureUsage([hello.pid], () =>
      runHttpLoad({
        baseUrl: `http://127.0.0.1:${helloPort}`,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        next: () => ({ method: 'GET', path: '/hello' }),
      }),
    );
    helloResult = { ...measured.result, connections: options.connections, usage: measured.usage };
  } finally {
    await hello.stop();
  }

  const dir = await mkdtemp(join(tmpdir(), 'atb-'));
  const controlPath = join(dir, 'control.sock');
  const port = await freePort();
  const bare = await startChild({
    script: join(LIMITS_DIR, 'broadcast-server.ts'),
    cwd: REPO_DIR,
    env: { PORT: String(port), CONTROL_SOCKET_PATH: controlPath },
    ready: async () => (await fetch(`http://127.0.0.1:${port}/`)).ok,
  });
  try {
    const rooms = Array.from({ length: options.sockets }, (_, n) => `user:${n}`);
    const { arrivals, close } = await connectSockets(
      `http://127.0.0.1:${port}`,
      rooms.map((room) => ({ room })),
    );
    const client = await openControlClient(controlPath);
    try {
      const broadcastTimes: number[] = [];
      const broadcast = await measureUsage([bare.pid], () =>
        atRate(options.screenRate, options.durationSeconds * 1000, async (i) => {
          const contactId = `c-${i}`;
          const arrival = arrivals.expect('contact.unread', contactId, 10_000);
          const started = performance.now();
          await client.send('emit', {
            room: rooms[i % rooms.length],
            event: 'contact.unread',
            payload: { contact_id: contactId, count: 1 },
          });
          broadcastTimes.push((await arrival) - started);
        }),
      );
      const echoTimes: number[] = [];
      const echo = await measureUsage([bare.pid], () =>
        atRate(options.ingestRate, options.durationSeconds * 1000, async (i) => {
          const started = performance.now();
          await client.send('echo', { i });
          echoTimes.push(performance.now() - started);
        }),
      );
      return {
        hello: helloResult,
        broadcast: {
          rate: options.screenRate,
          sockets: options.sockets,
          latency: summarise(broadcastTimes),
          errors: broadcast.result.failed,
          usage: broadcast.usage,
        },
        echo: {
          rate: options.ingestRate,
          latency: summarise(echoTimes),
          errors: echo.result.failed,
          usage: echo.usage,
        },
      };
    } finally {
      client.close();
      close();
    }
  } finally {
    await bare.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

// A real PBX for the tests: Debian's Kamailio (infra/kamailio/kamailio.cfg: SIP over WebSocket and UDP, digest
// auth, registrar) with rtpengine relaying the media in userspace (--table=-1), both on loopback ports picked
// at start, run by the test itself (no service manager; Kamailio drops to nobody when started as root).
// Subscribers (SIP username and password) are written to a db_text table Kamailio reads on each request.
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ngCommand } from './ng.ts';

export { ngCommand } from './ng.ts';

const KAMAILIO = '/usr/sbin/kamailio';
const RTPENGINE = '/usr/bin/rtpengine';
const WEBSOCKET_MODULE = '/usr/lib/x86_64-linux-gnu/kamailio/modules/websocket.so';
const CONFIG = fileURLToPath(new URL('../../../../infra/kamailio/kamailio.cfg', import.meta.url));
const START_TIMEOUT_MS = 10_000;

/** What is missing to run Kamailio and rtpengine here (Debian packages), empty when both can run. */
export function missingPbxPackages(): string[] {
  return [
    [KAMAILIO, 'kamailio'],
    [WEBSOCKET_MODULE, 'kamailio-websocket-modules'],
    [RTPENGINE, 'rtpengine-daemon'],
  ]
    .filter(([path]) => !existsSync(path!))
    .map(([, name]) => name!);
}

export type Subscriber = { username: string; password: string };

/** What one call's media through rtpengine amounts to, from its `query`. */
export type RelayedMedia = { packets: number; bytes: number; legs: number };

export type Kamailio = {
  /** The SIP-over-WebSocket address softphones register at (RFC 7118). */
  wsUrl: string;
  /** Kamailio's SIP over UDP, for ordinary phones and carriers. */
  udp: { host: string; port: number };
  /** A STUN server (Kamailio answers binding requests on its SIP UDP port). */
  stunUrl: string;
  /** Adds or replaces subscribers (read by Kamailio on the next request). */
  setSubscribers(subscribers: Subscriber[]): void;
  /** The SIP Call-IDs of the calls rtpengine relays now. */
  calls(): Promise<string[]>;
  /** The RTP rtpengine relayed for a call (by SIP Call-ID) so far; null when it has no such call. */
  relayed(callId: string): Promise<RelayedMedia | null>;
  /** Both daemons' output, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
};

function freePort(kind: 'tcp' | 'udp'): Promise<number> {
  return new Promise((resolve, reject) => {
    if (kind === 'udp') {
      const probe = createSocket('udp4');
      probe.once('error', reject);
      probe.bind(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
      return;
    }
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(
  what: string,
  ready: () => Promise<boolean>,
  daemons: ChildProcess[],
  output: () => string,
) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const exited = daemons.find((daemon) => daemon.exitCode !== null);
    if (exited) throw new Error(`${what}: a daemon exited (${exited.exitCode}):\n${output()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopDaemon(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null || daemon.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => daemon.kill('SIGKILL'), 3_000);
    daemon.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    daemon.kill('SIGTERM');
  });
}

/** db_text escapes its separator and line breaks with a backslash. */
const dbText = (value: string) => value.replace(/[\\:\n\r]/g, (char) => `\\${char}`);

export async function startKamailio(options: { subscribers?: Subscriber[] } = {}): Promise<Kamailio> {
  const missing = missingPbxPackages();
  if (missing.length > 0) throw new Error(`Kamailio needs the Debian packages ${missing.join(', ')}`);

  const dir = mkdtempSync(join(tmpdir(), 'atende-kamailio-'));
  const db = join(dir, 'db');
  const run = join(dir, 'run');
  // Kamailio gives up root for nobody: its directories must be theirs to read (db) and write (run).
  const asRoot = userInfo().uid === 0;
  const nobody = { uid: 65534, gid: 65534 };
  for (const path of [db, run]) mkdirSync(path);
  chmodSync(dir, 0o755);
  if (asRoot) for (const path of [db, run]) chownSync(path, nobody.uid, nobody.gid);

  // db_text re-reads a table whose modification time changed, in whole seconds: each write moves it on by one.
  let modified = Math.floor(Date.now() / 1000);
  const writeTable = (name: string, text: string) => {
    const path = join(db, name);
    writeFileSync(path, text);
    modified = Math.max(modified + 1, Math.floor(Date.now() / 1000));
    utimesSync(path, modified, modified);
    if (asRoot) chownSync(path, nobody.uid, nobody.gid);
  };
  writeTable('version', 'table_name(str) table_version(int) \nsubscriber:7\n');
  const setSubscribers = (subscribers: Subscriber[]) =>
    writeTable(
      'subscriber',
      'id(int,auto) username(str) domain(str,null) password(str) \n' +
        subscribers
          .map((entry, index) => `${index + 1}:${dbText(entry.username)}::${dbText(entry.password)}\n`)
          .join(''),
    );
  setSubscribers(options.subscribers ?? []);

  const [sipPort, wsPort, ngPort] = [await freePort('udp'), await freePort('tcp'), await freePort('udp')];
  // An RTP range of its own, away from the ephemeral ports the other daemons and browsers take.
  const rtpMin = 20_000 + 200 * Math.floor(Math.random() * 50);
  let log = '';
  const keep = (name: string) => (chunk: Buffer) => {
    log += chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
    if (log.length > 200_000) log = log.slice(-100_000);
  };

  const rtpengine = spawn(
    RTPENGINE,
    [
      '--config-file=none',
      '--foreground',
      '--log-stderr',
      '--no-log-timestamps',
      '--table=-1',
      '--interface=127.0.0.1',
      `--listen-ng=127.0.0.1:${ngPort}`,
      `--port-min=${rtpMin}`,
      `--port-max=${rtpMin + 199}`,
      '--timeout=60',
      '--delete-delay=0',
      '--log-level=5',
      `--pidfile=${join(dir, 'rtpengine.pid')}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const kamailio = spawn(
    KAMAILIO,
    [
      '-f',
      CONFIG,
      '-DD',
      '-E',
      '-m',
      '64',
      '-M',
      '8',
      '-Y',
      run,
      '-w',
      run,
      '-l',
      `udp:127.0.0.1:${sipPort}`,
      '-l',
      `tcp:127.0.0.1:${wsPort}`,
      '-A',
      `DBURL="text://${db}"`,
      '-A',
      `RTPENGINE_SOCK="udp:127.0.0.1:${ngPort}"`,
      ...(asRoot ? ['-u', String(nobody.uid), '-g', String(nobody.gid)] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const daemons = [rtpengine, kamailio];
  for (const [name, daemon] of [
    ['rtpengine', rtpengine],
    ['kamailio', kamailio],
  ] as const) {
    daemon.stdout!.on('data', keep(name));
    daemon.stderr!.on('data', keep(name));
  }
  const output = () => log;
  const stop = async () => {
    await Promise.all(daemons.map(stopDaemon));
    rmSync(dir, { recursive: true, force: true });
  };
  const ng = { host: '127.0.0.1', port: ngPort };

  try {
    await until(
      'rtpengine',
      () =>
        ngCommand(ng, { command: 'ping' }, 300).then(
          (reply) => reply.result === 'pong',
          () => false,
        ),
      daemons,
      output,
    );
    await until('Kamailio', () => canConnect(wsPort), daemons, output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    udp: { host: '127.0.0.1', port: sipPort },
    stunUrl: `stun:127.0.0.1:${sipPort}`,
    setSubscribers,
    async calls() {
      const reply = await ngCommand(ng, { command: 'list' });
      return (reply.calls as string[] | undefined) ?? [];
    },
    async relayed(callId) {
      const reply = await ngCommand(ng, { command: 'query', 'call-id': callId }).catch((error: Error) => {
        if (/unknown call-id/i.test(error.message)) return null;
        throw error;
      });
      if (!reply) return null;
      const totals = reply.totals as { RTP?: { packets: number; bytes: number } } | undefined;
      const tags = Object.keys((reply.tags as Record<string, unknown> | undefined) ?? {});
      return { packets: totals?.RTP?.packets ?? 0, bytes: totals?.RTP?.bytes ?? 0, legs: tags.length };
    },
    output,
    stop,
  };
}

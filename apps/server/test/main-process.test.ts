// The real process, as `npm start` runs it: first start migrates and seeds, SIGTERM exits cleanly, a restart
// keeps the data and the generated JWT secret (a token of the first run still works).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = resolve(serverDir, '../../node_modules/.bin/tsx');

type Running = { child: ChildProcess; port: number; seeded: boolean; exited: Promise<number | null> };

async function start(dataDir: string): Promise<Running> {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let seeded = false;
  const port = await new Promise<number>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not become ready in 60 s')), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number; seeded?: boolean };
      if (entry.msg === 'configuration') seeded = Boolean(entry.seeded);
      if (entry.msg === 'ready' && entry.port) {
        clearTimeout(timer);
        ready(entry.port);
      }
    });
    void exited.then((code) => fail(new Error(`server exited with ${code}`)));
  });
  return { child, port, seeded, exited };
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('starts on PGlite with the demo company, stops on SIGTERM and restarts with its data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atende-main-'));
    dirs.push(dataDir);
    delete process.env.DATABASE_URL;

    const first = await start(dataDir);
    expect(first.seeded).toBe(true);
    const base = `http://127.0.0.1:${first.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'demo', username: 'attendant', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(dataDir);
    try {
      expect(second.seeded).toBe(false);
      const me = await fetch(`http://127.0.0.1:${second.port}/api/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('attendant');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});

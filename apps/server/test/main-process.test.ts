// The real process, as `npm start` runs it: first start migrates and seeds, SIGTERM exits cleanly, a restart
// keeps the data and the generated JWT secret (a token of the first run still works).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.ts';

const start = (dataDir: string) => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });

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
    const base = first.baseUrl;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company: 'demo', username: 'attendant', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect(await first.stop()).toBe(0);

    const second = await start(dataDir);
    try {
      expect(second.seeded).toBe(false);
      const me = await fetch(`${second.baseUrl}/api/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('attendant');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 120_000);
});

// Builds the web app when stale, starts one real server (fresh PGlite data dir, demo company seeded) on a
// free port for the whole e2e run, and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../scripts/web-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server under test. */
    baseUrl: string;
    port: number;
    /** The server's DATA_DIR, where its control socket (simulated customers, bulk seeding) listens. */
    dataDir: string;
  }
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    server.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'atende-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      CHECK_RESPONSES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('dataDir', dataDir);

  return async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
}

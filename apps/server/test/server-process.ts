// Starts the real server process (src/main.ts, as `npm start` runs it) and waits for its "ready" log line.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 60_000;

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Whether this start created the demo company. */
  seeded: boolean;
  exited: Promise<number | null>;
  /** Every log line so far (each process's lines carry its pid). */
  logs: { msg?: string; pid?: number; [key: string]: unknown }[];
  /** What the processes wrote to stderr (libraries' own complaints), also passed on to this one's. */
  stderr: string[];
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
};

export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  // Node with tsx's loader, as `npm start` runs it (the tsx command would SIGKILL a server slow to take SIGTERM).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    process.stderr.write(`${line}\n`);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let seeded = false;
  const logs: ServerProcess['logs'] = [];
  const port = await new Promise<number>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('server not ready in 60 s')), READY_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; port?: number; seeded?: boolean };
      logs.push(entry);
      if (entry.msg === 'configuration') seeded = Boolean(entry.seeded);
      if (entry.msg === 'ready' && entry.port) {
        clearTimeout(timer);
        ready(entry.port);
      }
    });
    void exited.then((code) => fail(new Error(`server exited with ${code}`)));
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    seeded,
    exited,
    logs,
    stderr,
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

// Child processes under measurement: the product's server (src/main.ts, as `npm start` runs it) and the bare
// limit servers. Each is a plain `node --import tsx` child, so its pid is the process that serves and its CPU
// time and resident memory can be read from /proc while a scenario runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_DIR = resolve(REPO_DIR, 'apps/server');
const READY_TIMEOUT_MS = 120_000;

export type Child = {
  process: ChildProcess;
  pid: number;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** Starts `node --import tsx <script>` in `cwd` and resolves once `ready()` answers true. */
export async function startChild(options: {
  script: string;
  cwd: string;
  env: Record<string, string | undefined>;
  nodeArgs?: string[];
  ready: () => Promise<boolean>;
}): Promise<Child> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.script} exited with ${child.exitCode}`);
    if (await options.ready().catch(() => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} not ready in ${READY_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  return {
    process: child,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The product's server on `port`, with the given environment (DATABASE_URL or DATA_DIR, REDIS_URL...). */
export function startAppServer(
  port: number,
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
) {
  return startChild({
    script: 'src/main.ts',
    cwd: SERVER_DIR,
    nodeArgs,
    // Request logs off, as in the limit servers: the comparison is of the work, not of the log volume.
    env: { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'never', ...env },
    ready: async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
  });
}

/** CPU time (user + system, in ms) and resident memory (bytes) of a process, from /proc. */
/** A process and its descendants (the server processes a WORKERS > 1 supervisor forked). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children = children.concat(listed.split(/\s+/).map(Number));
    }
  } catch {
    return [pid];
  }
  return [pid, ...children.flatMap(processTree)];
}

export function processUsage(pid: number): { cpuMs: number; rssBytes: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // Linux reports CPU in clock ticks of 1/100 s (USER_HZ) on every architecture Node supports.
    return { cpuMs: ticks * 10, rssBytes: rssKb * 1024 };
  } catch {
    return null;
  }
}

export type UsageReport = {
  /** CPU of the measured processes, as a percentage of one core (200 % = both of 2 cores). */
  cpuPercent: number;
  rssMaxMb: number;
  /** CPU of the database backends serving them (PostgreSQL only; PGlite runs inside the server). */
  dbCpuPercent: number | null;
  /** Wall time of the measurement, to turn CPU into CPU time per request. */
  seconds: number;
};

/**
 * Samples the processes while `work` runs. On a shared machine latency and throughput follow whatever else
 * runs, but CPU time per request does not: it is reported beside them.
 */
export async function measureUsage<T>(
  pids: number[],
  work: () => Promise<T>,
  databasePids: () => Promise<number[]> = async () => [],
): Promise<{ result: T; usage: UsageReport }> {
  const cpuOf = (of: number[]) => of.reduce((total, pid) => total + (processUsage(pid)?.cpuMs ?? 0), 0);
  const rss = () => pids.reduce((total, pid) => total + (processUsage(pid)?.rssBytes ?? 0), 0);
  let rssMax = rss();
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rss())), 250);
  // Backends counted from the start (pool connections may open during the run: theirs counts from zero).
  const dbStart = new Map((await databasePids()).map((pid) => [pid, processUsage(pid)?.cpuMs ?? 0]));
  const startedCpu = cpuOf(pids);
  const started = performance.now();
  try {
    const result = await work();
    const elapsed = performance.now() - started;
    rssMax = Math.max(rssMax, rss());
    const dbEnd = await databasePids();
    const dbCpu = dbEnd.reduce(
      (total, pid) => total + (processUsage(pid)?.cpuMs ?? 0) - (dbStart.get(pid) ?? 0),
      0,
    );
    return {
      result,
      usage: {
        cpuPercent: Math.round(((cpuOf(pids) - startedCpu) / elapsed) * 100),
        rssMaxMb: Math.round(rssMax / 1024 / 1024),
        dbCpuPercent: dbEnd.length ? Math.round((dbCpu / elapsed) * 100) : null,
        seconds: elapsed / 1000,
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

// WORKERS > 1: the first process becomes a supervisor that forks the server processes (Node's cluster: they
// share the port, each connection goes to one of them), replaces one that dies, and passes SIGTERM/SIGINT on
// to all of them. Node runs a process's JavaScript on one core; the product is CPU-bound on its own process
// long before the database is, so a 2-core machine serves with two.
import cluster from 'node:cluster';
import { pino } from 'pino';

/** Which server process this is, 0 to WORKERS - 1 (a replacement takes the index of the one it replaces). */
export const workerIndex = (): number => Number(process.env.ATENDE_WORKER_INDEX ?? 0);

const STOP_TIMEOUT_MS = 15_000;

export function superviseWorkers(count: number, level: string): void {
  const log = pino({ level, name: 'supervisor' });
  let stopping = false;
  let exitCode = 0;
  let alive = 0;

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive === 0) process.exit(code);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log.error('server processes did not stop in time; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };

  const fork = (index: number) => {
    const worker = cluster.fork({ ATENDE_WORKER_INDEX: String(index) });
    let listening = false;
    worker.once('listening', () => (listening = true));
    alive += 1;
    worker.on('exit', (code, signal) => {
      alive -= 1;
      if (stopping) {
        if (alive === 0) process.exit(exitCode);
        return;
      }
      log.error({ index, code, signal }, 'server process exited');
      // One that died before listening failed to start (configuration, database): a replacement would too.
      if (!listening) {
        log.error({ index }, 'server process failed at start: stopping');
        stopAll(1);
        return;
      }
      fork(index);
    });
  };

  log.info({ workers: count }, 'starting server processes');
  for (let index = 0; index < count; index++) fork(index);
  process.once('SIGTERM', () => stopAll(0));
  process.once('SIGINT', () => stopAll(0));
}

// Durable background jobs (pg-boss) in the same database as the data: a job that announces data is enqueued
// inside the transaction that writes it, so it exists exactly when the data does, and survives restarts.
// Workers run in processes whose ROLE is `worker` or `all`; on PostgreSQL several compete safely.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlExecutor } from './db/database.ts';

export const QUEUES = { sendMessage: 'message.send', scheduleReminder: 'schedule.reminder' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Transient failures are retried with exponential backoff: 5 attempts over about a minute. */
export const RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true } as const;

export type JobHandler<T> = (data: T, job: { id: string; attempt: number }) => Promise<void>;

export type Jobs = {
  /** Enqueues a job as part of the caller's open transaction; `startAfter` delays it. */
  enqueue<T extends object>(
    tx: Db,
    queue: QueueName,
    data: T,
    options?: { startAfter?: Date },
  ): Promise<void>;
  work<T extends object>(queue: QueueName, handler: JobHandler<T>): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** How long stop() waits for pg-boss's last statements once its workers are done. */
const SETTLE_TIMEOUT_MS = 5_000;

export function createJobs(raw: SqlExecutor, onError: (error: Error) => void): Jobs {
  // pg-boss marks a finished job complete or failed without awaiting it, so its stop() can resolve while that
  // statement still runs; counting pg-boss's statements lets stop() return only once they settled, before
  // the database closes under them.
  const inFlight = new Set<Promise<unknown>>();
  const tracked: SqlExecutor = {
    ...raw,
    executeSql: (text, values) => {
      const running = raw.executeSql(text, values);
      inFlight.add(running);
      void running.then(
        () => inFlight.delete(running),
        () => inFlight.delete(running),
      );
      return running;
    },
  };
  const boss = new PgBoss({ db: tracked as PgBoss.Db, schedule: false, supervise: true });
  boss.on('error', onError);
  let started: Promise<unknown> | null = null;
  return {
    async enqueue(tx, queue, data, options = {}) {
      await boss.send(queue, data, { ...RETRY, ...options, db: transactionExecutor(tx) });
    },
    async work(queue, handler) {
      await boss.work<object>(
        queue,
        { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await handler(job.data as never, { id: job.id, attempt: job.retryCount + 1 });
        },
      );
    },
    async start() {
      started ??= boss.start().then(async () => {
        for (const queue of Object.values(QUEUES)) await ensureQueue(boss, queue);
      });
      await started;
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      const timedOut = new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS).unref(),
      );
      while (inFlight.size > 0) {
        const settled = Promise.allSettled([...inFlight]).then(() => true);
        if (!(await Promise.race([settled, timedOut]))) break;
      }
    },
  };
}

/**
 * Creates a queue unless it exists. Processes starting together race to create it, and PostgreSQL may end one
 * attempt as a deadlock: whoever loses finds the queue made by the other.
 */
async function ensureQueue(boss: PgBoss, queue: QueueName, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue)) return;
    try {
      await boss.createQueue(queue, { name: queue, ...RETRY });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** pg-boss's SQL ($1, $2…) run through a drizzle handle, so it joins that handle's transaction. */
export function transactionExecutor(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

// Durable background jobs (pg-boss) in the same database as the data: a job that announces data is enqueued
// inside the transaction that writes it, so it exists exactly when the data does, and survives restarts.
// Workers run in processes whose ROLE is `worker` or `all`; on PostgreSQL several compete safely.
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { queryRows, type Db, type SqlExecutor } from './db/database.ts';
import { driverClient, rememberOn } from './db/pglite/statements.ts';

export const QUEUES = {
  sendMessage: 'message.send',
  scheduleReminder: 'schedule.reminder',
  conversationWake: 'conversation.wake',
  criticalSweep: 'contacts.critical',
  retentionSweep: 'company.retention',
  broadcastTick: 'broadcast.tick',
  broadcastSend: 'broadcast.send',
  broadcastFilesSweep: 'broadcast.files',
  csatRequest: 'csat.request',
  analyticsSeal: 'analytics.seal',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Transient failures are retried with exponential backoff: 5 attempts over about a minute. */
export const RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true } as const;

export type JobHandler<T> = (data: T, job: { id: string; attempt: number }) => Promise<void>;

/**
 * Jobs fetched at once. pg-boss waits its polling interval after every fetch, full or not, so a batch of one
 * delivered 2 messages a second; a full batch now fetches the next at once, and its jobs run together.
 */
const WORK_BATCH = 10;
const POLLING_INTERVAL_SECONDS = 0.5;

export type Jobs = {
  /**
   * Enqueues a job as part of the caller's open transaction; `startAfter` delays it. With `singletonKey` and
   * `singletonSeconds` at most one job of the key is ever created per time slot of that length (this one, or
   * the next with `singletonNextSlot`): a periodic job enqueued by several processes runs once per slot.
   */
  enqueue<T extends object>(
    tx: Db,
    queue: QueueName,
    data: T,
    options?: {
      startAfter?: Date;
      singletonKey?: string;
      singletonSeconds?: number;
      singletonNextSlot?: boolean;
    },
  ): Promise<void>;
  /**
   * Works the queue's jobs in this process: those of a batch together, except jobs with the same `sequence`
   * key, which run one after another in the order they were enqueued (a conversation's messages). A worker
   * fetches its next batch only once every job of its batch is done: `workers` > 1 lets a job committed
   * meanwhile start at once on another (long jobs that must follow each other without a gap).
   */
  work<T extends object>(
    queue: QueueName,
    handler: JobHandler<T>,
    options?: { sequence?: (data: T) => string; workers?: number },
  ): Promise<void>;
  /** Fetches the queue's jobs now rather than at the next poll: for a job just committed. */
  wake(queue: QueueName): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** How long stop() waits for pg-boss's last statements once its workers are done. */
const SETTLE_TIMEOUT_MS = 5_000;

export function createJobs(database: { db: Db; raw: SqlExecutor }, onError: (error: Error) => void): Jobs {
  const { raw } = database;
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
  const workers = new Map<QueueName, string[]>();
  return {
    async enqueue(tx, queue, data, options = {}) {
      await boss.send(queue, data, { ...RETRY, ...options, db: transactionExecutor(tx) });
    },
    async work<T extends object>(
      queue: QueueName,
      handler: JobHandler<T>,
      options: { sequence?: (data: T) => string; workers?: number } = {},
    ) {
      const run = async (job: PgBoss.JobWithMetadata<T>) => {
        try {
          await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
        } catch (error) {
          // Failed alone: pg-boss then completes only the jobs of the batch still active. Should recording the
          // failure fail too, the whole batch fails and is retried (handlers skip work already done), rather
          // than the failed job be completed with the others.
          await boss.fail(queue, job.id, error as object);
        }
      };
      const ids: string[] = [];
      workers.set(queue, ids);
      for (let i = 0; i < (options.workers ?? 1); i++) {
        const id: string = await boss.work<T>(
          queue,
          { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: WORK_BATCH, includeMetadata: true },
          async (batch) => {
            // A full batch suggests more waiting: no pause before the next fetch.
            if (batch.length === WORK_BATCH) boss.notifyWorker(id);
            await Promise.all(
              inSequences(batch, options.sequence).map(async (sequence) => {
                for (const job of sequence) await run(job);
              }),
            );
          },
        );
        ids.push(id);
      }
    },
    wake(queue) {
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async start() {
      started ??= boss.start().then(() => createQueues(database.db));
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
 * The batch's jobs grouped by `sequence` key, each group in the queue's order (pg-boss fetches in that order
 * but returns the rows as its UPDATE yields them); each job alone without a key.
 */
function inSequences<T>(
  batch: PgBoss.JobWithMetadata<T>[],
  sequence?: (data: T) => string,
): PgBoss.JobWithMetadata<T>[][] {
  if (!sequence) return batch.map((job) => [job]);
  const queued = [...batch].sort(
    (a, b) => a.createdOn.getTime() - b.createdOn.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const groups = new Map<string, PgBoss.JobWithMetadata<T>[]>();
  for (const job of queued) {
    const key = sequence(job.data);
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  return [...groups.values()];
}

/**
 * Creates the queues that do not exist yet, one process at a time. Processes starting together on a new
 * database, each creating the same queue, deadlock (one attaches the queue's partition while the other inserts
 * the queue): PostgreSQL ends one after a second, and in lockstep every queue did, which outlasted the start's
 * 10 s. pg-boss's own function creates each, with the options its createQueue would pass.
 */
async function createQueues(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atende:pgboss-queues'))`);
    const existing = await queryRows<{ name: string }>(tx, sql`select name from pgboss.queue`);
    const names = new Set(existing.map((queue) => queue.name));
    const options = JSON.stringify({ policy: 'standard', ...RETRY });
    for (const queue of Object.values(QUEUES)) {
      if (!names.has(queue)) await tx.execute(sql`select pgboss.create_queue(${queue}, ${options}::json)`);
    }
  });
}

/**
 * pg-boss's SQL ($1, $2…) run on the driver client behind a drizzle handle, so it joins that handle's
 * transaction; on PGlite as a named statement (db/pglite/statements.ts).
 */
export function transactionExecutor(tx: Db): PgBoss.Db {
  const client = driverClient(tx) as SqlClient;
  return {
    async executeSql(text, values = []) {
      rememberOn(client, text);
      return { rows: (await client.query(text, values)).rows };
    },
  };
}

/** What node-postgres's pool and client and PGlite and its transactions all answer. */
type SqlClient = { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

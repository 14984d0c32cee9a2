// Opens the database: PGlite (PostgreSQL in WASM) in DATA_DIR by default, node-postgres when DATABASE_URL
// is set. Both get the same drizzle schema and the same SQL migrations. On PGlite, statements and rows take the
// fast path of pglite/ only where its self-check holds at opening (pglite/self-check.ts).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.ts';
import { createPostgresPool } from './postgres-pool.ts';
import { listenPostgres, type Listening, type NotificationListener } from './notifications.ts';
import { fastPathFor } from './pglite/self-check.ts';
import { rememberOn } from './pglite/statements.ts';

export type Schema = typeof schema;
/** A drizzle handle: the database itself or an open transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL with $n parameters; without parameters the text may hold several statements (pg-boss needs both). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  raw: SqlExecutor;
  ping(): Promise<void>;
  /** NOTIFY of `channel` (sent at commit by any process) to `listener`, until closed. */
  listen(channel: string, listener: NotificationListener): Promise<Listening>;
  close(): Promise<void>;
  /** PGlite's faster statements and rows are in use (their self-check held: pglite/self-check.ts). */
  fastPath: boolean;
};

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

/**
 * `warn` receives the embedded database's one warning, should its fast path turn itself off (by default
 * `process.emitWarning`).
 */
type EmbeddedOptions = { warn?: (message: string) => void };

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | ({ dataDir: string } & EmbeddedOptions)
  /**
   * An already open PGlite (tests load one from a migrated dump). `traceStatement` sees every statement
   * drizzle sends, named or not (the query guards count and EXPLAIN them).
   */
  | ({ pglite: PGlite; traceStatement?: (text: string, params: unknown[]) => void } & EmbeddedOptions);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  const client =
    'pglite' in options ? options.pglite : await createPglite({ dataDir: embeddedDir(options.dataDir) });
  // The fast client only where its self-check holds; PGlite itself otherwise.
  const { client: named } = await fastPathFor(client, options.warn ?? warnProcess);
  const trace = 'traceStatement' in options ? options.traceStatement : undefined;
  const db = drizzlePglite(named, {
    schema,
    ...(trace && { logger: { logQuery: trace } }),
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: {
      async executeSql(text, values) {
        if (values?.length) {
          // The job queue's statements: a few dozen fixed texts, run often.
          rememberOn(named, text);
          return { rows: (await named.query(text, values)).rows };
        }
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    ping: async () => void (await client.query('select 1')),
    async listen(channel, listener) {
      // One process owns the embedded database: its notifications are never lost.
      const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
      listener.live(true);
      return {
        async close() {
          listener.live(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    close: once(() => client.close()),
    fastPath: named !== client,
  };
}

const warnProcess = (message: string) =>
  process.emitWarning(message, { code: 'ATENDE_PGLITE_FAST_PATH_OFF' });

/** A PGlite with the extensions our migrations create (search needs pg_trgm and unaccent). */
export const createPglite = (options: Omit<PGliteOptions, 'extensions'> = {}) =>
  PGlite.create({ ...options, extensions: { pg_trgm, unaccent } });

/** Closing twice (a test's teardown after a shutdown, say) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

function embeddedDir(dataDir: string): string {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Sessions in UTC: timestamps read as text are then rewritten, not parsed (timestamps.ts).
  const pool = createPostgresPool(
    { connectionString: url, max: poolSize, options: '-c TimeZone=UTC' },
    (message) => process.emitWarning(message, { code: 'ATENDE_POSTGRES_CONNECTION_LOST' }),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    raw: { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    ping: async () => void (await pool.query('select 1')),
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: once(async () => {
      await drained(pool);
      await pool.end();
    }),
    fastPath: false,
  };
}

const DRAIN_MS = 2_000;
const QUIET_MS = 50;

/**
 * Resolves once the pool has been idle for QUIET_MS (or after DRAIN_MS). A request whose client hung up keeps
 * running after the HTTP server has closed; ending the pool under it made its next query fail.
 */
async function drained(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < QUIET_MS) {
    if (pool.waitingCount > 0 || pool.totalCount > pool.idleCount) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Applies pending migrations. On PostgreSQL an advisory lock serialises concurrent starts of several
 * processes, so exactly one of them migrates and the others wait for it.
 */
export async function runMigrations(options: DatabaseOptions, database: Database): Promise<void> {
  if (!('url' in options)) {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('atende:migrations'))");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('atende:migrations'))").catch(() => undefined);
    await client.end();
  }
}

/** True when the database holds no company yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ empty: sql<boolean>`not exists(select 1 from companies)` })
    .from(sql`(select 1) as probe`);
  return Boolean(row?.empty);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared drizzle type leaves unknown. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A unique constraint (the index `constraint`, when named) refused the row (PostgreSQL error 23505), as a
 * concurrent duplicate insert does.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const refusal = current as { code?: unknown; constraint?: unknown };
    if (refusal.code === '23505' && (constraint === undefined || refusal.constraint === constraint))
      return true;
  }
  return false;
}

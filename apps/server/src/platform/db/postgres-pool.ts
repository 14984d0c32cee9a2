// node-postgres's pool, made to outlive a PostgreSQL restart or failover. A restart ends every session: an
// idle connection learns it only when its next statement fails, so the first requests after it used to fail
// with 500s. Here a statement that certainly had no effect (connection-errors.ts) is run once more on a new
// connection, and a connection lost while checked out never becomes an unheard 'error' event (which ends the
// process). What still fails reaches the error handler as "database unavailable" (503).
import pg from 'pg';
import { hadNoEffect, isDatabaseUnavailable } from './connection-errors.ts';

type Statement = string | pg.QueryConfig;

/** A dead connection is noticed within this; an unreachable server fails a request rather than hang it. */
const CONNECT_TIMEOUT_MS = 5_000;

const ignore = () => undefined;

/** A transaction's `begin` changes nothing: losing its connection loses nothing, whatever the error. */
const isBegin = (statement: Statement) =>
  /^\s*begin\b/i.test(typeof statement === 'string' ? statement : statement.text);

/** SQLSTATE class 23: a constraint refused the statement (a unique index guarding a race, say). */
const CONSTRAINT_CLASS = '23';

/**
 * Whether a failed statement's session may serve the next: a constraint refused it, and it was sent with values
 * or a name (the extended protocol, which carries one statement, so its implicit transaction ended with it).
 * Ending the session instead cost a new one, and every statement prepared on it, for an expected refusal.
 */
function keepsSession(statement: Statement, values: unknown[] | undefined, error: unknown): boolean {
  const extended =
    (values?.length ?? 0) > 0 ||
    (typeof statement === 'object' && (Boolean(statement.name) || (statement.values?.length ?? 0) > 0));
  const code = (error as { code?: unknown }).code;
  return extended && typeof code === 'string' && code.startsWith(CONSTRAINT_CLASS);
}

/**
 * The pool for DATABASE_URL. `connect()` (drizzle's transactions) gives each checkout one retry: when making the
 * connection fails, or when its first statement fails having had no effect — which is how a connection the
 * server ended while idle shows itself. `query()` (drizzle's other statements, the job queue) retries a
 * statement that failed so. The retry runs on a connection made for it, outside the pool, since the pool's
 * other idle connections were likely ended too and may not know it yet. Only the promise forms of `query` are
 * supported.
 */
export function createPostgresPool(config: pg.PoolConfig, warn: (message: string) => void): pg.Pool {
  const settings = { keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config };
  const pool = new pg.Pool(settings);
  pool.on('error', (error) => warn(`idle PostgreSQL connection lost: ${error.message}`));
  // The pool listens to a connection only while it is idle; one lost while checked out would emit an 'error'
  // nobody hears. Its statement in flight fails on its own, and later ones with "not queryable".
  pool.on('connect', (client) => client.on('error', ignore));

  const pooled = pool.connect.bind(pool);

  /** A connection outside the pool, ended instead of released. */
  async function fresh(): Promise<pg.PoolClient> {
    const client = new pg.Client(settings);
    client.on('error', ignore);
    await client.connect();
    return Object.assign(client, { release: () => void client.end().catch(ignore) });
  }

  async function checkout(): Promise<pg.PoolClient> {
    let retry = true;
    let client: pg.PoolClient;
    try {
      client = await pooled();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      retry = false;
      client = await pooled();
    }
    let released = false;
    // A failed `begin` is never released by drizzle (it releases only after the transaction started), and a
    // lost connection is useless anyway: it leaves the pool at once, and a later release does nothing.
    const release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    const query = async (statement: Statement, values?: unknown[]): Promise<pg.QueryResult> => {
      const mayRetry = retry;
      retry = false;
      try {
        return await client.query(statement, values);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        release(error as Error);
        if (!mayRetry || !(hadNoEffect(error) || isBegin(statement))) throw error;
        client = await fresh();
        released = false;
        return query(statement, values);
      }
    };
    return { query, release } as unknown as pg.PoolClient;
  }

  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) =>
    callback ? pooled(callback) : checkout()) as pg.Pool['connect'];
  // Statements outside transactions: the hot path, so nothing is wrapped per checkout (wrapping each cost the
  // contact list 15 % of its throughput). A failed statement's connection is dropped, as node-postgres's own
  // pool.query does, since it may be inside an aborted transaction (pg-boss's "begin; …; commit" texts),
  // unless the failure was a constraint's refusal of one statement (keepsSession).
  const pooledQuery = async (statement: Statement, values?: unknown[]): Promise<pg.QueryResult> => {
    const client = await pooled();
    let result: pg.QueryResult;
    try {
      result = await client.query(statement, values);
    } catch (error) {
      client.release(keepsSession(statement, values, error) ? undefined : (error as Error));
      throw error;
    }
    client.release();
    return result;
  };
  pool.query = (async (statement: Statement, values?: unknown[]) => {
    try {
      return await pooledQuery(statement, values);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || !(hadNoEffect(error) || isBegin(statement))) throw error;
      const client = await fresh();
      try {
        return await client.query(statement, values);
      } finally {
        client.release();
      }
    }
  }) as pg.Pool['query'];
  return pool;
}

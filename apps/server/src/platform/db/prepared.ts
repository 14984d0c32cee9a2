// Prepared statements for the hottest reads. Building a drizzle query costs more CPU than PostgreSQL spends
// running a small one (drizzle's entity checks and SQL assembly were a fifth of a loaded server's profile),
// and a named statement is parsed and planned once per connection. So a hot query is built once per database
// handle and shape, with placeholders where its values go, and executed with the values.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import { rememberStatement } from './pglite/statements.ts';

export type Statement<T> = { execute(values?: Record<string, unknown>): Promise<T> };
/** A statement that may also run inside a transaction (`tx`: the transaction's handle). */
export type TxStatement<T> = { execute(values?: Record<string, unknown>, tx?: Db): Promise<T> };

const statements = new WeakMap<Db, Map<string, Statement<unknown>>>();

/**
 * A value bound at execution (`execute({ [name]: value })`). Typed as the value it stands for, so builders
 * shared with ordinary queries (conditions taking a user id, say) accept it.
 */
export const param = <T = string>(name: string): T => sql.placeholder(name) as unknown as T;

/**
 * The statement of one query shape, built on first use. `shape` names the statement on the connection, so it
 * must identify the SQL text exactly: the same shape always builds the same query.
 */
export function prepared<T>(
  db: Db,
  shape: string,
  build: () => { prepare(name: string): Statement<T>; toSQL(): { sql: string } },
): Statement<T> {
  return once(db, shape, () => {
    const query = build();
    rememberStatement(db, query.toSQL().sql);
    return query.prepare(shape);
  });
}

function once<S extends Statement<unknown>>(db: Db, shape: string, create: () => S): S {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(shape) as S | undefined;
  if (!statement) {
    statement = create();
    byShape.set(shape, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * A prepared statement of raw SQL — a data-modifying CTE, or several lists at once, which no drizzle builder
 * writes — answering its rows as objects. Same contract as `prepared`: placeholders (`param`) where the values
 * go.
 */
export function preparedSql<Row>(db: Db, shape: string, build: () => SQL): TxStatement<Row[]> {
  return once(db, shape, () => {
    const query = dialect.sqlToQuery(build());
    rememberStatement(db, query.sql);
    const statement = db._.session.prepareQuery(query, undefined, shape, false);
    return {
      // In a transaction the built text runs on the transaction's connection, under the same name (the driver
      // parses a name once per connection); only the small handle is made again, never the SQL.
      execute: async (values?: Record<string, unknown>, tx?: Db) => {
        const on = tx ? tx._.session.prepareQuery(query, undefined, shape, false) : statement;
        return ((await on.execute(values)) as { rows: Row[] }).rows;
      },
    };
  });
}

/** A row as the driver parsed it: timestamps stay PostgreSQL's text (with their microseconds). */
export type RawRow<R> = {
  [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

type SelectBuilder<R> = SQLWrapper & PromiseLike<R[]> & { _: { selectedFields: Record<string, unknown> } };

/**
 * A prepared select of a flat selection answering plain rows keyed like it. For the longest lists: drizzle
 * maps every field of every row through its entity checks (a sixth of the loaded server's CPU on the contact
 * list), where this copies the driver's values. Timestamps arrive as text; `isoTimestamp` presents them.
 */
export function preparedRows<R>(
  db: Db,
  shape: string,
  build: () => SelectBuilder<R>,
): Statement<RawRow<R>[]> {
  return once(db, shape, () => {
    const query = build();
    const keys = Object.keys(query._.selectedFields);
    const toRow = (values: unknown[]) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
      return row;
    };
    const text = dialect.sqlToQuery(query.getSQL());
    rememberStatement(db, text.sql);
    const statement = db._.session.prepareQuery(text, undefined, shape, true, (rows) =>
      (rows as unknown[][]).map(toRow),
    );
    return { execute: (values) => statement.execute(values) as Promise<RawRow<R>[]> };
  });
}

// Prepared statements for the hottest reads. Building a drizzle query costs more CPU than PostgreSQL spends
// running a small one (drizzle's entity checks and SQL assembly were a fifth of a loaded server's profile),
// and a named statement is parsed and planned once per connection. So a hot query is built once per database
// handle and shape, with placeholders where its values go, and executed with the values.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

export type Statement<T> = { execute(values?: Record<string, unknown>): Promise<T> };

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
  build: () => { prepare(name: string): Statement<T> },
): Statement<T> {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(shape) as Statement<T> | undefined;
  if (!statement) {
    statement = build().prepare(shape);
    byShape.set(shape, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/**
 * A prepared statement of raw SQL — a data-modifying CTE, which no drizzle builder writes — answering its
 * rows as objects. Same contract as `prepared`: placeholders (`param`) where the values go.
 */
export function preparedSql<Row>(db: Db, shape: string, build: () => SQL): Statement<Row[]> {
  return prepared(db, shape, () => ({
    prepare(name) {
      const statement = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      return {
        execute: async (values) => ((await statement.execute(values)) as { rows: Row[] }).rows,
      };
    },
  }));
}

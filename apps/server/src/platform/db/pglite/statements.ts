// How statements run on PGlite. PGlite's query() sends parse, describe, bind, describe, execute and sync as six
// calls into the WASM backend, parses and plans the text every time (drizzle's statement names are ignored;
// planning reads every relation's size through the file system), and merges a query's own parsers into its
// 200 on every call (drizzle passes some with every query: a tenth of the CPU of a send). Here:
//  - a remembered text (the hot statements of prepared.ts, the job queue's) is parsed once per PGlite and then
//    run with one call carrying bind, describe, execute and sync: a small read costs 0.15 ms, not 0.4–0.7 ms;
//  - any other text takes two calls (parse and describe, then the rest) and is planned each time, as on
//    PostgreSQL, where drizzle's statements are unnamed;
//  - a query's parsers are merged once per options object (drizzle reuses one per statement);
// inside transactions too: the client's transaction() hands out a transaction that runs statements the same way.
// Depends on @electric-sql/pglite 0.5.16 (pinned): execProtocolStream, _runExclusiveQuery,
// _runExclusiveTransaction, syncToFs, parsers, serializers, protocol.serialize and parse.parseResults /
// parseDescribeStatementResults; and on drizzle-orm 0.45.4 (pinned): a handle's `_.session.client`.
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { concatBytes } from './bytes.ts';
import type { Db } from '../database.ts';

const { serialize } = protocol;

/** Texts remembered per PGlite at most: a bound should a caller remember texts that embed values. */
export const MAX_REMEMBERED_TEXTS = 500;

/** The set of remembered texts, reachable from the client and its transactions (see `rememberStatement`). */
const REMEMBERED = Symbol('remembered statement texts');

/** Statements named on each PGlite so far: several clients over one PGlite (the self-check's, say) must not
 * reuse each other's names. Counted under PGlite's query lock. */
const namedOn = new WeakMap<PGlite, number>();

type ParsedStatement = { name: string; paramTypes: number[] };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

export function withNamedStatements(pglite: PGlite): PGlite {
  const texts = new Set<string>();
  const parsed = new Map<string, ParsedStatement>();
  const merged = new WeakMap<QueryOptions, { parsers: Record<number, unknown>; options: QueryOptions }>();
  const resultParsing = (options: QueryOptions | undefined) => {
    if (!options?.parsers) return { parsers: pglite.parsers, options };
    let known = merged.get(options);
    if (!known) {
      known = {
        parsers: { ...pglite.parsers, ...options.parsers },
        options: { ...options, parsers: undefined },
      };
      merged.set(options, known);
    }
    return known;
  };
  const call = (messages: Uint8Array[]) =>
    pglite.execProtocolStream(concatBytes(messages), { syncToFs: false });

  async function parseOnce(text: string, options: QueryOptions | undefined): Promise<ParsedStatement> {
    const known = parsed.get(text);
    if (known) return known;
    const count = (namedOn.get(pglite) ?? 0) + 1;
    namedOn.set(pglite, count);
    const name = `atende_${count}`;
    const statement = { name, paramTypes: await describe(text, name, options) };
    parsed.set(text, statement);
    return statement;
  }

  /** Parses `text` (as `name`, or unnamed) and answers its parameters' types; the sync keeps an error from
   * leaving the backend waiting for one. */
  async function describe(text: string, name: string | undefined, options: QueryOptions | undefined) {
    const messages = await call([
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    return parse.parseDescribeStatementResults(messages);
  }

  /** One statement, the caller holding PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    try {
      const statement = texts.has(text)
        ? await parseOnce(text, options)
        : { name: undefined, paramTypes: await describe(text, undefined, options) };
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index]!;
        const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await call([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const parsing = resultParsing(options);
      return parse.parseResults(messages, parsing.parsers as never, parsing.options)[0] as Results<T>;
    } catch (error) {
      throw Object.assign(error as object, { query: text, params, queryOptions: options });
    }
  }

  /** Files (COPY's blobs) take PGlite's own path. */
  const ownPath = (options: QueryOptions | undefined) => options?.blob !== undefined;

  const query: Query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (ownPath(options)) return pglite.query<T>(text, params, options);
    // Both locks, as query() takes them: no statement slips into another caller's open transaction.
    const result = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => run<T>(text, params, options)),
    );
    await pglite.syncToFs();
    return result;
  };

  /** The transaction's statements run the same way, under the query lock only (it holds the other). */
  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery: Query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (ownPath(options)) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return pglite._runExclusiveQuery(() => run<T>(text, params, options));
    };
    return new Proxy(tx, {
      get(target, property) {
        if (property === 'query') return txQuery;
        if (property === REMEMBERED) return texts;
        return Reflect.get(target, property, target);
      },
    });
  };

  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === REMEMBERED) return texts;
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(inTransaction(tx)));
      }
      // PGlite's getters read private fields: they must see the PGlite itself, not the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Runs `text` as a named statement from now on where `db` (a database handle or a transaction) runs on a client
 * from `withNamedStatements`; elsewhere (node-postgres) nothing changes.
 */
export function rememberStatement(db: Db, text: string): void {
  rememberOn(driverClient(db), text);
}

/** The driver's client behind a drizzle handle: node-postgres's pool or client, PGlite or its transaction. */
export const driverClient = (db: Db): unknown =>
  (db as unknown as { _: { session: { client: unknown } } })._.session.client;

/** Whether `client` (from `withNamedStatements`, or a transaction of it) runs `text` as a named statement. */
export const remembers = (client: unknown, text: string): boolean =>
  (client as { [REMEMBERED]?: Set<string> } | undefined)?.[REMEMBERED]?.has(text) ?? false;

/** `rememberStatement` for a driver client itself (the job queue's raw SQL). */
export function rememberOn(client: unknown, text: string): void {
  const texts = (client as { [REMEMBERED]?: Set<string> } | undefined)?.[REMEMBERED];
  if (texts && (texts.has(text) || texts.size < MAX_REMEMBERED_TEXTS)) texts.add(text);
}

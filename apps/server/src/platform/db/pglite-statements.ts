// Named statements on PGlite. PGlite's query() sends parse, describe, bind, describe, execute and sync as six
// calls into the WASM backend, which parses and plans the text every time (drizzle's statement names are
// ignored). The hottest statements (prepared.ts) are parsed once per PGlite instead and then run with one call
// carrying bind, describe, execute and sync: a small read costs 0.15 ms instead of 0.4–0.7 ms.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Db } from './database.ts';

const { serialize } = protocol;

type ParsedStatement = { name: string; paramTypes: number[] };

/** What `rememberStatement` reaches: the texts the PGlite behind a drizzle handle runs as named statements. */
const namedTexts = new WeakMap<Db, Set<string>>();

/**
 * A PGlite whose query() runs the texts registered by `rememberStatement` as named statements; every other
 * text, and everything inside transactions (PGlite's transaction object has its own query()), as before.
 */
export function withNamedStatements(pglite: PGlite): {
  client: PGlite;
  register(db: Db): void;
} {
  const texts = new Set<string>();
  const parsed = new Map<string, ParsedStatement>();
  // parseResults merges a query's own parsers into PGlite's 200 on every call (110 µs); drizzle passes the same
  // options object on every execution of a statement, so they are merged once per options object.
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

  async function parseOnce(text: string, options: QueryOptions | undefined): Promise<ParsedStatement> {
    const known = parsed.get(text);
    if (known) return known;
    const name = `atende_${parsed.size + 1}`;
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    parsed.set(text, statement);
    return statement;
  }

  async function runNamed<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // Both locks, as query() takes them: no statement slips into another caller's open transaction.
    const result = await pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          const statement = await parseOnce(text, options);
          const values = params.map((value, index) => {
            if (value === null || value === undefined) return null;
            const type = statement.paramTypes[index]!;
            const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
            return serializer ? serializer(value) : String(value);
          });
          const messages = await pglite.execProtocolStream(
            concat([
              serialize.bind({ statement: statement.name, values: values as string[] }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          const parsing = resultParsing(options);
          return parse.parseResults(messages, parsing.parsers as never, parsing.options)[0] as Results<T>;
        } catch (error) {
          throw Object.assign(error as object, { query: text, params, queryOptions: options });
        }
      }),
    );
    await pglite.syncToFs();
    return result;
  }

  const client = new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') {
        return <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
          texts.has(text) ? runNamed<T>(text, params, options) : target.query<T>(text, params, options);
      }
      // PGlite's getters read private fields: they must see the PGlite itself, not the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client, register: (db) => namedTexts.set(db, texts) };
}

/** Runs `text` as a named statement from now on when `db` is a PGlite handle from `withNamedStatements`. */
export function rememberStatement(db: Db, text: string): void {
  namedTexts.get(db)?.add(text);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

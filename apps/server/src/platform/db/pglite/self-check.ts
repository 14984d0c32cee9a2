// The embedded database's self-check. statements.ts and rows.ts are fast because they reach past PGlite's and
// drizzle's public APIs; an upgrade that changed what they reach must make the server slower, never make it read
// wrong rows. So before either is used on a PGlite, one statement of many types (non-ASCII text, null, int, int8,
// bool, numeric, timestamptz, jsonb, arrays, bytea; three rows; most of them bound as parameters) runs through
// PGlite's own query() with PGlite's own parser, then through the fast path — unnamed, remembered through a
// drizzle handle and run named, and named inside a transaction — with the fast row decoder, and every answer must
// equal the first (rows and fields). A missing internal, an error or a difference turns the fast path off for the
// process: PGlite's parser is put back and statements go through PGlite's public query(), with one warning. The
// statement keeps to values and casts (few catalog lookups on a cold database): the check costs a few ms.
// Depends on @electric-sql/pglite 0.5.16 and drizzle-orm 0.45.4 (pinned) through statements.ts and rows.ts; the
// internals listed in `missingInternals` are those they call.
import { isDeepStrictEqual } from 'node:util';
import { messages, parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../database.ts';
import { stopFastDataRows, useFastDataRows, type DecodeField } from './rows.ts';
import { rememberStatement, remembers, withNamedStatements } from './statements.ts';

export type FastPathCheck =
  { fast: true; client: PGlite; ms: number } | { fast: false; reason: string; ms: number };

/** Ours, and recognisable in pg_prepared_statements. */
export const CHECK_TEXT = `select /* atende fast path self-check */ n, $1::text || n as label, n % 2 = 0 as even,
  n::int8 * 10000000000 as big, n * 0.5 as ratio, case when n = 2 then null else $2::timestamptz end as at,
  $3::jsonb as data, array[n, null, -n]::int4[] as numbers, $4::text[] as texts, $5::bytea as bytes,
  null::text as nothing
from (values (1), (2), (3)) as t(n)`;

const checkParams = () => [
  'Olá, São Paulo 👋🏽 \uFEFF',
  new Date('2026-01-02T03:04:05.123Z'),
  { a: [1, 'ç', null] },
  ['x y', null, 'é"{}'],
  new Uint8Array([0, 255, 10]),
];

/**
 * Checks the fast path on `pglite` and, when it holds, leaves PGlite's parser wrapped (rows.ts) and answers the
 * client that runs statements the fast way (statements.ts), checked itself; otherwise leaves PGlite's parser as
 * PGlite made it. Never throws. `decodeField` is for tests, which corrupt the decoder with it.
 */
export async function checkFastPath(
  pglite: PGlite,
  seams: { decodeField?: DecodeField } = {},
): Promise<FastPathCheck> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  const off = (reason: string): FastPathCheck => {
    stopFastDataRows();
    return { fast: false, reason, ms: elapsed() };
  };
  try {
    const missing = missingInternals(pglite);
    if (missing.length) return off(`missing internals: ${missing.join(', ')}`);
    // The reference is read with PGlite's own parser. Putting it back while another PGlite runs is harmless:
    // both parsers answer the same messages, and no output is ever half parsed between two statements.
    stopFastDataRows();
    const expected = answer(await pglite.query(CHECK_TEXT, checkParams()));
    useFastDataRows(seams.decodeField);
    const client = withNamedStatements(pglite);
    const answers: [string, Answer][] = [];
    answers.push(['unnamed', answer(await client.query(CHECK_TEXT, checkParams()))]);
    rememberStatement(drizzle(client) as unknown as Db, CHECK_TEXT);
    if (!remembers(client, CHECK_TEXT)) return off('drizzle’s session client is not the PGlite client');
    answers.push(['named', answer(await client.query(CHECK_TEXT, checkParams()))]);
    const inTransaction = await client.transaction((tx) => tx.query(CHECK_TEXT, checkParams()));
    answers.push(['named in a transaction', answer(inTransaction)]);
    for (const [path, actual] of answers) {
      if (!isDeepStrictEqual(actual, expected)) return off(`the ${path} statement read different rows`);
    }
    return { fast: true, client, ms: elapsed() };
  } catch (error) {
    return off(`it failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type Answer = Pick<Results<unknown>, 'rows' | 'fields' | 'affectedRows'>;
const answer = ({ rows, fields, affectedRows }: Results<unknown>): Answer => ({ rows, fields, affectedRows });

/** The internals statements.ts and rows.ts call that `pglite` or PGlite's module lacks (by name). */
export function missingInternals(pglite: PGlite): string[] {
  const client = pglite as unknown as Record<string, unknown>;
  const functions: [string, unknown][] = [
    ...[
      'query',
      'transaction',
      'execProtocolStream',
      '_runExclusiveQuery',
      '_runExclusiveTransaction',
      'syncToFs',
    ].map((name): [string, unknown] => [name, client[name]]),
    [
      'protocol.Parser.prototype.parse',
      (protocol.Parser?.prototype as { parse?: unknown } | undefined)?.parse,
    ],
    ...(['parse', 'describe', 'bind', 'execute', 'sync'] as const).map((name): [string, unknown] => [
      `protocol.serialize.${name}`,
      (protocol.serialize as Record<string, unknown> | undefined)?.[name],
    ]),
    ['parse.parseResults', parse.parseResults],
    ['parse.parseDescribeStatementResults', parse.parseDescribeStatementResults],
    ['messages.DataRowMessage', messages.DataRowMessage],
  ];
  const objects: [string, unknown][] = [
    ['parsers', client.parsers],
    ['serializers', client.serializers],
  ];
  return [
    ...functions.filter(([, value]) => typeof value !== 'function'),
    ...objects.filter(([, value]) => typeof value !== 'object' || value === null),
  ].map(([name]) => name);
}

let processVerdict: 'fast' | 'plain' | undefined;
let checking: Promise<unknown> = Promise.resolve();

/**
 * The client to run statements on for `pglite`: the fast one when its check holds; PGlite itself when it does
 * not, or when an earlier check of this process failed — then for good, and with one `warn` per process.
 * Checks run one at a time, so none sees the parser another is switching.
 */
export function fastPathFor(
  pglite: PGlite,
  warn: (message: string) => void,
): Promise<{ client: PGlite; check?: FastPathCheck }> {
  const result = checking.then(async () => {
    if (processVerdict === 'plain') return { client: pglite };
    const check = await checkFastPath(pglite);
    if (check.fast) {
      processVerdict = 'fast';
      return { client: check.client, check };
    }
    processVerdict = 'plain';
    warn(
      `PGlite's fast path is off for this process (${check.reason}): statements and rows go through PGlite's ` +
        `public query(), slower but right. It was built for @electric-sql/pglite 0.5.16 and drizzle-orm 0.45.4 ` +
        `(see apps/server/src/platform/db/pglite/self-check.ts).`,
    );
    return { client: pglite, check };
  });
  checking = result.catch(() => undefined);
  return result;
}

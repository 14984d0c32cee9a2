// Shared pieces of the property tests (fuzz-*.test.ts): hostile strings, and a fingerprint of the database that
// a refused request must leave as it was.
import fc from 'fast-check';
import type { SqlExecutor } from '../src/platform/db/database.ts';

/** Runs per property; FUZZ_RUNS raises it for a longer hunt. */
export const fuzzRuns = (runs: number) => Number(process.env.FUZZ_RUNS ?? runs);
/** FUZZ_SEED replays a failed run (fast-check prints the seed with the counterexample). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const TROUBLEMAKERS = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\u200b',
  '\u200b\u200c\u200d\u2060\ufeff',
  ' \u00a0\u3000\t\r\n',
  'Cafe\u0301',
  '😀👩‍👩‍👧',
  '\u202eevil',
  "'; drop table contacts; --",
  '%00',
  '\\u0000',
  'x'.repeat(70_000),
];

/** Strings meant to break things: known troublemakers, any code point, and mixes of NUL and surrogate halves. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TROUBLEMAKERS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udc00', '\u200b', '\ufeff', '\u0301', ' ', 'a', 'é'),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
    ),
    maxLength: 30,
  }),
);

/** Row counts and latest updates of every table of the application: what a refused request must not move. */
export async function fingerprint(raw: SqlExecutor): Promise<string> {
  const { rows } = await raw.executeSql(
    `select table_name, bool_or(column_name = 'updated_at') as updated
       from information_schema.columns where table_schema = 'public' group by table_name order by table_name`,
  );
  const parts = (rows as { table_name: string; updated: boolean }[]).map(
    ({ table_name: name, updated }) =>
      `select '${name}' as name, count(*)::text as count, ${updated ? 'max(updated_at)::text' : 'null'} as updated from "${name}"`,
  );
  return JSON.stringify((await raw.executeSql(parts.join(' union all '))).rows);
}

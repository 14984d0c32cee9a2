// The self-check of PGlite's fast path: it holds on the installed PGlite 0.5.16 and drizzle-orm 0.45.4, and a
// missing internal, a failing one or a decoder reading a field wrong turns the fast path off for the process
// with one warning, the database still answering the right rows through PGlite's public query().
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../database.ts';
import { fastDataRowsInUse } from './rows.ts';
import { CHECK_TEXT, checkFastPath } from './self-check.ts';

/** The PGlite as an upgrade could leave it: `member` missing, or replaced by `replacement`. */
function altered(pglite: PGlite, member: string, replacement?: unknown): PGlite {
  return new Proxy(pglite, {
    get(target, property) {
      if (property === member) return replacement;
      // PGlite's getters read private fields: they must see the PGlite itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const rowsOf = sql`select n, 'São Paulo ' || n as label, n % 2 = 0 as even,
  case when n = 2 then null else timestamptz '2026-01-02 03:04:05.123+00' end as at,
  jsonb_build_object('tags', array['ação', null]) as data
  from generate_series(1, 3) as n`;
// drizzle reads timestamps as PostgreSQL's text.
const at = '2026-01-02 03:04:05.123+00';
const expectedRows = [
  { n: 1, label: 'São Paulo 1', even: false, at, data: { tags: ['ação', null] } },
  { n: 2, label: 'São Paulo 2', even: true, at: null, data: { tags: ['ação', null] } },
  { n: 3, label: 'São Paulo 3', even: false, at, data: { tags: ['ação', null] } },
];

/** The names of the prepared statements holding the self-check's text. */
const checkStatements = async (pglite: PGlite) =>
  (await pglite.query('select name from pg_prepared_statements where statement = $1', [CHECK_TEXT])).rows;

describe('the self-check of PGlite’s fast path', () => {
  let pglite: PGlite;
  beforeAll(async () => (pglite = await PGlite.create()));
  afterAll(() => pglite.close());

  it('holds on the installed PGlite, and leaves the fast decoder in use and the statement named', async () => {
    expect(fastDataRowsInUse()).toBe(false); // nothing wraps PGlite's parser before a check holds
    const check = await checkFastPath(pglite);
    expect(check).toMatchObject({ fast: true });
    expect(fastDataRowsInUse()).toBe(true);
    expect(await checkStatements(pglite)).toHaveLength(1);
    console.log(`self-check, the first of this process: ${check.ms} ms`);
  });

  it('turns the fast path off when PGlite lacks an internal', async () => {
    const check = await checkFastPath(altered(pglite, 'execProtocolStream'));
    expect(check).toMatchObject({ fast: false, reason: expect.stringContaining('execProtocolStream') });
    expect(fastDataRowsInUse()).toBe(false);
  });

  it('turns it off when an internal fails', async () => {
    const failing = () => Promise.reject(new Error('changed protocol'));
    const check = await checkFastPath(altered(pglite, 'execProtocolStream', failing));
    expect(check).toMatchObject({ fast: false, reason: expect.stringContaining('changed protocol') });
    expect(fastDataRowsInUse()).toBe(false);
  });

  it('turns it off when the decoder reads a field wrong, and PGlite’s own parser reads it right again', async () => {
    const utf8 = new TextDecoder();
    // One character of one field of one row: what a changed message layout could do.
    const decodeField = (bytes: Uint8Array) => utf8.decode(bytes).replace('São Paulo 👋🏽 \uFEFF2', 'Sao');
    const check = await checkFastPath(pglite, { decodeField });
    expect(check).toMatchObject({ fast: false, reason: expect.stringContaining('different rows') });
    expect(fastDataRowsInUse()).toBe(false);
    const { rows } = await pglite.query<{ label: string }>(CHECK_TEXT, [
      'São Paulo 👋🏽 \uFEFF',
      new Date(),
      null,
      null,
      null,
    ]);
    expect(rows.map((row) => row.label)).toEqual([1, 2, 3].map((n) => `São Paulo 👋🏽 \uFEFF${n}`));
  });

  it('falls back for the whole process with one warning, the database answering right through query()', async () => {
    const warnings: string[] = [];
    const warn = (message: string) => void warnings.push(message);

    const fast = await openDatabase({ pglite, warn });
    expect(fast.fastPath).toBe(true);
    expect(fastDataRowsInUse()).toBe(true);
    expect(await queryRows(fast.db, rowsOf)).toEqual(expectedRows);

    const broken = await openDatabase({ pglite: altered(pglite, '_runExclusiveQuery'), warn });
    expect(broken.fastPath).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /fast path is off for this process \(missing internals: _runExclusiveQuery\)/,
    );
    expect(fastDataRowsInUse()).toBe(false);
    expect(await queryRows(broken.db, rowsOf)).toEqual(expectedRows);
    expect(await broken.raw.executeSql('select $1::text as label', ['ação'])).toEqual({
      rows: [{ label: 'ação' }],
    });

    // A later database of the process is not checked again, nor warned about: it is plain from the start.
    const later = await openDatabase({ pglite, warn });
    expect(later.fastPath).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(fastDataRowsInUse()).toBe(false);
    expect(await queryRows(later.db, rowsOf)).toEqual(expectedRows);
  });
});

// Named and unnamed statements on PGlite 0.5.16 through drizzle-orm 0.45.4, answering as PGlite's query()
// does, in and out of transactions.
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../database.ts';
import { MAX_REMEMBERED_TEXTS, rememberOn, rememberStatement, withNamedStatements } from './statements.ts';

describe('named statements on PGlite', () => {
  let pglite: PGlite;
  let client: PGlite;
  let db: Db;
  const named = 'select id, label, at from items where id = $1 or label = $2 order by id';

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table items (id int primary key, label text, at timestamptz);
      insert into items values (1, 'one', '2026-01-02T03:04:05.123456Z'), (2, null, null);`);
    client = withNamedStatements(pglite);
    db = drizzle(client) as unknown as Db;
    rememberStatement(db, named);
  });
  afterAll(() => pglite.close());

  const prepared = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows;

  it('runs a remembered text as one named statement and answers as query() does', async () => {
    const expected = await pglite.query(named, [2, 'one'], { rowMode: 'array' });
    for (let run = 0; run < 3; run++) {
      const result = await client.query(named, [2, 'one'], { rowMode: 'array' });
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
    }
    expect(await client.query(named, [null, 'one'])).toMatchObject({ rows: [{ id: 1, label: 'one' }] });
    expect(await prepared()).toEqual([{ name: 'atende_1' }]);
  });

  it('applies a query’s own parsers over PGlite’s, on every execution', async () => {
    const asText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` } };
    for (let run = 0; run < 2; run++) {
      const [row] = (await client.query<{ at: unknown; id: unknown }>(named, [1, null], asText)).rows;
      expect(row).toMatchObject({ id: 1, at: expect.stringMatching(/^text:2026-01-02 03:04:05.123456/) });
    }
    const [plain] = (await client.query<{ at: unknown }>(named, [1, null])).rows;
    expect(plain!.at).toBeInstanceOf(Date);
  });

  it('runs other texts unnamed, answering as query() does', async () => {
    const other = 'select id, label, at from items where id = $1 or label = $2 order by id desc';
    const asText = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` } };
    for (const options of [undefined, asText, { rowMode: 'array' as const }]) {
      const result = await client.query(other, [2, 'one'], options);
      const expected = await pglite.query(other, [2, 'one'], options);
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
    }
    expect(
      (await client.query('select $1::jsonb as data, $2::text[] as tags', [{ a: 1 }, ['x', 'y']])).rows,
    ).toEqual([{ data: { a: 1 }, tags: ['x', 'y'] }]);
    expect(await prepared()).toEqual([{ name: 'atende_1' }]);
  });

  it('runs statements inside a transaction the same way, and a transaction handle remembers texts too', async () => {
    const insert = 'insert into items values ($1, $2, null)';
    const rolledBack = db.transaction(async (tx) => {
      rememberStatement(tx, insert);
      await tx.execute(sql`insert into items values (${10}, ${'ten'}, null)`);
      await tx.execute(sql`insert into items values (${11}, ${'eleven'}, null)`);
      // A remembered text (`named`) inside the transaction sees its uncommitted rows.
      const inside = await queryRows<{ id: number }>(
        tx,
        sql`select id, label, at from items where id = ${10} or label = ${'eleven'} order by id`,
      );
      expect(inside.map((row) => row.id)).toEqual([10, 11]);
      const unnamed = await queryRows(tx, sql`select count(*)::int as n from items where id >= ${10}`);
      expect(unnamed).toEqual([{ n: 2 }]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect((await client.query('select id from items where id >= 10')).rows).toEqual([]);
    expect((await prepared()).map((row) => row.name)).toEqual(['atende_1', 'atende_2']);
  });

  it('a failing statement in a transaction undoes it and leaves the connection usable', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into items values (20, 'twenty', null)");
        await tx.query(named, [1, null]);
        await tx.query('select 10 / $1::int', [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect((await client.query('select id from items where id = 20')).rows).toEqual([]);
    expect((await client.query(named, [1, null])).rows).toHaveLength(1);
  });

  it('names statements apart for two clients over one PGlite', async () => {
    const other = withNamedStatements(pglite);
    rememberOn(other, named);
    expect((await other.query(named, [1, null])).rows).toHaveLength(1);
    expect((await client.query(named, [1, null])).rows).toHaveLength(1);
    expect((await prepared()).map((row) => row.name)).toEqual(['atende_1', 'atende_2', 'atende_3']);
  });

  it('remembers a bounded number of texts', async () => {
    for (let i = 0; i < MAX_REMEMBERED_TEXTS + 10; i++)
      rememberOn(client, `select ${i} as n where $1::int = 1`);
    expect(
      (await client.query(`select ${MAX_REMEMBERED_TEXTS + 5} as n where $1::int = 1`, [1])).rows,
    ).toEqual([{ n: MAX_REMEMBERED_TEXTS + 5 }]);
    expect((await prepared()).length).toBeLessThan(MAX_REMEMBERED_TEXTS);
  });

  it('reports an error with its query and leaves the connection usable', async () => {
    const failing = 'select 10 / $1::int as ratio';
    rememberStatement(db, failing);
    await expect(client.query(failing, [0])).rejects.toMatchObject({ code: '22012', query: failing });
    expect((await client.query<{ ratio: number }>(failing, [5])).rows).toEqual([{ ratio: 2 }]);
    await expect(client.query('select * from missing_table')).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query(named, [1, null])).rows).toHaveLength(1);
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let release!: () => void;
    let inserted!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items values (3, 'three', null)");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertDone;
    const read = client.query(named, [3, 'three']);
    release();
    await transaction;
    expect((await read).rows).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, openDatabase, type Database } from './database.ts';
import { vacuumDueTables } from './embedded-vacuum.ts';

describe('autovacuum for the embedded database', () => {
  let database: Database;
  const sql = (text: string) => database.raw.executeSql(text);
  const stats = async (table: string) =>
    (
      await database.raw.executeSql(
        `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
         from pg_stat_user_tables where relname = $1`,
        [table],
      )
    ).rows[0] as { dead: number; vacuumed: boolean; analysed: boolean };

  // Counters reach pg_stat_user_tables when the backend flushes them, at the end of a later statement.
  const flushStatistics = async () => {
    await sql(`select pg_stat_force_next_flush()`);
    await sql(`select 1`);
  };

  beforeAll(async () => {
    database = await openDatabase({ pglite: await createPglite() });
    await sql(`create table churned (id int primary key, n int);
      create table quiet (id int primary key, n int);
      create table grown (id int primary key, n int);
      insert into churned select g, 0 from generate_series(1, 1000) g;
      insert into quiet select g, 0 from generate_series(1, 1000) g;
      insert into grown select g, 0 from generate_series(1, 1000) g;`);
    await flushStatistics();
    for (const table of ['churned', 'quiet', 'grown']) await sql(`vacuum analyze ${table}`);
    await sql(`update churned set n = n + 1; update churned set n = n + 1;
      insert into grown select g, 0 from generate_series(1001, 3000) g;`);
    await flushStatistics();
  });
  afterAll(() => database.close());

  it('PGlite itself never vacuums: the dead rows of the updates are there', async () => {
    expect((await stats('churned')).dead).toBeGreaterThanOrEqual(2000);
  });

  it('vacuums the tables past autovacuum’s thresholds, and only those', async () => {
    const worked = await vacuumDueTables(database.raw);
    expect(worked).toContain('public.churned');
    expect(worked).toContain('public.grown');
    expect(worked).not.toContain('public.quiet');
    await flushStatistics();
    expect(await stats('churned')).toEqual({ dead: 0, vacuumed: true, analysed: true });
    expect((await stats('grown')).vacuumed).toBe(true);
    expect(await vacuumDueTables(database.raw)).toEqual([]);
  });
});

// The pool's own behaviour on the real PostgreSQL (TEST_DATABASE_URL): a connection is never handed out again
// in a state a failed statement left it in.
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresPool } from './postgres-pool.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('PostgreSQL pool', () => {
  const pool = adminUrl ? createPostgresPool({ connectionString: adminUrl, max: 1 }, () => undefined) : null;
  afterAll(() => pool?.end());

  it('does not reuse the connection of a failed statement left inside an aborted transaction', async () => {
    // pg-boss sends its transactions as one text: a failure in the middle leaves the transaction open.
    await expect(pool!.query('begin; select 1 / 0; commit')).rejects.toThrow(/division by zero/);
    expect((await pool!.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the connection of one statement a constraint refused, and drops one left in a transaction', async () => {
    const session = async () =>
      (await pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    await pool!.query('create temporary table taken (n int primary key)');
    await pool!.query('insert into taken values (1)');
    const before = await session();
    await expect(pool!.query('insert into taken values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect(await session()).toBe(before);
    // The same refusal inside a transaction sent as one text leaves the transaction aborted: a new session.
    await expect(pool!.query('begin; insert into taken values (1); commit')).rejects.toMatchObject({
      code: '23505',
    });
    expect(await session()).not.toBe(before);
  });
});

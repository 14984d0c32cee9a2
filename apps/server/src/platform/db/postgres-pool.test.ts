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
});

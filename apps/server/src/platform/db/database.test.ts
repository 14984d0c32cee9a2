import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';

describe('closing the database', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets work in flight finish, its next statement included, before the pool ends',
    async () => {
      const { database, drop } = await openTestDatabase();
      expect(database.fastPath).toBe(false);
      // A request whose client hung up: its handler still runs two statements after shutdown began.
      const orphan = (async () => {
        await database.db.execute(sql`select pg_sleep(0.2)`);
        const result = await database.db.execute(sql`select 1 as one`);
        return (result as unknown as { rows: { one: number }[] }).rows[0]?.one;
      })();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const closed = database.close();
      expect(await orphan).toBe(1);
      await closed;
      await expect(database.ping()).rejects.toThrow();
      await drop();
    },
  );
});

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { until } from '../../../test/factories.ts';
import { listenPostgres } from './notifications.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('listening on PostgreSQL', () => {
  it('hears notifications, says when a lost connection makes it deaf, and listens again', async () => {
    const channel = `atende_test_${process.pid}_${Date.now()}`;
    const heard: string[] = [];
    const states: boolean[] = [];
    const listening = await listenPostgres(
      url!,
      channel,
      { notify: (payload) => heard.push(payload), live: (live) => states.push(live) },
      20,
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(states).toEqual([true]);
      await admin.query('select pg_notify($1, $2)', [channel, 'one']);
      await until(() => heard.includes('one'), 'the first notification', 5_000);

      // The server ends the listening connection (a restart, a failover, an operator).
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query like '%' || $1 || '%' and pid <> pg_backend_pid()`,
        [channel],
      );
      expect(rowCount).toBe(1);
      await until(() => states.length === 3, 'the listener to say it was deaf, then to listen again', 5_000);
      expect(states).toEqual([true, false, true]);
      await admin.query('select pg_notify($1, $2)', [channel, 'two']);
      await until(() => heard.includes('two'), 'a notification after the reconnection', 5_000);
    } finally {
      await listening.close();
      await admin.end();
    }
    expect(states.at(-1)).toBe(false);
    expect(heard).toEqual(['one', 'two']);
  });
});

// Health: whether the database answers within a bound, for load balancers and the /health-check page.
import type { Database } from '../../platform/db/database.ts';

const PING_TIMEOUT_MS = 2_000;

export type HealthService = ReturnType<typeof healthService>;

export function healthService(deps: { database: Pick<Database, 'ping'> }) {
  return {
    /** True while the database answers a ping within PING_TIMEOUT_MS. */
    async databaseUp(): Promise<boolean> {
      return Promise.race([
        deps.database.ping().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref()),
      ]).catch(() => false);
    },
  };
}

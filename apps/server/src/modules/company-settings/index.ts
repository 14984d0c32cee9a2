// The company-settings module: its routes, and the daily retention sweep's worker (called on workers).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { scheduleRetention, sweepRetention } from './retention.ts';
import { companySettingsRoutes } from './routes.ts';
import { companySettingsService } from './service.ts';

export function registerCompanySettings(app: FastifyInstance): void {
  companySettingsRoutes(app, companySettingsService());
}

/** Works the retention sweep in this process, planning the next day's once this one is done. */
export async function registerRetentionWorker(deps: {
  db: Db;
  jobs: Jobs;
  storage: FileStorage;
}): Promise<void> {
  await deps.jobs.work(QUEUES.retentionSweep, async () => {
    await sweepRetention(deps.db, deps.storage);
    await scheduleRetention(deps.db, deps.jobs, true);
  });
  await scheduleRetention(deps.db, deps.jobs);
}

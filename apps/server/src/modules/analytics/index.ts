// The contacts analytics module (issue 28): its service reads the rollups the database keeps (migrations 0053
// and 0060); its routes answer the page /painel/contacts-analytics; its worker sums each past day once.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { sealDays } from './daily.ts';
import { analyticsRoutes } from './routes.ts';
import { analyticsService } from './service.ts';

export function registerAnalytics(app: FastifyInstance): void {
  analyticsRoutes(app, analyticsService());
}

const SEAL_EVERY_SECONDS = 3600;

/**
 * A sealing now (or, `next`, an hour later): one job per half-hour slot whatever the number of workers; the one
 * that runs plans the next, so every company's finished days are summed within about an hour of their end.
 */
const scheduleSeal = (db: Db, jobs: Jobs, next = false) =>
  jobs.enqueue(
    db,
    QUEUES.analyticsSeal,
    {},
    {
      singletonKey: 'analytics-seal',
      singletonSeconds: SEAL_EVERY_SECONDS / 2,
      ...(next && {
        singletonNextSlot: true,
        startAfter: new Date(Date.now() + SEAL_EVERY_SECONDS * 1000),
      }),
    },
  );

/** Works the sealing of the analytics' past days in this process, company by company. */
export async function registerAnalyticsWorker(deps: { db: Db; jobs: Jobs }): Promise<void> {
  await deps.jobs.work(QUEUES.analyticsSeal, async () => {
    const companies = await queryRows<{ id: string }>(deps.db, sql`select id from companies order by id`);
    for (const company of companies) await sealDays(deps.db, company.id, new Date());
    await scheduleSeal(deps.db, deps.jobs, true);
  });
  await scheduleSeal(deps.db, deps.jobs);
}

// The contacts module, registered once per app: its service bound to the event bus, then its routes; its
// notifier and the critical sweep's worker, which the composition starts once their parts exist.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { scheduleSweep, sweepCritical } from './critical.ts';
import { notifyContactChanges } from './notifier.ts';
import { contactRoutes } from './routes.ts';
import { contactService } from './service.ts';

/** Works the critical sweep in this process and makes sure one is planned (called on workers). */
export async function registerContactWorker(deps: { db: Db; bus: EventBus; jobs: Jobs }): Promise<void> {
  await deps.jobs.work(
    QUEUES.criticalSweep,
    async () => void (await sweepCritical(deps.db, deps.bus, deps.jobs)),
  );
  await scheduleSweep(deps.db, deps.jobs);
}

export function registerContacts(app: FastifyInstance, deps: { bus: EventBus }): void {
  contactRoutes(app, contactService(deps));
}

/** Contact changes reach whoever may see the contact (called once the realtime server exists). */
export function registerContactNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyContactChanges(deps.db, deps.bus, io);
}

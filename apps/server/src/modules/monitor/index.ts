// The live monitor module (issue 28), registered once the realtime server exists: its route reads presence
// from the sockets, and its notifier brings the supervisors a fresh snapshot when something it shows changed.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyMonitorChanges, socketPresence } from './notifier.ts';
import { monitorRoutes } from './routes.ts';

export function registerMonitor(
  app: FastifyInstance,
  io: RealtimeServer,
  deps: { bus: EventBus; db: Db },
): void {
  const presence = socketPresence(io);
  monitorRoutes(app, presence);
  notifyMonitorChanges({ ...deps, log: app.log }, io, presence);
}

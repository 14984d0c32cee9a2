// The live monitor module (issue 28), registered once the realtime server exists: its route reads presence
// from the sockets, and its notifier tells the supervisors when to read the snapshot again.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyMonitorChanges, socketPresence } from './notifier.ts';
import { monitorRoutes } from './routes.ts';

export function registerMonitor(app: FastifyInstance, io: RealtimeServer, deps: { bus: EventBus }): void {
  monitorRoutes(app, socketPresence(io));
  notifyMonitorChanges(deps.bus, io);
}

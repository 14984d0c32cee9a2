// The threads module: its service bound to the event bus, then its routes; its notifier, which the
// composition starts once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyThreadChanges } from './notifier.ts';
import { threadRoutes } from './routes.ts';
import { threadService, type ThreadDeps } from './service.ts';

export function registerThreads(app: FastifyInstance, deps: ThreadDeps): void {
  threadRoutes(app, threadService(deps));
}

/** Thread changes and messages reach whoever may see them (called once the realtime server exists). */
export function registerThreadNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyThreadChanges(deps.db, deps.bus, io);
}

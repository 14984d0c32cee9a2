// The events module (events and jokers of a contact), registered once per app: its service bound to the event
// bus, then its routes; its notifier, which the composition starts once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyEventChanges } from './notifier.ts';
import { eventRoutes } from './routes.ts';
import { eventService } from './service.ts';

export function registerEvents(app: FastifyInstance, deps: { bus: EventBus }): void {
  eventRoutes(app, eventService(deps));
}

/** A registered event reaches the conversation's room (called once the realtime server exists). */
export function registerEventNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyEventChanges(deps.db, deps.bus, io);
}

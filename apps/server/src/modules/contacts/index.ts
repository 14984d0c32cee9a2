// The contacts module, registered once per app: its service bound to the event bus, then its routes; its
// notifier, which the composition starts once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyContactChanges } from './notifier.ts';
import { contactRoutes } from './routes.ts';
import { contactService } from './service.ts';

export function registerContacts(app: FastifyInstance, deps: { bus: EventBus }): void {
  contactRoutes(app, contactService(deps));
}

/** Contact changes reach whoever may see the contact (called once the realtime server exists). */
export function registerContactNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyContactChanges(deps.db, deps.bus, io);
}

// The contacts module, registered once per app: its service bound to the event bus, then its routes. Its
// notifier (notifier.ts) needs the realtime server, which the app creates after every route: app.ts wires it.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import { contactRoutes } from './routes.ts';
import { contactService } from './service.ts';

export function registerContacts(app: FastifyInstance, deps: { bus: EventBus }): void {
  contactRoutes(app, contactService(deps));
}

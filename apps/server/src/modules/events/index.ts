// The events module (events and jokers of a contact), registered once per app: its service bound to the event
// bus, then its routes. Its notifier (notifier.ts) needs the realtime server, which the app creates after every
// route: app.ts wires it.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import { eventRoutes } from './routes.ts';
import { eventService } from './service.ts';

export function registerEvents(app: FastifyInstance, deps: { bus: EventBus }): void {
  eventRoutes(app, eventService(deps));
}

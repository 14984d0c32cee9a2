// The wishlist module, registered once per app: its service bound to the event bus (changes reach the company's
// consoles), then its routes; its notifier, started once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifySuggestionChanges } from './notifier.ts';
import { suggestionRoutes } from './routes.ts';
import { suggestionService } from './service.ts';

export function registerSuggestions(app: FastifyInstance, deps: { bus: EventBus }): void {
  suggestionRoutes(app, suggestionService(deps));
}

export function registerSuggestionNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifySuggestionChanges(deps.bus, io);
}

// The catalogues module, registered once per app: its service bound to the event bus (a Center change is
// announced to the consoles), then its routes; its notifier, started once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyCatalogueChanges } from './notifier.ts';
import { catalogueRoutes } from './routes.ts';
import { catalogueService } from './service.ts';

export function registerCatalogues(app: FastifyInstance, deps: { bus: EventBus }): void {
  catalogueRoutes(app, catalogueService(deps));
}

/** A changed catalogue reaches the company's open consoles (called once the realtime server exists). */
export function registerCatalogueNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifyCatalogueChanges(deps.bus, io);
}

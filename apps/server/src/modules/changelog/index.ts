// The changelog module, registered once per app: its service bound to the database (the product settings say
// who reads it) and the event bus (publications reach the consoles), then its routes; its notifier, started
// once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyChangelogPublications } from './notifier.ts';
import { changelogRoutes } from './routes.ts';
import { changelogService } from './service.ts';

export function registerChangelog(app: FastifyInstance, deps: { db: Db; bus: EventBus }): void {
  changelogRoutes(app, changelogService(deps));
}

export function registerChangelogNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifyChangelogPublications(deps.bus, io);
}

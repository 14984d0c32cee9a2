// The teams module, registered once per app: its service bound to the event bus (a team change is announced
// to the company's consoles), then its routes; its notifier, started once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyTeamChanges } from './notifier.ts';
import { teamRoutes } from './routes.ts';
import { teamService } from './service.ts';

export function registerTeams(app: FastifyInstance, deps: { bus: EventBus }): void {
  teamRoutes(app, teamService(deps));
}

/** A changed team reaches the company's open consoles (called once the realtime server exists). */
export function registerTeamNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifyTeamChanges(deps.bus, io);
}

// The pauses module, registered once per app: its service bound to the event bus, then its routes; its
// notifier, started once the realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyPauseChanges } from './notifier.ts';
import { pauseRoutes } from './routes.ts';
import { pauseService } from './service.ts';

export function registerPauses(app: FastifyInstance, deps: { bus: EventBus }): void {
  pauseRoutes(app, pauseService(deps));
}

/** Pauses and resumes reach the user's sockets and the supervisors' (called once the realtime server exists). */
export function registerPauseNotifier(io: RealtimeServer, deps: { bus: EventBus }): void {
  notifyPauseChanges(deps.bus, io);
}

// The conversations module (a conversation's life and assignment, issue 20): its service bound to the event
// bus and the job queue, then its routes; the transfer notifier and the snooze worker, which the composition
// starts when their parts exist.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { wakeConversation, type LifecycleDeps, type WakeJob } from './lifecycle.ts';
import { notifyTransfers } from './notifier.ts';
import { conversationRoutes } from './routes.ts';
import { conversationService } from './service.ts';

export function registerConversations(app: FastifyInstance, deps: LifecycleDeps): void {
  conversationRoutes(app, conversationService(deps));
}

/** Transfers reach their receiver's sockets (called once the realtime server exists). */
export function registerConversationNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyTransfers(deps.db, deps.bus, io);
}

/** Works the snoozes' wake jobs in this process (called once the job queue has started, on workers). */
export function registerConversationWorker(deps: { db: Db; bus: EventBus; jobs: Jobs }): Promise<void> {
  return deps.jobs.work<WakeJob>(QUEUES.conversationWake, (job) => wakeConversation(deps.db, deps.bus, job));
}

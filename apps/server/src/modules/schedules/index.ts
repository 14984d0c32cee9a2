// The schedules module: its service bound to the event bus and the job queue, then its routes; the reminders'
// worker and their realtime notifier, which the composition starts when their parts exist (the job queue
// started, the realtime server created).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import { notifyScheduleReminders } from './notifier.ts';
import { scheduleRoutes } from './routes.ts';
import { deliverReminder, scheduleService, type ReminderJob, type ScheduleDeps } from './service.ts';

export function registerSchedules(app: FastifyInstance, deps: ScheduleDeps): void {
  scheduleRoutes(app, scheduleService(deps));
}

/** Reminders reach the attendant's sockets (called once the realtime server exists). */
export function registerScheduleNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyScheduleReminders(deps.db, deps.bus, io);
}

/** Works the reminder jobs in this process (called once the job queue has started, on worker processes). */
export function registerScheduleWorker(deps: { db: Db; bus: EventBus; jobs: Jobs }): Promise<void> {
  return deps.jobs.work<ReminderJob>(QUEUES.scheduleReminder, (job) =>
    deliverReminder(deps.db, deps.bus, job),
  );
}

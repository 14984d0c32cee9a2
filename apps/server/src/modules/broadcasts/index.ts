// The broadcasts module: its service and routes (the CSV preview's multipart in a scope of its own), its
// notifier (live progress, replies marked), and its workers (batches at the providers' pace, the sends, the
// hourly sweep of abandoned uploads).
import type { FastifyInstance } from 'fastify';
import type { DeliveryDeps } from '../messages/delivery.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { broadcastCsvRoutes } from './csv-routes.ts';
import { broadcastFileRoutes } from './file-routes.ts';
import { scheduleBroadcastFilesSweep, sweepUnusedBroadcastFiles } from './files.ts';
import { notifyBroadcastChanges } from './notifier.ts';
import { broadcastRoutes } from './routes.ts';
import { sendBatch, type BroadcastSendJob } from './batch-send.ts';
import { resumeSending, tick, type TickJob } from './sender.ts';
import { broadcastService } from './service.ts';

export function registerBroadcasts(
  app: FastifyInstance,
  deps: { bus: EventBus; jobs: Jobs; storage: FileStorage },
): void {
  broadcastRoutes(app, broadcastService(deps));
  void app.register(broadcastCsvRoutes);
  void app.register(broadcastFileRoutes, deps);
}

export function registerBroadcastNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyBroadcastChanges(deps.db, deps.bus, io);
}

/** Send batches one process works at once: two overlap at the steady pace; more for several broadcasts. */
const SEND_WORKERS = 4;

export async function registerBroadcastWorker(deps: DeliveryDeps): Promise<void> {
  await deps.jobs.work(QUEUES.broadcastFilesSweep, async () => {
    await sweepUnusedBroadcastFiles(deps.db, deps.storage);
    await scheduleBroadcastFilesSweep(deps.db, deps.jobs, true);
  });
  await scheduleBroadcastFilesSweep(deps.db, deps.jobs);
  await deps.jobs.work<TickJob>(QUEUES.broadcastTick, (job) => tick(deps, job));
  // A batch's sends take its second and a half of slots; the next batch, committed meanwhile, reserves the
  // slots right after them and must start while they run, or each batch began a fetch late (74 of 80 a second).
  await deps.jobs.work<BroadcastSendJob>(QUEUES.broadcastSend, (job, meta) => sendBatch(deps, job, meta), {
    workers: SEND_WORKERS,
  });
  await resumeSending(deps);
}

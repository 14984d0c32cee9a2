// The messages module, registered once per app: its service bound to what it needs, its JSON routes, and the
// multipart routes in a scope of their own; its notifier and its delivery worker, which the composition
// starts when their parts exist (the realtime server created, the job queue started).
import type { FastifyInstance } from 'fastify';
import type { ChannelHealthRecorder } from '../../channels/health.ts';
import type { AdapterRegistry } from '../../channels/adapter.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { deliverMessage } from './delivery.ts';
import { notifyMessageChanges } from './notifier.ts';
import { messageRoutes } from './routes.ts';
import type { DeliveryJob } from './send.ts';
import { messageService, type MessageServiceDeps } from './service.ts';
import { uploadRoutes } from './upload-routes.ts';

export function registerMessages(app: FastifyInstance, deps: MessageServiceDeps): void {
  const service = messageService(deps);
  messageRoutes(app, service);
  void app.register(async (scope) => uploadRoutes(scope, service));
}

/** New messages and status changes reach the conversation's room (called once the realtime server exists). */
export function registerMessageNotifier(
  io: RealtimeServer,
  deps: { db: Db; bus: EventBus; urls: UrlSigner },
): void {
  notifyMessageChanges(deps.db, deps.bus, io, deps.urls);
}

/** Works the delivery jobs in this process, a conversation's in the order written (called once the job queue
 * has started, on worker processes). */
export function registerMessageWorker(deps: {
  db: Db;
  bus: EventBus;
  jobs: Jobs;
  adapters: AdapterRegistry;
  credentials: CredentialsBox;
  storage: FileStorage;
  health: ChannelHealthRecorder;
  urls: UrlSigner;
  config: { publicUrl: string };
}): Promise<void> {
  return deps.jobs.work<DeliveryJob>(
    QUEUES.sendMessage,
    (job, meta) => deliverMessage(deps, job, meta.attempt),
    { sequence: (job) => job.contactId },
  );
}

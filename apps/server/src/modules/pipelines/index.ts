// The pipelines module: its services bound to the event bus (outdating its boards' cache), file storage and URL
// signer; its JSON routes and its multipart routes in a scope of their own; its notifier, started once the
// realtime server exists.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RealtimeServer } from '../../platform/realtime.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Versions } from '../../platform/versions.ts';
import { attachmentService } from './attachments.ts';
import { boardCache, outdatingBus } from './board-cache.ts';
import { cardService } from './cards.ts';
import { commentService } from './comments.ts';
import { pipelineConfigService } from './config.ts';
import { notifyPipelineChanges } from './notifier.ts';
import { pipelineRoutes } from './routes.ts';
import { attachmentRoutes } from './upload-routes.ts';

export type PipelineDeps = {
  db: Db;
  bus: EventBus;
  storage: FileStorage;
  urls: UrlSigner;
  versions: Versions;
};

export function registerPipelines(app: FastifyInstance, shared: PipelineDeps): void {
  // Every change the services announce outdates the boards kept of its pipeline first.
  const boards = boardCache(shared.versions);
  const deps = { ...shared, bus: outdatingBus(shared.bus, boards), boards };
  const cards = cardService(deps);
  pipelineRoutes(app, {
    config: pipelineConfigService(deps),
    cards,
    comments: commentService(cards),
    urls: deps.urls,
  });
  const attachments = attachmentService(deps, cards);
  void app.register(async (scope) => attachmentRoutes(scope, attachments, deps.urls));
}

/** Card moves and pipeline changes reach the company's pipeline room (called once the realtime server exists). */
export function registerPipelineNotifier(io: RealtimeServer, deps: { db: Db; bus: EventBus }): void {
  notifyPipelineChanges(deps.db, deps.bus, io);
}

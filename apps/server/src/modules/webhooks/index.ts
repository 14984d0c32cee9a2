// The provider webhooks module: its service bound to the channel adapters, ingest and statuses, then its routes.
import type { FastifyInstance } from 'fastify';
import { webhookRoutes } from './routes.ts';
import { webhookService, type WebhookDeps } from './service.ts';

export function registerWebhooks(
  app: FastifyInstance,
  deps: Omit<WebhookDeps, 'log'> & { config: { publicUrl: string } },
): void {
  webhookRoutes(app, webhookService({ ...deps, log: app.log }), deps.config.publicUrl);
}

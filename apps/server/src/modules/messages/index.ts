// The messages module, registered once per app: its service bound to what it needs, its JSON routes, and the
// multipart routes in a scope of their own. Delivery (delivery.ts) is a job worker the composition starts.
import type { FastifyInstance } from 'fastify';
import { messageRoutes } from './routes.ts';
import { messageService, type MessageServiceDeps } from './service.ts';
import { uploadRoutes } from './upload-routes.ts';

export function registerMessages(app: FastifyInstance, deps: MessageServiceDeps): void {
  const service = messageService(deps);
  messageRoutes(app, service);
  void app.register(async (scope) => uploadRoutes(scope, service));
}

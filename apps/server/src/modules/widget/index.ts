// The chat widget module, registered once per app: its public HTTP side in a scope of its own (CORS and the
// multipart parser apply to it only). Its socket namespace and its adapter are started by the composition,
// which owns the realtime server and the adapter registry (app.ts, deps.ts).
import type { FastifyInstance } from 'fastify';
import { widgetRoutes } from './routes.ts';
import { widgetService, type WidgetServiceDeps } from './service.ts';

export function registerWidget(app: FastifyInstance, deps: WidgetServiceDeps): void {
  const service = widgetService(deps);
  void app.register(async (scope) => widgetRoutes(scope, service));
}

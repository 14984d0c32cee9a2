// The white-label module (Center › Marca), registered once per app in its own scope: the multipart parser is
// registered for its upload route only.
import type { FastifyInstance } from 'fastify';
import { brandingRoutes } from './routes.ts';
import { brandingService, type BrandingDeps } from './service.ts';

export function registerBranding(app: FastifyInstance, deps: BrandingDeps): void {
  void app.register(async (scope) => brandingRoutes(scope, brandingService(deps)));
}

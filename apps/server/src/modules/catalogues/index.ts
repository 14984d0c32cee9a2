// The catalogues module, registered once per app: its service (which binds nothing), then its routes.
import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from './routes.ts';
import { catalogueService } from './service.ts';

export function registerCatalogues(app: FastifyInstance): void {
  catalogueRoutes(app, catalogueService());
}

// The saved views module, registered once per app: its service, then its routes.
import type { FastifyInstance } from 'fastify';
import { viewRoutes } from './routes.ts';
import { viewService } from './service.ts';

export function registerViews(app: FastifyInstance): void {
  viewRoutes(app, viewService());
}

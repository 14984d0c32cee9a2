// The contacts analytics module (issue 28): its service reads the rollups the database keeps (migration
// 0053); its routes answer the page /painel/contacts-analytics.
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './routes.ts';
import { analyticsService } from './service.ts';

export function registerAnalytics(app: FastifyInstance): void {
  analyticsRoutes(app, analyticsService());
}

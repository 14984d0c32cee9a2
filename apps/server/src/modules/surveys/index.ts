// The satisfaction survey module, registered once per app: its service, then its routes.
import type { FastifyInstance } from 'fastify';
import { surveyRoutes } from './routes.ts';
import { surveyService } from './service.ts';

export function registerSurveys(app: FastifyInstance): void {
  surveyRoutes(app, surveyService());
}

// The ready phrases module, registered once per app: its service bound to what it needs, then its routes.
import type { FastifyInstance } from 'fastify';
import { phraseRoutes } from './routes.ts';
import { phraseService } from './service.ts';

export function registerPhrases(app: FastifyInstance): void {
  phraseRoutes(app, phraseService());
}

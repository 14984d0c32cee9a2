// The health module, registered once per app: its service bound to the database it pings, then its route.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { healthRoutes } from './routes.ts';
import { healthService } from './service.ts';

export function registerHealth(app: FastifyInstance, deps: { database: Pick<Database, 'ping'> }): void {
  healthRoutes(app, healthService(deps));
}

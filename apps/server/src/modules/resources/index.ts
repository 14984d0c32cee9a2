// The resources module, registered once per app: its service bound to the database and the session check,
// then its route with the product's addresses.
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ResourceLinks } from './presenter.ts';
import { resourceRoutes } from './routes.ts';
import { resourceService } from './service.ts';

export function registerResources(
  app: FastifyInstance,
  deps: { db: Db; authenticate: Authenticator; config: ResourceLinks },
): void {
  resourceRoutes(app, resourceService(deps), deps.config);
}

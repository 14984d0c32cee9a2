// The users module, registered once per app: the account service bound to what it uses, then its routes, and
// the Center's management of the company's users and their import from a CSV file.
import type { FastifyInstance } from 'fastify';
import { centerUserOperations } from './center.ts';
import { centerUserRoutes } from './center-routes.ts';
import { userImportOperations } from './import.ts';
import { userImportRoutes } from './import-routes.ts';
import { userRoutes } from './routes.ts';
import { userService, type UserDeps } from './service.ts';

export function registerUsers(app: FastifyInstance, deps: UserDeps): void {
  userRoutes(app, userService(deps), deps.urls);
  centerUserRoutes(app, centerUserOperations(deps));
  // A scope of its own: the multipart parser serves the CSV preview only.
  void app.register(async (scope) => userImportRoutes(scope, userImportOperations(deps)));
}

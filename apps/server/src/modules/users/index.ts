// The users module, registered once per app: the account service bound to what it uses, then its routes.
import type { FastifyInstance } from 'fastify';
import { userRoutes } from './routes.ts';
import { userService, type UserDeps } from './service.ts';

export function registerUsers(app: FastifyInstance, deps: UserDeps): void {
  userRoutes(app, userService(deps), deps.urls);
}

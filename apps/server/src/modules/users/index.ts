// The users module, registered once per app: the account service bound to what it uses, then its routes, and
// the Center's management of the company's users, their import from a CSV file and password reset links.
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { loginThrottle } from '../auth/throttle.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { centerUserOperations } from './center.ts';
import { centerUserRoutes } from './center-routes.ts';
import { userImportOperations } from './import.ts';
import { userImportRoutes } from './import-routes.ts';
import { resetLinkRoutes } from './reset-link-routes.ts';
import { resetLinkService } from './reset-links.ts';
import { userRoutes } from './routes.ts';
import { userService, type UserDeps } from './service.ts';

export function registerUsers(
  app: FastifyInstance,
  deps: UserDeps & { limiter: RateLimiter; config: { loginFailuresPerIp: number; publicUrl: string } },
): void {
  // Over the same limiter as the login's, so both count the same failures.
  const throttle = loginThrottle({
    limiter: deps.limiter,
    ipFailureLimit: deps.config.loginFailuresPerIp,
    log: app.log,
  });
  const users = userService({ ...deps, throttle });
  userRoutes(app, users, deps.urls);
  // Scopes of their own: each multipart parser serves its one route.
  void app.register(async (scope) => avatarRoutes(scope, users, deps.urls));
  centerUserRoutes(app, centerUserOperations(deps));
  void app.register(async (scope) => userImportRoutes(scope, userImportOperations(deps)));
  resetLinkRoutes(app, resetLinkService(deps));
}

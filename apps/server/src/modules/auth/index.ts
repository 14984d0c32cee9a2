// The session module (login, logout, heartbeat, the console-link handoff), registered once per app: its
// services bound to the token signer, the login throttle (over the shared rate limiter) and device cookies, the
// session cache and the event bus, then its routes. (Named for sessions:
// platform/auth.ts's registerAuth is the request authentication every route runs behind.)
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { deviceCookies } from './device.ts';
import { handoffRoutes } from './handoff-routes.ts';
import { handoffService } from './handoff.ts';
import { authRoutes } from './routes.ts';
import { authService } from './service.ts';
import { loginThrottle } from './throttle.ts';

export function registerSessions(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    tokens: TokenService;
    limiter: RateLimiter;
    sessions: SessionCache;
    config: { sessionTtlMs: number; jwtSecret: string; loginFailuresPerIp: number };
  },
): void {
  const throttle = loginThrottle({
    limiter: deps.limiter,
    ipFailureLimit: deps.config.loginFailuresPerIp,
    log: app.log,
  });
  authRoutes(
    app,
    authService({
      ...deps,
      throttle,
      devices: deviceCookies(deps.config.jwtSecret),
      sessionTtlMs: deps.config.sessionTtlMs,
    }),
  );
  handoffRoutes(app, handoffService({ ...deps, sessionTtlMs: deps.config.sessionTtlMs }));
}

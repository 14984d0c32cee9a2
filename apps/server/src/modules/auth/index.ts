// The session module (login, logout, heartbeat), registered once per app: its service bound to the token
// signer, the login throttle, the session cache and the event bus, then its routes. (Named for sessions:
// platform/auth.ts's registerAuth is the request authentication every route runs behind.)
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { authRoutes } from './routes.ts';
import { authService } from './service.ts';

export function registerSessions(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    tokens: TokenService;
    limiter: RateLimiter;
    sessions: SessionCache;
    config: { sessionTtlMs: number };
  },
): void {
  authRoutes(app, authService({ ...deps, sessionTtlMs: deps.config.sessionTtlMs }));
}

// POST /api/login, /api/logout and /api/heartbeat.
import { HeartbeatResponse, LoginRequest, LoginResponse, Ok } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { heartbeat, login, logout } from './service.ts';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const tags = ['session'];

  typed(app).post(
    '/api/login',
    { config: { public: true }, schema: { tags, body: LoginRequest, response: responses(LoginResponse) } },
    async (request) =>
      login(
        {
          db,
          tokens: deps.tokens,
          limiter: deps.limiter,
          sessionTtlMs: deps.config.sessionTtlMs,
          sessions: deps.sessions,
        },
        request.body,
        {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
      ),
  );

  typed(app).post('/api/logout', { schema: { tags, response: responses(Ok) } }, async (request) => {
    await logout(tenantContext(request), deps.bus);
    return { ok: true as const };
  });

  typed(app).post(
    '/api/heartbeat',
    { schema: { tags, response: responses(HeartbeatResponse) } },
    async (request) => {
      const at = await heartbeat(tenantContext(request));
      return { server_time: at.toISOString() };
    },
  );
}

// POST /api/login, /api/logout and /api/heartbeat.
import { HeartbeatResponse, LoginRequest, LoginResponse, Ok } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './device.ts';
import { presentHeartbeat, presentLogin } from './presenter.ts';
import type { AuthService } from './service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  const r = typed(app);
  const tags = ['session'];

  r.post(
    '/api/login',
    { config: { public: true }, schema: { tags, body: LoginRequest, response: responses(LoginResponse) } },
    async (request, reply) => {
      const session = await auth.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        cookies: request.headers.cookie,
      });
      // Sent back to the login only: it tells the throttle this browser has signed in before.
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${session.device}; Path=/api/login; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
      );
      return presentLogin(session);
    },
  );

  r.post('/api/logout', { schema: { tags, response: responses(Ok) } }, async (request) => {
    await auth.logout(tenantContext(request));
    return { ok: true as const };
  });

  r.post('/api/heartbeat', { schema: { tags, response: responses(HeartbeatResponse) } }, async (request) =>
    presentHeartbeat(await auth.heartbeat(tenantContext(request))),
  );
}

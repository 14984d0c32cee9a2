// POST /api/session/handoff: a console link's token exchanged, once, for a session of the console's own.
import { HandoffRequest, LoginResponse } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { responses, typed } from '../../platform/http.ts';
import type { HandoffService } from './handoff.ts';
import { presentLogin } from './presenter.ts';

export function handoffRoutes(app: FastifyInstance, handoff: HandoffService): void {
  // Public: the console calls it before it has a session; the token it proves is in the body.
  typed(app).post(
    '/api/session/handoff',
    {
      config: { public: true },
      schema: { tags: ['session'], body: HandoffRequest, response: responses(LoginResponse) },
    },
    async (request) =>
      presentLogin(
        await handoff.exchange({ ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] }),
      ),
  );
}

// One-time password reset links: made in the Center by administrators (POST /api/center/users/:id/reset-link),
// then opened without a session (POST /api/password-reset/inspect and /api/password-reset, the token in the
// body). Public because whoever opens the link has no session; the token is the proof.
import {
  CompletePasswordResetRequest,
  Id,
  Ok,
  PasswordResetLink,
  PasswordResetLinkCheck,
  PasswordResetLinkOwner,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentCenterUser } from './presenter.ts';
import type { ResetLinkService } from './reset-links.ts';

export function resetLinkRoutes(app: FastifyInstance, links: ResetLinkService): void {
  const r = typed(app);
  r.post(
    '/api/center/users/:id/reset-link',
    { schema: { tags: ['center'], params: z.object({ id: Id }), response: responses(PasswordResetLink) } },
    async (request) => {
      const link = await links.create(tenantContext(request), request.params.id);
      return { user: presentCenterUser(link.user), url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );

  const tags = ['user'];
  r.post(
    '/api/password-reset/inspect',
    {
      config: { public: true },
      schema: { tags, body: PasswordResetLinkCheck, response: responses(PasswordResetLinkOwner) },
    },
    async (request) => links.inspect(request.body.token),
  );
  r.post(
    '/api/password-reset',
    {
      config: { public: true },
      schema: { tags, body: CompletePasswordResetRequest, response: responses(Ok) },
    },
    async (request) => {
      await links.complete(request.body);
      return { ok: true as const };
    },
  );
}

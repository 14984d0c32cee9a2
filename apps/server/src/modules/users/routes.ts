// The current user's account (/api/user...), the responsibles list and users' avatars.
import {
  ChangePasswordRequest,
  Id,
  Ok,
  ResetPasswordRequest,
  ResponsibleList,
  ResponsiblesQuery,
  UpdateProfileRequest,
  User,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { notFound } from '../../platform/errors.ts';
import { avatarResource, presentResponsible, presentUser } from './presenter.ts';
import {
  changePassword,
  deleteAvatar,
  getCurrentUser,
  listResponsibles,
  openAvatar,
  resetPassword,
  updateProfile,
} from './service.ts';

const AvatarQuery = z.object({ v: z.string().max(20), sig: z.string().max(64) });

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const r = typed(app);
  const tags = ['user'];
  const present = ({ user, company }: Awaited<ReturnType<typeof getCurrentUser>>) =>
    presentUser(user, company, deps.urls);

  r.get('/api/user', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await getCurrentUser(tenantContext(request))),
  );

  r.post(
    '/api/user',
    { schema: { tags, body: UpdateProfileRequest, response: responses(User) } },
    async (request) => present(await updateProfile(tenantContext(request), request.body)),
  );

  r.post(
    '/api/user/password',
    { schema: { tags, body: ChangePasswordRequest, response: responses(Ok) } },
    async (request) => {
      await changePassword(tenantContext(request), deps.bus, request.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/reset-password',
    { schema: { tags, body: ResetPasswordRequest, response: responses(Ok) } },
    async (request) => {
      await resetPassword(tenantContext(request), deps.bus, request.body);
      return { ok: true as const };
    },
  );

  r.post('/api/user/avatar/delete', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await deleteAvatar(tenantContext(request), deps.storage)),
  );

  // Public because <img> sends no token; the URL's signature (given only in presented users) is the access.
  r.get(
    '/api/users/:id/avatar',
    {
      config: { public: true },
      schema: { tags, params: z.object({ id: Id }), querystring: AvatarQuery },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!deps.urls.verify(avatarResource(id, request.query.v), request.query.sig)) throw notFound();
      const avatar = await openAvatar(db, deps.storage, id);
      return reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .type(avatar.contentType)
        .send(avatar.stream);
    },
  );

  r.get(
    '/api/responsibles',
    { schema: { tags, querystring: ResponsiblesQuery, response: responses(ResponsibleList) } },
    async (request) => {
      const rows = await listResponsibles(tenantContext(request), request.query);
      const now = Date.now();
      return { data: rows.map((row) => presentResponsible(row, deps.urls, now)) };
    },
  );
}

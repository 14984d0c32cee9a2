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
import type { Deps } from '../../platform/deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentResponsible, presentUser } from './presenter.ts';
import {
  changePassword,
  deleteAvatar,
  getCurrentUser,
  listResponsibles,
  openAvatar,
  resetPassword,
  updateProfile,
} from './service.ts';

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const r = typed(app);
  const tags = ['user'];
  const present = ({ user, company }: Awaited<ReturnType<typeof getCurrentUser>>) =>
    presentUser(user, company);

  r.get('/api/user', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await getCurrentUser(tenantContext(db, request))),
  );

  r.post(
    '/api/user',
    { schema: { tags, body: UpdateProfileRequest, response: responses(User) } },
    async (request) => present(await updateProfile(tenantContext(db, request), request.body)),
  );

  r.post(
    '/api/user/password',
    { schema: { tags, body: ChangePasswordRequest, response: responses(Ok) } },
    async (request) => {
      await changePassword(tenantContext(db, request), request.body);
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/reset-password',
    { schema: { tags, body: ResetPasswordRequest, response: responses(Ok) } },
    async (request) => {
      await resetPassword(tenantContext(db, request), request.body);
      return { ok: true as const };
    },
  );

  r.post('/api/user/avatar/delete', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await deleteAvatar(tenantContext(db, request), deps.storage)),
  );

  r.get(
    '/api/users/:id/avatar',
    { schema: { tags, params: z.object({ id: Id }) } },
    async (request, reply) => {
      const avatar = await openAvatar(tenantContext(db, request), deps.storage, request.params.id);
      return reply
        .header('cache-control', 'private, max-age=86400')
        .type(avatar.contentType)
        .send(avatar.stream);
    },
  );

  r.get(
    '/api/responsibles',
    { schema: { tags, querystring: ResponsiblesQuery, response: responses(ResponsibleList) } },
    async (request) => {
      const rows = await listResponsibles(tenantContext(db, request), request.query);
      const now = Date.now();
      return { data: rows.map((row) => presentResponsible(row, now)) };
    },
  );
}

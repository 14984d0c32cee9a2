// The current user's account (/api/user...) and console preferences, the responsibles list and users' avatars.
import {
  ChangePasswordRequest,
  Id,
  Ok,
  ResetPasswordRequest,
  ResponsibleList,
  ResponsiblesQuery,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
  User,
  UserPreferences,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { signedCacheControl, SignatureQuery, type UrlSigner } from '../../platform/signed-urls.ts';
import { presentPreferences, presentResponsible, presentUser } from './presenter.ts';
import type { UserService } from './service.ts';

const AvatarQuery = SignatureQuery.extend({
  v: z.string().max(20),
  size: z.enum(['large', 'small']).optional(),
});

/** `urls` signs the avatar URLs the presenters give. */
export function userRoutes(app: FastifyInstance, users: UserService, urls: UrlSigner): void {
  const r = typed(app);
  const tags = ['user'];
  const present = ({ user, company }: Awaited<ReturnType<UserService['current']>>) =>
    presentUser(user, company, urls);

  r.get('/api/user', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await users.current(tenantContext(request))),
  );

  r.post(
    '/api/user',
    { schema: { tags, body: UpdateProfileRequest, response: responses(User) } },
    async (request) => present(await users.updateProfile(tenantContext(request), request.body)),
  );

  r.post(
    '/api/user/password',
    { schema: { tags, body: ChangePasswordRequest, response: responses(Ok) } },
    async (request) => {
      await users.changePassword(tenantContext(request), { ...request.body, ip: request.ip });
      return { ok: true as const };
    },
  );

  r.post(
    '/api/user/reset-password',
    { schema: { tags, body: ResetPasswordRequest, response: responses(Ok) } },
    async (request) => {
      await users.resetPassword(tenantContext(request), request.body);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/user/preferences',
    { schema: { tags, response: responses(UserPreferences) } },
    async (request) => presentPreferences(await users.preferences(tenantContext(request))),
  );

  r.post(
    '/api/user/preferences',
    { schema: { tags, body: UpdatePreferencesRequest, response: responses(UserPreferences) } },
    async (request) =>
      presentPreferences(await users.updatePreferences(tenantContext(request), request.body)),
  );

  r.post('/api/user/avatar/delete', { schema: { tags, response: responses(User) } }, async (request) =>
    present(await users.deleteAvatar(tenantContext(request))),
  );

  // Public because <img> sends no token; the URL's signature (given only in presented users) is the access.
  r.get(
    '/api/users/:id/avatar',
    {
      config: { public: true },
      schema: { tags, params: z.object({ id: Id }), querystring: AvatarQuery },
    },
    async (request, reply) => {
      const avatar = await users.openAvatar({ ...request.query, id: request.params.id });
      return reply
        .header('cache-control', signedCacheControl(request.query))
        .type(avatar.contentType)
        .send(avatar.stream);
    },
  );

  r.get(
    '/api/responsibles',
    { schema: { tags, querystring: ResponsiblesQuery, response: responses(ResponsibleList) } },
    async (request) => {
      const rows = await users.listResponsibles(tenantContext(request), request.query);
      const now = Date.now();
      return { data: rows.map((row) => presentResponsible(row, urls, now)) };
    },
  );
}

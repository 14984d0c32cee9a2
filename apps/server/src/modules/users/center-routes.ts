// The Center's users under /api/center/users: list and detail for supervisors; create, replace (PUT /:id),
// deactivate, reactivate and reset-password for administrators. An entry's changing routes let the service
// answer 404 for another company's user before it authorises.
import {
  CenterUser,
  CenterUserPage,
  CenterUserQuery,
  CreatedUser,
  CreateUserRequest,
  Id,
  PasswordReset,
  UpdateUserRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import type { centerUserOperations } from './center.ts';
import { presentCenterUser } from './presenter.ts';

type CenterUsers = ReturnType<typeof centerUserOperations>;

export function centerUserRoutes(app: FastifyInstance, users: CenterUsers): void {
  const r = typed(app);
  const tags = ['center'];
  const url = '/api/center/users';
  const params = z.object({ id: Id });
  const entry = { tags, params, response: responses(CenterUser) };

  r.get(
    url,
    {
      config: { ability: 'users.read' },
      schema: { tags, querystring: CenterUserQuery, response: responses(CenterUserPage) },
    },
    async (request) => {
      const page = await users.list(tenantContext(request), request.query);
      return { data: page.users.map(presentCenterUser), total: page.total };
    },
  );
  r.get(`${url}/:id`, { schema: entry }, async (request) =>
    presentCenterUser(await users.get(tenantContext(request), request.params.id)),
  );
  r.post(
    url,
    {
      config: { ability: 'users.manage' },
      schema: { tags, body: CreateUserRequest, response: responses(CreatedUser, 201) },
    },
    async (request, reply) => {
      const created = await users.create(tenantContext(request), request.body);
      return reply
        .code(201)
        .send({ user: presentCenterUser(created.user), temporary_password: created.temporaryPassword });
    },
  );
  r.put(`${url}/:id`, { schema: { ...entry, body: UpdateUserRequest } }, async (request) =>
    presentCenterUser(await users.update(tenantContext(request), { ...request.body, id: request.params.id })),
  );
  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(`${url}/:id/${action}`, { schema: entry }, async (request) =>
      presentCenterUser(await users.setActive(tenantContext(request), { id: request.params.id, active })),
    );
  }
  r.post(
    `${url}/:id/reset-password`,
    { schema: { tags, params, response: responses(PasswordReset) } },
    async (request) => {
      const reset = await users.resetPassword(tenantContext(request), request.params.id);
      return { user: presentCenterUser(reset.user), temporary_password: reset.temporaryPassword };
    },
  );
}

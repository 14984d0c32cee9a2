// Saved views of the contact list: GET/POST /api/views, PATCH/DELETE /api/views/:id (the user's own only).
import {
  Id,
  NewSavedViewRequest,
  Ok,
  SavedView,
  SavedViewList,
  UpdateSavedViewRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentView } from './presenter.ts';
import type { ViewService } from './service.ts';

export function viewRoutes(app: FastifyInstance, views: ViewService): void {
  const r = typed(app);
  const tags = ['views'];
  const ctx = tenantContext;
  const Params = z.object({ id: Id });

  r.get('/api/views', { schema: { tags, response: responses(SavedViewList) } }, async (request) => ({
    data: (await views.list(ctx(request))).map(presentView),
  }));
  r.post(
    '/api/views',
    { schema: { tags, body: NewSavedViewRequest, response: responses(SavedView, 201) } },
    async (request, reply) =>
      reply.code(201).send(presentView(await views.create(ctx(request), request.body))),
  );
  r.patch(
    '/api/views/:id',
    { schema: { tags, params: Params, body: UpdateSavedViewRequest, response: responses(SavedView) } },
    async (request) => presentView(await views.update(ctx(request), { ...request.body, ...request.params })),
  );
  r.delete(
    '/api/views/:id',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await views.remove(ctx(request), request.params);
      return { ok: true as const };
    },
  );
}

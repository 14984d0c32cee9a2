// The changelog: GET /api/changelog (the versions the reader sees), GET /api/changelog/status (the "what's new"
// badge), POST /api/changelog/seen (the reader opened it); POST /api/changelog, PUT and DELETE
// /api/changelog/:id for who manages it (policy.ts says which versions).
import {
  ChangelogList,
  ChangelogStatus,
  ChangelogVersion,
  ChangelogVersionRequest,
  Id,
  Ok,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentVersion, presentVersionList } from './presenter.ts';
import type { ChangelogService } from './service.ts';

export function changelogRoutes(app: FastifyInstance, service: ChangelogService): void {
  const r = typed(app);
  const tags = ['changelog'];
  const params = z.object({ id: Id });

  r.get('/api/changelog', { schema: { tags, response: responses(ChangelogList) } }, async (request) => {
    const ctx = tenantContext(request);
    return presentVersionList(ctx, await service.list(ctx));
  });
  r.get(
    '/api/changelog/status',
    { schema: { tags, response: responses(ChangelogStatus) } },
    async (request) => service.status(tenantContext(request)),
  );
  r.post('/api/changelog/seen', { schema: { tags, response: responses(Ok) } }, async (request) => {
    await service.markSeen(tenantContext(request));
    return { ok: true as const };
  });
  r.post(
    '/api/changelog',
    {
      config: { ability: 'changelog.manage' },
      schema: { tags, body: ChangelogVersionRequest, response: responses(ChangelogVersion, 201) },
    },
    async (request, reply) => {
      const ctx = tenantContext(request);
      return reply.code(201).send(presentVersion(ctx, await service.create(ctx, request.body)));
    },
  );
  r.put(
    '/api/changelog/:id',
    { schema: { tags, params, body: ChangelogVersionRequest, response: responses(ChangelogVersion) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentVersion(ctx, await service.update(ctx, { ...request.body, id: request.params.id }));
    },
  );
  r.delete('/api/changelog/:id', { schema: { tags, params, response: responses(Ok) } }, async (request) => {
    await service.remove(tenantContext(request), request.params);
    return { ok: true as const };
  });
}

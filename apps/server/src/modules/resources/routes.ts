// GET /api/resources: white-label of the company, before or after login.
import { Resources, ResourcesQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { resolveResources } from './service.ts';

export function resourceRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  typed(app).get(
    '/api/resources',
    {
      config: { public: true },
      schema: { tags: ['resources'], querystring: ResourcesQuery, response: responses(Resources) },
    },
    async (request) => {
      const token = bearerToken(request);
      // A stale token must not break the login page: fall back to the anonymous lookup.
      const auth = token ? await deps.authenticate(token).catch(() => null) : null;
      return resolveResources(db, deps.config, {
        companyId: auth?.companyId,
        companyName: request.query.company,
        host: request.hostname,
      });
    },
  );
}

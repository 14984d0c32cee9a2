// GET /api/resources: white-label of the company, before or after login.
import { Resources, ResourcesQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentResources, type ResourceLinks } from './presenter.ts';
import type { ResourceService } from './service.ts';

export function resourceRoutes(app: FastifyInstance, resources: ResourceService, links: ResourceLinks): void {
  typed(app).get(
    '/api/resources',
    {
      config: { public: true },
      schema: { tags: ['resources'], querystring: ResourcesQuery, response: responses(Resources) },
    },
    async (request) => {
      const { company, signedIn } = await resources.company({
        token: bearerToken(request),
        companyName: request.query.company,
        host: request.hostname,
      });
      return presentResources(company, signedIn, links);
    },
  );
}

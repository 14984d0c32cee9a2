// GET /api/health: database reachability, for load balancers and the /health-check page.
import { ErrorResponse, Health } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../platform/http.ts';
import { presentHealth } from './presenter.ts';
import type { HealthService } from './service.ts';

export function healthRoutes(app: FastifyInstance, health: HealthService): void {
  typed(app).get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: Health, 503: Health, 500: ErrorResponse } },
    },
    async (_request, reply) => {
      const up = await health.databaseUp();
      return reply.code(up ? 200 : 503).send(presentHealth(up));
    },
  );
}

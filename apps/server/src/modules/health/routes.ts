// GET /api/health: database reachability, for load balancers and the /health-check page.
import { ErrorResponse, Health, PRODUCT_VERSION } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { typed } from '../../platform/http.ts';

const PING_TIMEOUT_MS = 2_000;

export function healthRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: Health, 503: Health, 500: ErrorResponse } },
    },
    async (_request, reply) => {
      const up = await Promise.race([
        deps.database.ping().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref()),
      ]).catch(() => false);
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'unavailable',
        database: up ? 'up' : 'down',
        version: PRODUCT_VERSION,
        uptime_seconds: Math.round(process.uptime()),
      });
    },
  );
}

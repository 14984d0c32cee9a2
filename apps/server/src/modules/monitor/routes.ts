// GET /api/monitor: the live monitor's snapshot, for supervisors and admins (attendants 403).
import { MonitorSnapshot } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { monitorSnapshot, type Presence } from './service.ts';

export function monitorRoutes(app: FastifyInstance, presence: Presence): void {
  typed(app).get(
    '/api/monitor',
    {
      schema: { tags: ['monitor'], response: responses(MonitorSnapshot) },
      config: { ability: 'monitor.read' },
    },
    async (request) => monitorSnapshot(tenantContext(request), presence),
  );
}

// The Center's audit log: GET /api/center/audit, for the company's administrators only.
import { AuditPage, AuditQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentAuditPage } from './presenter.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  typed(app).get(
    '/api/center/audit',
    {
      config: { ability: 'audit.read' },
      schema: { tags: ['center'], querystring: AuditQuery, response: responses(AuditPage) },
    },
    async (request) => presentAuditPage(await audit.list(tenantContext(request), request.query)),
  );
}

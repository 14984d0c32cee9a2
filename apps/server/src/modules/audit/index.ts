// The audit log module, registered once per app: its service (nothing to bind) and its read route. Areas
// record events through service.ts's recordAuditEvent.
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './routes.ts';
import { auditService } from './service.ts';

export function registerAudit(app: FastifyInstance): void {
  auditRoutes(app, auditService());
}

// The customer-satisfaction module (issue 28): its routes (public page, widget answer, console read) and the
// worker that sends the requests resolving a conversation enqueues.
import type { FastifyInstance } from 'fastify';
import { QUEUES } from '../../platform/jobs.ts';
import { csatRoutes } from './routes.ts';
import { requestCsat, type CsatDeps, type CsatJob } from './service.ts';

export function registerCsat(app: FastifyInstance, deps: CsatDeps): void {
  csatRoutes(app, deps);
}

/** Works the CSAT requests in this process (on workers). */
export function registerCsatWorker(deps: CsatDeps): Promise<void> {
  return deps.jobs.work<CsatJob>(QUEUES.csatRequest, (job) => requestCsat(deps, job));
}

// The product administration module (issue 21 item 6), registered once per app: companies with their usage,
// product-wide settings and support sessions, bound to the database, the event bus (a suspension revokes
// sessions) and what opening a session needs.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { productCompanies } from './companies.ts';
import { impersonationService } from './impersonation.ts';
import { productRoutes } from './routes.ts';

export function registerProduct(
  app: FastifyInstance,
  deps: {
    db: Db;
    bus: EventBus;
    tokens: TokenService;
    sessions: SessionCache;
    config: { sessionTtlMs: number };
  },
): void {
  productRoutes(app, {
    db: deps.db,
    companies: productCompanies(deps),
    impersonation: impersonationService({ ...deps, sessionTtlMs: deps.config.sessionTtlMs }),
  });
}

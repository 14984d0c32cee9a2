// GET /api/messages/search: message search across every conversation the user may see.
import { CompanyMessageSearchQuery, CompanyMessageSearchResult } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { searchCompanyMessages } from './company-search.ts';

export function messageSearchRoutes(app: FastifyInstance, deps: Deps): void {
  typed(app).get(
    '/api/messages/search',
    {
      schema: {
        tags: ['messages'],
        querystring: CompanyMessageSearchQuery,
        response: responses(CompanyMessageSearchResult),
      },
    },
    (request) => searchCompanyMessages(tenantContext(request), request.query, deps.searchWindows),
  );
}

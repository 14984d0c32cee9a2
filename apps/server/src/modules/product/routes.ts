// Product administration, for super administrators only (`product.manage`): GET/POST /api/product/companies,
// POST /api/product/companies/:id/{suspend,reactivate,impersonate}, GET/PATCH /api/product/settings. And, for
// every session, GET /api/session/impersonation (the console's support banner) and POST
// /api/session/impersonation/end.
import {
  CompaniesQuery,
  CompanyPage,
  CreateCompanyRequest,
  CreatedCompany,
  Id,
  ImpersonateRequest,
  ImpersonationStarted,
  ImpersonationState,
  Ok,
  ProductCompany,
  ProductSettings,
  UpdateProductSettings,
} from '@atende/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { responses, typed } from '../../platform/http.ts';
import type { ProductCompanies } from './companies.ts';
import type { ImpersonationService } from './impersonation.ts';
import {
  presentCompanyPage,
  presentCreatedCompany,
  presentImpersonation,
  presentImpersonationStarted,
  presentProductCompany,
  presentProductSettings,
} from './presenter.ts';
import { readProductSettings, updateProductSettings } from './settings.ts';
import { superAdmin } from './super-admin.ts';

export function productRoutes(
  app: FastifyInstance,
  services: { db: Db; companies: ProductCompanies; impersonation: ImpersonationService },
): void {
  const r = typed(app);
  const tags = ['product'];
  const config = { ability: 'product.manage' } as const;
  const params = z.object({ id: Id });
  const actor = (request: FastifyRequest) => superAdmin(tenantContext(request), request.ip);

  r.get(
    '/api/product/companies',
    { config, schema: { tags, querystring: CompaniesQuery, response: responses(CompanyPage) } },
    async (request) => presentCompanyPage(await services.companies.list(request.query)),
  );
  r.post(
    '/api/product/companies',
    {
      config,
      schema: { tags, body: CreateCompanyRequest, response: responses(CreatedCompany, 201) },
    },
    async (request, reply) => {
      const created = await services.companies.create(await actor(request), request.body);
      return reply.code(201).send(presentCreatedCompany(created));
    },
  );
  for (const action of ['suspend', 'reactivate'] as const) {
    r.post(
      `/api/product/companies/:id/${action}`,
      { config, schema: { tags, params, response: responses(ProductCompany) } },
      async (request) =>
        presentProductCompany(await services.companies[action](await actor(request), request.params.id)),
    );
  }
  r.post(
    '/api/product/companies/:id/impersonate',
    {
      config,
      schema: { tags, params, body: ImpersonateRequest, response: responses(ImpersonationStarted) },
    },
    async (request) => {
      const session = await services.impersonation.start(await actor(request), request.params.id, {
        ...request.body,
        userAgent: request.headers['user-agent'],
      });
      return presentImpersonationStarted(session);
    },
  );

  r.get(
    '/api/product/settings',
    { config, schema: { tags, response: responses(ProductSettings) } },
    async () => presentProductSettings(await readProductSettings(services.db)),
  );
  r.patch(
    '/api/product/settings',
    { config, schema: { tags, body: UpdateProductSettings, response: responses(ProductSettings) } },
    async (request) =>
      presentProductSettings(await updateProductSettings(services.db, await actor(request), request.body)),
  );

  r.get(
    '/api/session/impersonation',
    { schema: { tags: ['session'], response: responses(ImpersonationState) } },
    async (request) => presentImpersonation(await services.impersonation.state(tenantContext(request))),
  );
  r.post(
    '/api/session/impersonation/end',
    { schema: { tags: ['session'], response: responses(Ok) } },
    async (request) => {
      await services.impersonation.end(tenantContext(request), request.ip);
      return { ok: true as const };
    },
  );
}

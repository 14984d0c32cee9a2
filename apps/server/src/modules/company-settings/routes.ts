// The Center's company settings: GET /api/center/company (administrators and supervisors), PATCH (administrators)
// and GET /api/center/company/retention-preview?months=N (what a retention would purge now).
import {
  CenterCompanySettings,
  RetentionPreview,
  RetentionPreviewQuery,
  UpdateCompanySettings,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentCompanySettings } from './presenter.ts';
import type { CompanySettingsService } from './service.ts';

export function companySettingsRoutes(app: FastifyInstance, settings: CompanySettingsService): void {
  const r = typed(app);
  const tags = ['center'];

  r.get(
    '/api/center/company',
    { config: { ability: 'company.read' }, schema: { tags, response: responses(CenterCompanySettings) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentCompanySettings(ctx, await settings.get(ctx));
    },
  );
  r.patch(
    '/api/center/company',
    {
      config: { ability: 'company.configure' },
      schema: { tags, body: UpdateCompanySettings, response: responses(CenterCompanySettings) },
    },
    async (request) => {
      const ctx = tenantContext(request);
      const saved = await settings.update({ ctx, clientIp: request.ip }, request.body);
      return presentCompanySettings(ctx, saved);
    },
  );
  r.get(
    '/api/center/company/retention-preview',
    {
      config: { ability: 'company.configure' },
      schema: { tags, querystring: RetentionPreviewQuery, response: responses(RetentionPreview) },
    },
    async (request) => settings.preview(tenantContext(request), request.query.months),
  );
}

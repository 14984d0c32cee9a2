// Campaigns API (issue 27). The Center's, for supervisors and administrators (campaigns.manage):
// GET/POST /api/campaigns, GET/PUT/DELETE /api/campaigns/:id, POST /api/campaigns/:id/:action (start, pause,
// resume, finish), PATCH /api/campaigns/:id/ratio, GET /api/campaigns/:id/live, GET /api/campaigns/:id/attempts.
// A customer's campaign page: GET /api/contacts/:id/campaigns. The attendant's: GET/POST /api/phone/user/campaign
// (their campaigns, switching their participation) and GET/POST /api/phone/next-dial (their campaign customer,
// the call placed or the preview skipped).
import {
  Campaign,
  CampaignAction,
  CampaignAttemptPage,
  CampaignAttemptQuery,
  CampaignList,
  CampaignLive,
  CampaignRatioRequest,
  CampaignRequest,
  ContactCampaigns,
  Id,
  NextDialRequest,
  NextDialResult,
  Ok,
  UserCampaign,
  UserCampaignList,
  UserCampaignRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import type { CampaignService } from './service.ts';

export function campaignRoutes(app: FastifyInstance, service: CampaignService): void {
  const r = typed(app);
  const tags = ['campaigns'];
  // Routes naming a row authorise in the service once the row is found: another company's answers 404, not 403.
  const Params = z.object({ id: Id });

  r.get(
    '/api/campaigns',
    { config: { ability: 'campaigns.manage' }, schema: { tags, response: responses(CampaignList) } },
    async (request) => service.list(tenantContext(request)),
  );
  r.post(
    '/api/campaigns',
    { schema: { tags, body: CampaignRequest, response: responses(Campaign, 201) } },
    async (request, reply) =>
      reply.code(201).send(await service.create(tenantContext(request), request.body)),
  );
  r.get(
    '/api/campaigns/:id',
    { schema: { tags, params: Params, response: responses(Campaign) } },
    async (request) => service.get(tenantContext(request), request.params),
  );
  r.put(
    '/api/campaigns/:id',
    { schema: { tags, params: Params, body: CampaignRequest, response: responses(Campaign) } },
    async (request) => service.update(tenantContext(request), { ...request.body, ...request.params }),
  );
  r.delete(
    '/api/campaigns/:id',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await service.remove(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
  r.patch(
    '/api/campaigns/:id/ratio',
    { schema: { tags, params: Params, body: CampaignRatioRequest, response: responses(Campaign) } },
    async (request) => service.setRatio(tenantContext(request), { ...request.params, ...request.body }),
  );
  r.get(
    '/api/campaigns/:id/live',
    { schema: { tags, params: Params, response: responses(CampaignLive) } },
    async (request) => service.live(tenantContext(request), request.params),
  );
  r.get(
    '/api/campaigns/:id/attempts',
    {
      schema: {
        tags,
        params: Params,
        querystring: CampaignAttemptQuery,
        response: responses(CampaignAttemptPage),
      },
    },
    async (request) => service.attempts(tenantContext(request), { ...request.params, ...request.query }),
  );
  r.post(
    '/api/campaigns/:id/:action',
    { schema: { tags, params: Params.extend({ action: CampaignAction }), response: responses(Campaign) } },
    async (request) => service.act(tenantContext(request), request.params),
  );

  r.get(
    '/api/contacts/:id/campaigns',
    { schema: { tags, params: Params, response: responses(ContactCampaigns) } },
    async (request) => service.contactCampaigns(tenantContext(request), request.params),
  );

  r.get(
    '/api/phone/user/campaign',
    { schema: { tags, response: responses(UserCampaignList) } },
    async (request) => service.userCampaigns(tenantContext(request)),
  );
  r.post(
    '/api/phone/user/campaign',
    { schema: { tags, body: UserCampaignRequest, response: responses(UserCampaign) } },
    async (request) => service.setUserCampaign(tenantContext(request), request.body),
  );
  r.get('/api/phone/next-dial', { schema: { tags, response: responses(NextDialResult) } }, async (request) =>
    service.nextDial(tenantContext(request)),
  );
  r.post(
    '/api/phone/next-dial',
    { schema: { tags, body: NextDialRequest, response: responses(Ok) } },
    async (request) => {
      await service.answerNextDial(tenantContext(request), request.body);
      return { ok: true as const };
    },
  );
}

// The Center's channel accounts: GET/POST /api/center/channels, PUT /api/center/channels/:id and
// POST /api/center/channels/:id/test (log into the mailbox's servers, or call the provider's API) and
// POST /api/center/channels/:id/register-webhook (tell Telegram or Viber our address). For who may manage
// channels only: the collection's routes say so in their config; the account's routes let the service answer
// 404 first.
import {
  CenterChannelAccount,
  CenterChannelList,
  ChannelAccountInput,
  ConnectionTest,
  Id,
  Ok,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentChannelAccount } from './presenter.ts';
import type { ChannelAccountService } from './service.ts';

export function channelAccountRoutes(app: FastifyInstance, accounts: ChannelAccountService): void {
  const r = typed(app);
  const tags = ['center'];
  const config = { ability: 'channels.manage' } as const;
  const Params = z.object({ id: Id });

  r.get(
    '/api/center/channels',
    { config, schema: { tags, response: responses(CenterChannelList) } },
    async (request) => ({
      data: (await accounts.list(tenantContext(request))).map(presentChannelAccount),
    }),
  );
  r.post(
    '/api/center/channels',
    { config, schema: { tags, body: ChannelAccountInput, response: responses(CenterChannelAccount, 201) } },
    async (request, reply) =>
      reply
        .code(201)
        .send(presentChannelAccount(await accounts.create(tenantContext(request), request.body))),
  );
  r.put(
    '/api/center/channels/:id',
    {
      schema: { tags, params: Params, body: ChannelAccountInput, response: responses(CenterChannelAccount) },
    },
    async (request) =>
      presentChannelAccount(
        await accounts.update(tenantContext(request), { ...request.body, id: request.params.id }),
      ),
  );
  r.post(
    '/api/center/channels/:id/test',
    { schema: { tags, params: Params, response: responses(ConnectionTest) } },
    (request) => accounts.test(tenantContext(request), request.params),
  );
  r.post(
    '/api/center/channels/:id/register-webhook',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await accounts.registerWebhook(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
}

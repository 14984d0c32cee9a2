// The Center's channel accounts: GET/POST /api/center/channels, PUT /api/center/channels/:id and
// POST /api/center/channels/:id/test (log into the mailbox's servers). Administrators only.
import {
  CenterChannelAccount,
  CenterChannelList,
  ChannelAccountInput,
  ConnectionTest,
  Id,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { testEmailAccount } from '../../channels/email/connection-test.ts';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import {
  createChannelAccount,
  listChannelAccounts,
  testChannelAccount,
  updateChannelAccount,
  type ChannelAccountDeps,
} from './service.ts';

export function channelAccountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['center'];
  const ctx = tenantContext;
  const accountDeps: ChannelAccountDeps = {
    bus: deps.bus,
    credentials: deps.credentials,
    testEmail: testEmailAccount,
  };
  const Params = z.object({ id: Id });

  r.get(
    '/api/center/channels',
    { schema: { tags, response: responses(CenterChannelList) } },
    async (request) => ({
      data: await listChannelAccounts(ctx(request), deps.credentials),
    }),
  );
  r.post(
    '/api/center/channels',
    { schema: { tags, body: ChannelAccountInput, response: responses(CenterChannelAccount, 201) } },
    async (request, reply) =>
      reply.code(201).send(await createChannelAccount(ctx(request), accountDeps, request.body)),
  );
  r.put(
    '/api/center/channels/:id',
    {
      schema: { tags, params: Params, body: ChannelAccountInput, response: responses(CenterChannelAccount) },
    },
    (request) => updateChannelAccount(ctx(request), accountDeps, request.params.id, request.body),
  );
  r.post(
    '/api/center/channels/:id/test',
    { schema: { tags, params: Params, response: responses(ConnectionTest) } },
    (request) => testChannelAccount(ctx(request), accountDeps, request.params.id),
  );
}

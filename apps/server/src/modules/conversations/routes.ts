// A conversation's life and assignment: resolve, reopen, snooze, assign (or return to the queue), and the
// supervisors' bulk actions from the list.
import {
  AssignRequest,
  BulkConversationRequest,
  BulkConversationResult,
  Contact,
  Id,
  ResolveRequest,
  SnoozeRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentContact } from '../contacts/presenter.ts';
import type { ConversationService } from './service.ts';

export function conversationRoutes(app: FastifyInstance, conversations: ConversationService): void {
  const r = typed(app);
  const tags = ['conversations'];
  const ctx = tenantContext;
  const Params = z.object({ id: Id });

  r.post(
    '/api/conversation/:id/resolve',
    { schema: { tags, params: Params, body: ResolveRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await conversations.resolve(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversation/:id/reopen',
    { schema: { tags, params: Params, response: responses(Contact) } },
    async (request) => presentContact(await conversations.reopen(ctx(request), request.params)),
  );
  r.post(
    '/api/conversation/:id/snooze',
    { schema: { tags, params: Params, body: SnoozeRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await conversations.snooze(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversation/:id/assign',
    { schema: { tags, params: Params, body: AssignRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await conversations.assign(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversations/bulk',
    {
      config: { ability: 'conversations.bulk' },
      schema: { tags, body: BulkConversationRequest, response: responses(BulkConversationResult) },
    },
    async (request) => ({ data: await conversations.bulk(ctx(request), request.body) }),
  );
}

// The contact queue's calls: list, search, chatbots, waiting queue, take-next, detail and creation, the
// contact's channels and customer data, and the company's critical rule.
import {
  ActivateChannelRequest,
  AddWalletRequest,
  AddChannelRequest,
  BlacklistChannelRequest,
  Contact,
  ContactListQuery,
  ContactPage,
  ContactSearchRequest,
  CriticalRule,
  Id,
  NewContactRequest,
  PendingScheduleSearchRequest,
  UpdateChannelRequest,
  UpdateContactRequest,
  UpdateCriticalRuleRequest,
  WaitingQueue,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentContact, presentPage, presentWaiting } from './presenter.ts';
import type { ContactService } from './service.ts';

export function contactRoutes(app: FastifyInstance, contacts: ContactService): void {
  const r = typed(app);
  const tags = ['contacts'];
  const ctx = tenantContext;
  const Params = z.object({ id: Id });
  const ChannelParams = z.object({ id: Id, channelId: Id });

  r.get(
    '/api/contacts',
    { schema: { tags, querystring: ContactListQuery, response: responses(ContactPage) } },
    async (request) => presentPage(await contacts.list(ctx(request), request.query)),
  );

  r.get(
    '/api/company/critical-rule',
    { schema: { tags, response: responses(CriticalRule) } },
    async (request) => contacts.criticalRule(ctx(request)),
  );
  r.patch(
    '/api/company/critical-rule',
    {
      config: { ability: 'company.configure' },
      schema: { tags, body: UpdateCriticalRuleRequest, response: responses(CriticalRule) },
    },
    async (request) => contacts.updateCriticalRule(ctx(request), { ...request.body, clientIp: request.ip }),
  );

  r.post(
    '/api/conversations/search',
    { schema: { tags, body: ContactSearchRequest, response: responses(ContactPage) } },
    async (request) => presentPage(await contacts.search(ctx(request), request.body)),
  );

  r.post(
    '/api/conversations/search/has_pending_schedule',
    { schema: { tags, body: PendingScheduleSearchRequest, response: responses(ContactPage) } },
    async (request) => presentPage(await contacts.searchWithPendingSchedule(ctx(request), request.body)),
  );

  r.get(
    '/api/conversations/chatbots',
    {
      schema: {
        tags,
        querystring: ContactListQuery.pick({ limit: true, cursor: true }),
        response: responses(ContactPage),
      },
    },
    async (request) => presentPage(await contacts.chatbots(ctx(request), request.query)),
  );

  r.get(
    '/api/conversations/waiting',
    { schema: { tags, response: responses(WaitingQueue) } },
    async (request) => presentWaiting(await contacts.waiting(ctx(request))),
  );

  r.get(
    '/api/conversations/waiting/conversation',
    { schema: { tags, response: responses(Contact) } },
    async (request) => presentContact(await contacts.takeNext(ctx(request))),
  );

  r.get(
    '/api/conversation/:id',
    { schema: { tags, params: Params, response: responses(Contact) } },
    async (request) => presentContact(await contacts.get(ctx(request), request.params)),
  );

  r.post(
    '/api/conversations',
    {
      config: { ability: 'contacts.create' },
      schema: { tags, body: NewContactRequest, response: responses(Contact, 201) },
    },
    async (request, reply) =>
      reply.code(201).send(presentContact(await contacts.create(ctx(request), request.body))),
  );

  r.post(
    '/api/conversation/:id/channels',
    { schema: { tags, params: Params, body: AddChannelRequest, response: responses(Contact, 201) } },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          presentContact(await contacts.addChannel(ctx(request), { ...request.body, ...request.params })),
        ),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/active',
    { schema: { tags, params: ChannelParams, body: ActivateChannelRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await contacts.activateChannel(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/update',
    { schema: { tags, params: ChannelParams, body: UpdateChannelRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await contacts.updateChannel(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/blacklist',
    { schema: { tags, params: ChannelParams, body: BlacklistChannelRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await contacts.blacklistChannel(ctx(request), { ...request.body, ...request.params })),
  );

  r.post(
    '/api/conversation/:id',
    { schema: { tags, params: Params, body: UpdateContactRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await contacts.update(ctx(request), { ...request.body, ...request.params })),
  );
  r.post(
    '/api/conversation/:id/wallets',
    { schema: { tags, params: Params, body: AddWalletRequest, response: responses(Contact) } },
    async (request) =>
      presentContact(await contacts.addWallet(ctx(request), { ...request.body, ...request.params })),
  );
  r.delete(
    '/api/conversation/:id/wallets/:walletId',
    { schema: { tags, params: z.object({ id: Id, walletId: Id }), response: responses(Contact) } },
    async (request) => presentContact(await contacts.removeWallet(ctx(request), request.params)),
  );
}

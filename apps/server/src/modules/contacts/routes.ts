// The contact queue's calls: list, search, chatbots, waiting queue, take-next, detail and creation.
import {
  ActivateChannelRequest,
  AddWalletRequest,
  AddChannelRequest,
  BlacklistChannelRequest,
  Contact,
  ContactListQuery,
  ContactPage,
  ContactSearchRequest,
  Id,
  NewContactRequest,
  PendingScheduleSearchRequest,
  UpdateChannelRequest,
  UpdateContactRequest,
  WaitingQueue,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { activateChannel, addChannel, blacklistChannel, updateChannel } from './channels.ts';
import { addWallet, removeWallet, updateContact } from './customer-data.ts';
import {
  createContact,
  getContact,
  listChatbotContacts,
  searchContacts,
  searchWithPendingSchedule,
  takeNextWaiting,
  waitingQueue,
} from './service.ts';
import { listContacts } from './queries.ts';

export function contactRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['contacts'];
  const ctx = tenantContext;

  r.get(
    '/api/contacts',
    { schema: { tags, querystring: ContactListQuery, response: responses(ContactPage) } },
    (request) => listContacts(ctx(request), request.query),
  );

  r.post(
    '/api/conversations/search',
    { schema: { tags, body: ContactSearchRequest, response: responses(ContactPage) } },
    (request) => searchContacts(ctx(request), request.body),
  );

  r.post(
    '/api/conversations/search/has_pending_schedule',
    { schema: { tags, body: PendingScheduleSearchRequest, response: responses(ContactPage) } },
    (request) => searchWithPendingSchedule(ctx(request), request.body),
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
    (request) => listChatbotContacts(ctx(request), request.query),
  );

  r.get('/api/conversations/waiting', { schema: { tags, response: responses(WaitingQueue) } }, (request) =>
    waitingQueue(ctx(request)),
  );

  r.get(
    '/api/conversations/waiting/conversation',
    { schema: { tags, response: responses(Contact) } },
    (request) => takeNextWaiting(ctx(request), deps.bus),
  );

  r.get(
    '/api/conversation/:id',
    { schema: { tags, params: z.object({ id: Id }), response: responses(Contact) } },
    (request) => getContact(ctx(request), request.params.id),
  );

  r.post(
    '/api/conversations',
    { schema: { tags, body: NewContactRequest, response: responses(Contact, 201) } },
    async (request, reply) => reply.code(201).send(await createContact(ctx(request), deps.bus, request.body)),
  );

  const ChannelParams = z.object({ id: Id, channelId: Id });
  r.post(
    '/api/conversation/:id/channels',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        body: AddChannelRequest,
        response: responses(Contact, 201),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addChannel(ctx(request), deps.bus, request.params.id, request.body)),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/active',
    { schema: { tags, params: ChannelParams, body: ActivateChannelRequest, response: responses(Contact) } },
    (request) =>
      activateChannel(ctx(request), deps.bus, request.params.id, request.params.channelId, request.body),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/update',
    { schema: { tags, params: ChannelParams, body: UpdateChannelRequest, response: responses(Contact) } },
    (request) =>
      updateChannel(ctx(request), deps.bus, request.params.id, request.params.channelId, request.body),
  );
  r.post(
    '/api/conversation/:id/channels/:channelId/blacklist',
    { schema: { tags, params: ChannelParams, body: BlacklistChannelRequest, response: responses(Contact) } },
    (request) =>
      blacklistChannel(ctx(request), deps.bus, request.params.id, request.params.channelId, request.body),
  );

  r.post(
    '/api/conversation/:id',
    {
      schema: {
        tags,
        params: z.object({ id: Id }),
        body: UpdateContactRequest,
        response: responses(Contact),
      },
    },
    (request) => updateContact(ctx(request), deps.bus, request.params.id, request.body),
  );
  r.post(
    '/api/conversation/:id/wallets',
    { schema: { tags, params: z.object({ id: Id }), body: AddWalletRequest, response: responses(Contact) } },
    (request) => addWallet(ctx(request), deps.bus, request.params.id, request.body),
  );
  r.delete(
    '/api/conversation/:id/wallets/:walletId',
    { schema: { tags, params: z.object({ id: Id, walletId: Id }), response: responses(Contact) } },
    (request) => removeWallet(ctx(request), deps.bus, request.params.id, request.params.walletId),
  );
}

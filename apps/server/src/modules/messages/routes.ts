// The conversation's timeline and messages: items, older pages, send, retry, read and unread.
import {
  ExportQuery,
  Id,
  ItemsPage,
  ItemsQuery,
  Message,
  MessageHtml,
  MessageMetaData,
  MessageSearchQuery,
  MessageSearchResult,
  Ok,
  PaginateQuery,
  ReactionRequest,
  SendMessageRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { responses, typed } from '../../platform/http.ts';
import { languageFromHeader } from '../../platform/i18n/i18n.ts';
import { retryMessage } from './delivery.ts';
import { messageHtml, messageMetaData, toggleReaction, transcribe } from './details.ts';
import { exportConversation } from './export.ts';
import { markConversationRead, markConversationUnread } from './read-state.ts';
import { searchConversation } from './search.ts';
import { findMessage, sendMessage } from './send.ts';
import { assertVisibleContact, conversationItems, paginateItems } from './timeline.ts';

const ContactParams = z.object({ id: Id });
const MessageParams = z.object({ id: Id, messageId: Id });

export function messageRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['messages'];
  const ctx = tenantContext;
  const ok = { ok: true as const };

  r.get(
    '/api/conversation/:id/items',
    { schema: { tags, params: ContactParams, querystring: ItemsQuery, response: responses(ItemsPage) } },
    (request) => conversationItems(ctx(request), deps.urls, request.params.id, request.query),
  );

  r.get(
    '/api/conversation/:id/paginate',
    { schema: { tags, params: ContactParams, querystring: PaginateQuery, response: responses(ItemsPage) } },
    (request) => paginateItems(ctx(request), deps.urls, request.params.id, request.query),
  );

  r.post(
    '/api/conversation/:id/messages',
    { schema: { tags, params: ContactParams, body: SendMessageRequest, response: responses(Message, 201) } },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(ctx(request), deps, request.params.id, request.body)),
  );

  r.get(
    '/api/conversation/:id/items/export',
    { schema: { tags, params: ContactParams, querystring: ExportQuery } },
    async (request, reply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const file = await exportConversation(
        ctx(request),
        deps.urls,
        request.params.id,
        request.query,
        language,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  r.post(
    '/api/conversation/:id/messages/read',
    { schema: { tags, params: ContactParams, response: responses(Ok) } },
    async (request) => {
      await markConversationRead(ctx(request), deps.bus, request.params.id);
      return ok;
    },
  );

  r.post(
    '/api/conversation/:id/messages/unread',
    { schema: { tags, params: ContactParams, response: responses(Ok) } },
    async (request) => {
      await markConversationUnread(ctx(request), deps.bus, request.params.id);
      return ok;
    },
  );

  r.get(
    '/api/conversation/:id/messages/search',
    {
      schema: {
        tags,
        params: ContactParams,
        querystring: MessageSearchQuery,
        response: responses(MessageSearchResult),
      },
    },
    (request) => searchConversation(ctx(request), deps.urls, request.params.id, request.query.term),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId',
    { schema: { tags, params: MessageParams, response: responses(Message) } },
    async (request) => {
      const context = ctx(request);
      await assertVisibleContact(context, request.params.id);
      const message = await findMessage(context, deps.urls, request.params.messageId);
      if (!message || message.contact_id !== request.params.id) throw notFound();
      return message;
    },
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/reaction',
    { schema: { tags, params: MessageParams, body: ReactionRequest, response: responses(Message) } },
    (request) =>
      toggleReaction(ctx(request), deps, request.params.id, request.params.messageId, request.body.emoji),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId/meta-data',
    { schema: { tags, params: MessageParams, response: responses(MessageMetaData) } },
    (request) => messageMetaData(ctx(request), request.params.id, request.params.messageId),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId/html',
    { schema: { tags, params: MessageParams, response: responses(MessageHtml) } },
    (request) => messageHtml(ctx(request), request.params.id, request.params.messageId),
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/transcribe',
    { schema: { tags, params: MessageParams, response: responses(Ok) } },
    (request) => transcribe(ctx(request), request.params.id, request.params.messageId),
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/retry',
    { schema: { tags, params: MessageParams, response: responses(Message) } },
    (request) => retryMessage(ctx(request), deps, request.params.id, request.params.messageId),
  );
}

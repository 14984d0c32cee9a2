// The conversation's timeline and messages: items, older pages, send, retry, delete, read and unread, details,
// export, and message search in a conversation and across every conversation the user may see.
import {
  CompanyMessageSearchQuery,
  CompanyMessageSearchResult,
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
import { responses, typed } from '../../platform/http.ts';
import { languageFromHeader } from '../../platform/i18n/i18n.ts';
import type { MessageService } from './service.ts';

const ContactParams = z.object({ id: Id });
const MessageParams = z.object({ id: Id, messageId: Id });

export function messageRoutes(app: FastifyInstance, service: MessageService): void {
  const r = typed(app);
  const tags = ['messages'];
  const ctx = tenantContext;
  const ok = { ok: true as const };

  r.get(
    '/api/conversation/:id/items',
    { schema: { tags, params: ContactParams, querystring: ItemsQuery, response: responses(ItemsPage) } },
    (request) => service.items(ctx(request), { ...request.query, ...request.params }),
  );

  r.get(
    '/api/conversation/:id/paginate',
    { schema: { tags, params: ContactParams, querystring: PaginateQuery, response: responses(ItemsPage) } },
    (request) => service.olderItems(ctx(request), { ...request.query, ...request.params }),
  );

  r.post(
    '/api/conversation/:id/messages',
    { schema: { tags, params: ContactParams, body: SendMessageRequest, response: responses(Message, 201) } },
    async (request, reply) =>
      reply.code(201).send(await service.send(ctx(request), { ...request.body, ...request.params })),
  );

  r.get(
    '/api/conversation/:id/items/export',
    { schema: { tags, params: ContactParams, querystring: ExportQuery } },
    async (request, reply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const file = await service.export(ctx(request), {
        ...request.query,
        ...request.params,
        language,
        clientIp: request.ip,
      });
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
      await service.markRead(ctx(request), request.params);
      return ok;
    },
  );

  r.post(
    '/api/conversation/:id/messages/unread',
    { schema: { tags, params: ContactParams, response: responses(Ok) } },
    async (request) => {
      await service.markUnread(ctx(request), request.params);
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
    (request) => service.search(ctx(request), { ...request.query, ...request.params }),
  );

  r.get(
    '/api/messages/search',
    {
      schema: {
        tags,
        querystring: CompanyMessageSearchQuery,
        response: responses(CompanyMessageSearchResult),
      },
    },
    (request) => service.searchCompany(ctx(request), request.query),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId',
    { schema: { tags, params: MessageParams, response: responses(Message) } },
    (request) => service.find(ctx(request), request.params),
  );

  r.delete(
    '/api/conversation/:id/messages/:messageId',
    { schema: { tags, params: MessageParams, response: responses(Message) } },
    (request) => service.remove(ctx(request), request.params),
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/reaction',
    { schema: { tags, params: MessageParams, body: ReactionRequest, response: responses(Message) } },
    (request) => service.react(ctx(request), { ...request.params, emoji: request.body.emoji }),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId/meta-data',
    { schema: { tags, params: MessageParams, response: responses(MessageMetaData) } },
    (request) => service.metaData(ctx(request), request.params),
  );

  r.get(
    '/api/conversation/:id/messages/:messageId/html',
    { schema: { tags, params: MessageParams, response: responses(MessageHtml) } },
    (request) => service.html(ctx(request), request.params),
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/retry',
    { schema: { tags, params: MessageParams, response: responses(Message) } },
    (request) => service.retry(ctx(request), request.params),
  );
}

// Threads of a conversation: list, create, messages, privacy.
import {
  Id,
  NewThreadMessageRequest,
  NewThreadRequest,
  Thread,
  ThreadList,
  ThreadMessage,
  ThreadMessagePage,
  ThreadMessagesQuery,
  ThreadPrivacyRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentThread, presentThreadMessage, presentThreadMessagePage } from './presenter.ts';
import type { ThreadService } from './service.ts';

const ContactParams = z.object({ id: Id });
const ThreadParams = z.object({ id: Id, threadId: Id });

/** The routes name the contact `id`; the service's inputs call it `contactId`. */
const threadOf = (params: z.infer<typeof ThreadParams>) => ({
  contactId: params.id,
  threadId: params.threadId,
});

export function threadRoutes(app: FastifyInstance, threads: ThreadService): void {
  const r = typed(app);
  const tags = ['threads'];

  r.get(
    '/api/conversation/:id/threads',
    { schema: { tags, params: ContactParams, response: responses(ThreadList) } },
    async (request) => {
      const rows = await threads.list(tenantContext(request), { contactId: request.params.id });
      return { data: rows.map(presentThread) };
    },
  );

  r.post(
    '/api/conversation/:id/threads',
    { schema: { tags, params: ContactParams, body: NewThreadRequest, response: responses(Thread, 201) } },
    async (request, reply) => {
      const input = { ...request.body, contactId: request.params.id };
      return reply.code(201).send(presentThread(await threads.create(tenantContext(request), input)));
    },
  );

  r.get(
    '/api/conversation/:id/threads/:threadId/messages',
    {
      schema: {
        tags,
        params: ThreadParams,
        querystring: ThreadMessagesQuery,
        response: responses(ThreadMessagePage),
      },
    },
    async (request) => {
      const input = { ...request.query, ...threadOf(request.params) };
      return presentThreadMessagePage(await threads.messages(tenantContext(request), input));
    },
  );

  r.post(
    '/api/conversation/:id/threads/:threadId/messages',
    {
      schema: {
        tags,
        params: ThreadParams,
        body: NewThreadMessageRequest,
        response: responses(ThreadMessage, 201),
      },
    },
    async (request, reply) => {
      const input = { ...request.body, ...threadOf(request.params) };
      const message = await threads.postMessage(tenantContext(request), input);
      return reply.code(201).send(presentThreadMessage(message));
    },
  );

  r.put(
    '/api/conversation/:id/threads/:threadId/privacy',
    { schema: { tags, params: ThreadParams, body: ThreadPrivacyRequest, response: responses(Thread) } },
    async (request) => {
      const input = { ...request.body, ...threadOf(request.params) };
      return presentThread(await threads.setPrivacy(tenantContext(request), input));
    },
  );
}

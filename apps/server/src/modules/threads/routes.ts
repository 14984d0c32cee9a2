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
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import {
  createThread,
  listThreadMessages,
  listThreads,
  postThreadMessage,
  setThreadPrivacy,
} from './service.ts';

const ContactParams = z.object({ id: Id });
const ThreadParams = z.object({ id: Id, threadId: Id });

export function threadRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['threads'];
  const ctx = tenantContext;

  r.get(
    '/api/conversation/:id/threads',
    { schema: { tags, params: ContactParams, response: responses(ThreadList) } },
    async (request) => ({ data: await listThreads(ctx(request), request.params.id) }),
  );

  r.post(
    '/api/conversation/:id/threads',
    { schema: { tags, params: ContactParams, body: NewThreadRequest, response: responses(Thread, 201) } },
    async (request, reply) =>
      reply.code(201).send(await createThread(ctx(request), deps.bus, request.params.id, request.body)),
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
    (request) =>
      listThreadMessages(
        ctx(request),
        request.params.id,
        request.params.threadId,
        request.query.before_created_at,
      ),
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
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await postThreadMessage(
            ctx(request),
            deps.bus,
            request.params.id,
            request.params.threadId,
            request.body,
          ),
        ),
  );

  r.put(
    '/api/conversation/:id/threads/:threadId/privacy',
    { schema: { tags, params: ThreadParams, body: ThreadPrivacyRequest, response: responses(Thread) } },
    (request) =>
      setThreadPrivacy(
        ctx(request),
        deps.bus,
        request.params.id,
        request.params.threadId,
        request.body.privacy,
      ),
  );
}

// Provider webhooks: GET for the verification handshakes (Meta's hub.challenge), POST for messages and
// statuses, at /api/webhooks/<kind>/<account id>. Public (the provider's signature authenticates them) and
// read as raw bytes, so the signature is checked over exactly what was sent, before anything is parsed.
import { WEBHOOK_BODY_LIMIT_BYTES } from '@atende/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebhookReply } from '../../channels/adapter.ts';
import type { WebhookService } from './service.ts';

type Params = { kind: string; accountId: string };

export function webhookRoutes(app: FastifyInstance, webhooks: WebhookService, publicUrl: string): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

    const handle = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const answer = await webhooks.handle(request.params.kind, request.params.accountId, {
        method: request.method === 'GET' ? 'GET' : 'POST',
        url: `${publicUrl}${request.url}`,
        headers: request.headers as Record<string, string | undefined>,
        query: request.query as Record<string, string>,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      return send(reply, answer);
    };
    const options = { config: { public: true }, schema: { hide: true } };
    scope.get<{ Params: Params }>('/api/webhooks/:kind/:accountId', options, handle);
    scope.post<{ Params: Params }>('/api/webhooks/:kind/:accountId', options, handle);
  });
}

function send(reply: FastifyReply, answer: WebhookReply) {
  reply.code(answer.status);
  if (answer.contentType) reply.type(answer.contentType);
  if (answer.body === undefined) return reply.send();
  if (typeof answer.body === 'string' && !answer.contentType) reply.type('text/plain; charset=utf-8');
  return reply.send(answer.body);
}

// Provider webhooks: GET for the verification handshakes (Meta's hub.challenge), POST for messages and
// statuses, at /api/webhooks/<kind>/<account id>. Public (the provider's signature authenticates them) and
// read as raw bytes, so the signature is checked over exactly what was sent, before anything is parsed; a body
// over WEBHOOK_BODY_LIMIT_BYTES is refused unread (413). The
// generic channel API's address is the same route, declared once more to document its body in OpenAPI.
import {
  ChannelApiAccountParams,
  ChannelApiAck,
  ChannelApiInbound,
  ChannelApiRefusal,
  ChannelApiSignedHeaders,
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_SLUGS,
} from '@atende/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
} from 'fastify';
import type { ZodType } from 'zod';
import type { WebhookReply } from '../../channels/adapter.ts';
import { megabytes, sendTranslatedError } from '../../platform/error-handler.ts';
import { validatorCompiler } from '../../platform/validation.ts';
import type { WebhookService } from './service.ts';

type Params = { kind?: string; accountId: string };

export function webhookRoutes(app: FastifyInstance, webhooks: WebhookService, publicUrl: string): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Over the limit is 413 here, with the webhook's own limit in the message (the app's handler answers 400
    // with the JSON limit); every other error goes on to the app's handler.
    scope.setErrorHandler((error: FastifyError, request: FastifyRequest<{ Params: Params }>, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      request.log.warn(
        { channelAccountId: request.params.accountId, kind: request.params.kind },
        'webhook refused: body too large',
      );
      return sendTranslatedError(request, reply, 413, 'body_too_large', megabytes(WEBHOOK_BODY_LIMIT_BYTES));
    });

    const handle = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const { kind = WEBHOOK_SLUGS.api, accountId } = request.params;
      const answer = await webhooks.handle(kind, accountId, {
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

    scope.post<{ Params: Params }>(
      `/api/webhooks/${WEBHOOK_SLUGS.api}/:accountId`,
      {
        config: { public: true },
        // The body and headers are the signed bytes the handler verifies before it parses anything.
        validatorCompiler: paramsOnly,
        schema: {
          tags: ['channel api'],
          summary: 'An integrator posts a customer’s message or a delivery status',
          description:
            'The generic channel API’s inbound address (shown in the Center as the account’s webhook URL). ' +
            'Signed with the account’s inbound_secret: X-Atende-Signature = "sha256=" + hex ' +
            'HMAC-SHA256(inbound_secret, "<X-Atende-Timestamp>.<raw body>"); refused (401) when the ' +
            'signature does not match or the timestamp is more than 5 minutes away. A message is stored ' +
            'once per `id`. See apps/server/src/channels/api/README.md for the outbound side.',
          security: [],
          params: ChannelApiAccountParams,
          headers: ChannelApiSignedHeaders,
          body: ChannelApiInbound,
          response: {
            200: ChannelApiAck,
            400: ChannelApiRefusal,
            401: ChannelApiRefusal,
            404: ChannelApiRefusal,
            413: ChannelApiRefusal,
          },
        },
      },
      handle,
    );
  });
}

/** Validates the path only (an account id that is not a uuid is refused as malformed). */
const paramsOnly: FastifySchemaCompiler<FastifySchema> = (route) =>
  route.httpPart === 'params'
    ? validatorCompiler({ ...route, schema: route.schema as ZodType })
    : (data) => ({ value: data });

function send(reply: FastifyReply, answer: WebhookReply) {
  reply.code(answer.status);
  if (answer.contentType) reply.type(answer.contentType);
  if (answer.body === undefined) return reply.send();
  if (typeof answer.body === 'string' && !answer.contentType) reply.type('text/plain; charset=utf-8');
  return reply.send(answer.body);
}

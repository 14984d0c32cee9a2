// The AI area's calls: POST /api/conversation/:id/content-enhancement (the suggestion streamed as ndjson lines),
// POST /api/conversation/:id/messages/:messageId/transcribe, GET /api/ai/status, and the Center's
// /api/center/ai (read, save, remove, test connection), for administrators.
import { Readable } from 'node:stream';
import {
  AiConnectionTest,
  AiProviderRequest,
  AiSettings,
  AiStatus,
  ContentEnhancementRequest,
  ErrorResponse,
  Id,
  Message,
  type EnhancementEvent,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { responses, typed } from '../../platform/http.ts';
import { languageFromHeader, translate } from '../../platform/i18n/i18n.ts';
import { presentAiSettings } from './presenter.ts';
import type { AiService } from './service.ts';
import type { Enhancement } from './enhance.ts';

const ContactParams = z.object({ id: Id });
const MessageParams = z.object({ id: Id, messageId: Id });

/** A provider's refusal or silence: a bad gateway or a gateway timeout, never our own 401. */
const withGateway = <T extends z.ZodType>(ok: T) => ({
  ...responses(ok),
  502: ErrorResponse,
  504: ErrorResponse,
});

/** The suggestion's pieces as ndjson lines, closed by `done` — or by `error` when the provider fails midway. */
function ndjson(enhancement: Enhancement, language: ReturnType<typeof languageFromHeader>): Readable {
  async function* lines(): AsyncGenerator<string> {
    const line = (event: EnhancementEvent) => `${JSON.stringify(event)}\n`;
    try {
      for await (const text of enhancement.pieces) yield line({ type: 'delta', text });
      yield line({ type: 'done', mode: enhancement.mode });
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'ai_provider_failed';
      const params = error instanceof AppError ? error.params : {};
      yield line({ type: 'error', code, message: translate(language, 'errors', code, params) });
    }
  }
  return Readable.from(lines());
}

export function aiRoutes(app: FastifyInstance, ai: AiService): void {
  const r = typed(app);
  const tags = ['ai'];

  r.get('/api/ai/status', { schema: { tags, response: responses(AiStatus) } }, (request) =>
    ai.status(tenantContext(request)),
  );

  r.post(
    '/api/conversation/:id/content-enhancement',
    {
      schema: {
        tags,
        params: ContactParams,
        body: ContentEnhancementRequest,
        response: withGateway(z.string().describe('application/x-ndjson: EnhancementEvent lines')),
      },
    },
    async (request, reply) => {
      const language = languageFromHeader(request.headers['accept-language']);
      const enhancement = await ai.enhance(tenantContext(request), {
        ...request.body,
        contactId: request.params.id,
        fallbackLanguage: language,
      });
      return (
        reply
          .header('content-type', 'application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // A stream is sent as it is (no serialiser): the 200 schema documents its lines.
          .send(ndjson(enhancement, language) as never)
      );
    },
  );

  r.post(
    '/api/conversation/:id/messages/:messageId/transcribe',
    { schema: { tags, params: MessageParams, response: withGateway(Message) } },
    (request) => ai.transcribe(tenantContext(request), request.params),
  );

  const center = { ability: 'ai.configure' as const };
  r.get(
    '/api/center/ai',
    { config: center, schema: { tags, response: responses(AiSettings) } },
    async (request) => presentAiSettings(await ai.settings(tenantContext(request))),
  );
  r.put(
    '/api/center/ai',
    { config: center, schema: { tags, body: AiProviderRequest, response: responses(AiSettings) } },
    async (request) => presentAiSettings(await ai.save(tenantContext(request), request.body)),
  );
  r.delete(
    '/api/center/ai',
    { config: center, schema: { tags, response: responses(AiSettings) } },
    async (request) => presentAiSettings(await ai.remove(tenantContext(request))),
  );
  r.post(
    '/api/center/ai/test',
    { config: center, schema: { tags, response: withGateway(AiConnectionTest) } },
    (request) => ai.test(tenantContext(request)),
  );
}

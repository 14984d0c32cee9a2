// The widget's public HTTP side: its configuration and visitor sessions by widget key, the visitor's file
// upload, the script itself (/widget.js) and a demo page. These are called from customers' sites, so they —
// and only they — answer cross-origin requests (no cookies are involved: visitors carry a bearer JWT).
import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  MEDIA_LIMITS,
  WidgetConfig,
  WidgetKeyParams,
  WidgetMessage,
  WidgetSession,
  WidgetSessionRequest,
  WidgetUploadFields,
} from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import { languageFromHeader } from '../../platform/i18n/i18n.ts';
import { readPrecompressed } from '../../platform/web-app.ts';
import { demoPage } from './demo-page.ts';
import type { WidgetService } from './service.ts';

/** The built widget (apps/widget/dist), beside this server's sources in the repository. */
const WIDGET_BUNDLE = fileURLToPath(new URL('../../../../widget/dist/widget.js', import.meta.url));
const CHAT_UPLOAD_MAX = Math.max(...Object.values(MEDIA_LIMITS.chat));

const cors = (reply: FastifyReply) =>
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', 'authorization, content-type, accept-language')
    .header('access-control-max-age', '600');

export async function widgetRoutes(app: FastifyInstance, widget: WidgetService): Promise<void> {
  await app.register(multipart, {
    limits: { files: 2, fileSize: CHAT_UPLOAD_MAX, fields: 5, fieldSize: 8 * 1024, parts: 8 },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/widget/')) cors(reply);
  });
  const r = typed(app);
  const tags = ['widget'];

  r.options('/api/widget/*', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  r.get(
    '/api/widget/:key/config',
    {
      config: { public: true },
      schema: { tags, params: WidgetKeyParams, response: responses(WidgetConfig) },
    },
    async (request) => widget.config(request.params),
  );

  r.post(
    '/api/widget/:key/session',
    {
      config: { public: true },
      schema: {
        tags,
        params: WidgetKeyParams,
        body: WidgetSessionRequest,
        response: responses(WidgetSession, 201),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await widget.startSession({ ...request.body, ...request.params, ip: request.ip })),
  );

  r.post(
    '/api/widget/files',
    {
      config: { public: true },
      schema: { tags, consumes: ['multipart/form-data'], response: responses(WidgetMessage, 201) },
    },
    async (request, reply) => {
      const visitor = await widget.visitor({ token: bearerToken(request) });
      const { fields, file } = await readUpload(request, WidgetUploadFields);
      const message = await widget.receiveFile({
        visitor,
        clientId: fields.client_id,
        caption: fields.caption,
        file,
      });
      return reply.code(201).send(message);
    },
  );

  app.get('/widget.js', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const info = await stat(WIDGET_BUNDLE).catch(() => null);
    if (!info) return reply.code(404).type('text/plain; charset=utf-8').send('The widget is not built.');
    // The build's brotli or gzip copy when the browser takes it (scripts/precompress.mjs).
    const { body, encoding } = await readPrecompressed(WIDGET_BUNDLE, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .type('text/javascript; charset=utf-8')
        .header('vary', 'accept-encoding')
        .header('cache-control', 'public, max-age=300')
        .header('last-modified', info.mtime.toUTCString())
        // Loaded by <script> from customers' sites.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .send(body)
    );
  });

  app.get('/widget-demo', { config: { public: true }, schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(demoPage(languageFromHeader(request.headers['accept-language']))),
  );
}

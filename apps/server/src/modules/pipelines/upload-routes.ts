// A card's attachments (multipart, one file per upload, checked like message files) and the signed address
// they are served from. Their own scope: the multipart parser is registered for them only.
import { Card, Id, UPLOAD_MAX_BYTES } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import { signedCacheControl, SignatureQuery } from '../../platform/signed-urls.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { inspectUpload } from '../messages/files.ts';
import type { AttachmentService } from './attachments.ts';
import { presentCard } from './presenter.ts';

const ItemParams = z.object({ pipelineId: Id, itemId: Id });

export async function attachmentRoutes(
  app: FastifyInstance,
  attachments: AttachmentService,
  urls: UrlSigner,
): Promise<void> {
  await app.register(multipart, { limits: { files: 2, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 4 } });
  const r = typed(app);
  const tags = ['pipelines'];

  r.post(
    '/api/pipeline/:pipelineId/item/:itemId/attachment',
    {
      config: { ability: 'messages.send_files' },
      schema: { tags, params: ItemParams, consumes: ['multipart/form-data'], response: responses(Card, 201) },
    },
    async (request, reply) => {
      const { file } = await readUpload(request, z.object({}));
      const checked = await inspectUpload(file);
      const ctx = tenantContext(request);
      const card = await attachments.add(ctx, { ...request.params, file: checked });
      return reply.code(201).send(presentCard(urls, ctx, card));
    },
  );
  r.delete(
    '/api/pipeline/:pipelineId/item/:itemId/attachment/:attachmentId',
    { schema: { tags, params: ItemParams.extend({ attachmentId: Id }), response: responses(Card) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentCard(urls, ctx, await attachments.remove(ctx, request.params));
    },
  );

  // Public because <img> sends no token; the signature, given only to users who see the card, is the access.
  r.get(
    '/api/pipeline-files/:id',
    { config: { public: true }, schema: { tags, params: z.object({ id: Id }), querystring: SignatureQuery } },
    async (request, reply) => {
      const file = await attachments.open({ ...request.query, id: request.params.id });
      return reply
        .type(file.contentType)
        .header('cache-control', signedCacheControl(request.query))
        .header(
          'content-disposition',
          `${file.inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(file.stream);
    },
  );
}

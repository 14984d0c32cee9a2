// POST /api/conversation/:id/file and /audio (multipart, one file per send) and GET /api/files/:id, the
// signed address attachments are served from.
import { Id, Message, UPLOAD_MAX_BYTES } from '@atende/contract';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { attachments } from '../../db/schema/index.ts';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { responses, typed } from '../../platform/http.ts';
import { RequestValidationError } from '../../platform/validation.ts';
import { inspectUpload } from './files.ts';
import { fileResource } from './presenter.ts';
import { sendMessage } from './send.ts';

const UploadFields = z.object({
  caption: z.string().trim().max(1024).default(''),
  channel_id: Id.optional(),
  client_id: z.string().min(8).max(64).optional(),
});

type Upload<F> = {
  fields: F;
  file: { filename: string; declaredType: string; data: Buffer };
};

/** The one file and the text fields of a multipart send, the fields checked against `schema`. */
export async function readUpload<F>(request: FastifyRequest, schema: ZodType<F>): Promise<Upload<F>> {
  if (!request.isMultipart()) throw new AppError('file_required', 400);
  const fields: Record<string, string> = {};
  let file: Upload<F>['file'] | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // One file per send (spec §5): a second one is refused, not silently dropped.
      if (file) throw new AppError('too_many_files', 400);
      file = { filename: part.filename, declaredType: part.mimetype, data: await part.toBuffer() };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!file) throw new AppError('file_required', 400);
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return { fields: parsed.data, file };
}

export async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(multipart, {
    limits: { files: 2, fileSize: UPLOAD_MAX_BYTES, fields: 10, fieldSize: 8 * 1024, parts: 14 },
  });
  const r = typed(app);
  const tags = ['messages'];
  const Params = z.object({ id: Id });

  const send = (audioOnly: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const ctx = tenantContext(deps.database.db, request);
    if (!ctx.permissions.send_files) throw forbidden();
    const { fields, file } = await readUpload(request, UploadFields);
    const checked = await inspectUpload(file, { audioOnly });
    return sendMessage(ctx, deps, request.params.id, {
      text: audioOnly ? '' : fields.caption,
      channel_id: fields.channel_id,
      client_id: fields.client_id,
      file: checked,
    });
  };

  r.post(
    '/api/conversation/:id/file',
    {
      schema: { tags, params: Params, consumes: ['multipart/form-data'], response: responses(Message, 201) },
    },
    async (request, reply) => reply.code(201).send(await send(false)(request)),
  );
  r.post(
    '/api/conversation/:id/audio',
    {
      schema: { tags, params: Params, consumes: ['multipart/form-data'], response: responses(Message, 201) },
    },
    async (request, reply) => reply.code(201).send(await send(true)(request)),
  );

  // Public because <img> and <audio> send no token; the signature, given only to allowed users, is the access.
  r.get(
    '/api/files/:id',
    {
      config: { public: true },
      schema: { tags, params: Params, querystring: z.object({ sig: z.string().max(64) }) },
    },
    async (request, reply) => {
      if (!deps.urls.verify(fileResource(request.params.id), request.query.sig)) throw notFound();
      const [file] = await deps.database.db
        .select()
        .from(attachments)
        .where(and(eq(attachments.id, request.params.id)))
        .limit(1);
      const stream = file ? await deps.storage.open(file.storageKey) : null;
      if (!file || !stream) throw notFound();
      const inline = file.kind !== 'document';
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .send(stream);
    },
  );
}

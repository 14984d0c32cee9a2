// POST /api/conversation/:id/file and /audio (multipart, one file per send), /messages/mail (an e-mail with
// its attachments) and GET /api/files/:id, the signed address attachments are served from.
import { Id, Message, SendMailFields, UPLOAD_MAX_BYTES } from '@atende/contract';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { attachments } from '../../db/schema/index.ts';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
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

type RawFile = { filename: string; declaredType: string; data: Buffer };

/** An e-mail carries at most this many attachments. */
const MAIL_MAX_FILES = 10;

/** The fields and files of a multipart request; more files than `maxFiles` are refused, not dropped. */
async function readParts(request: FastifyRequest, maxFiles: number) {
  if (!request.isMultipart()) throw new AppError('file_required', 400);
  const fields: Record<string, string> = {};
  const files: RawFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (files.length === maxFiles) throw new AppError('too_many_files', 400);
      files.push({ filename: part.filename, declaredType: part.mimetype, data: await part.toBuffer() });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

function parseFields<F>(schema: ZodType<F>, fields: Record<string, string>): F {
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues);
  return parsed.data;
}

/** The one file (spec §5: one per send) and the text fields of a multipart send, checked against `schema`. */
export async function readUpload<F>(
  request: FastifyRequest,
  schema: ZodType<F>,
): Promise<{ fields: F; file: RawFile }> {
  const { fields, files } = await readParts(request, 1);
  if (!files[0]) throw new AppError('file_required', 400);
  return { fields: parseFields(schema, fields), file: files[0] };
}

export async function uploadRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(multipart, {
    limits: {
      files: MAIL_MAX_FILES + 1,
      fileSize: UPLOAD_MAX_BYTES,
      fields: 10,
      fieldSize: 64 * 1024,
      parts: MAIL_MAX_FILES + 12,
    },
  });
  const r = typed(app);
  const tags = ['messages'];
  const Params = z.object({ id: Id });

  const send = (audioOnly: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const ctx = tenantContext(request);
    if (!ctx.permissions.send_files) throw forbidden();
    const { fields, file } = await readUpload(request, UploadFields);
    const checked = await inspectUpload(file, { audioOnly });
    return sendMessage(ctx, deps, request.params.id, {
      text: audioOnly ? '' : fields.caption,
      channel_id: fields.channel_id,
      client_id: fields.client_id,
      files: [checked],
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

  // An e-mail reply: the composer's footer subject, text and attachments; only on e-mail channels.
  r.post(
    '/api/conversation/:id/messages/mail',
    {
      schema: { tags, params: Params, consumes: ['multipart/form-data'], response: responses(Message, 201) },
    },
    async (request, reply) => {
      const ctx = tenantContext(request);
      const { fields, files } = await readParts(request, MAIL_MAX_FILES);
      if (files.length > 0 && !ctx.permissions.send_files) throw forbidden();
      const mail = parseFields(SendMailFields, fields);
      const checked = await Promise.all(files.map((file) => inspectUpload(file)));
      const message = await sendMessage(ctx, deps, request.params.id, {
        ...mail,
        files: checked,
        onlyKind: 'email',
      });
      return reply.code(201).send(message);
    },
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

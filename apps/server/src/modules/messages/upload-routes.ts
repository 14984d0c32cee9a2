// POST /api/conversation/:id/file and /audio (multipart, one file per send), /messages/mail (an e-mail with
// its attachments) and GET /api/files/:id, the signed address attachments are served from. Their own scope:
// the multipart parser is registered for them only.
import { Id, Message, SendFileFields, SendMailFields, UPLOAD_MAX_BYTES } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { parseFields, readParts, readUpload } from '../../platform/multipart.ts';
import { signedCacheControl, SignatureQuery } from '../../platform/signed-urls.ts';
import { inspectUpload } from './files.ts';
import type { MessageService } from './service.ts';

/** An e-mail carries at most this many attachments. */
const MAIL_MAX_FILES = 10;

export async function uploadRoutes(app: FastifyInstance, service: MessageService): Promise<void> {
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
  const fileSend = {
    config: { ability: 'messages.send_files' as const },
    schema: { tags, params: Params, consumes: ['multipart/form-data'], response: responses(Message, 201) },
  };

  const sendFile = (audio: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { fields, file } = await readUpload(request, SendFileFields);
    const checked = await inspectUpload(file, { audioOnly: audio });
    return service.sendFile(tenantContext(request), {
      ...fields,
      id: request.params.id,
      file: checked,
      audio,
    });
  };

  r.post('/api/conversation/:id/file', fileSend, async (request, reply) =>
    reply.code(201).send(await sendFile(false)(request)),
  );
  r.post('/api/conversation/:id/audio', fileSend, async (request, reply) =>
    reply.code(201).send(await sendFile(true)(request)),
  );

  // An e-mail reply: the composer's footer subject, text and attachments; only on e-mail channels.
  r.post(
    '/api/conversation/:id/messages/mail',
    {
      schema: { tags, params: Params, consumes: ['multipart/form-data'], response: responses(Message, 201) },
    },
    async (request, reply) => {
      const { fields, files } = await readParts(request, MAIL_MAX_FILES);
      const mail = parseFields(SendMailFields, fields);
      const checked = await Promise.all(files.map((file) => inspectUpload(file)));
      const message = await service.sendMail(tenantContext(request), {
        ...mail,
        id: request.params.id,
        files: checked,
      });
      return reply.code(201).send(message);
    },
  );

  // Public because <img> and <audio> send no token; the signature, given only to allowed users, is the access.
  r.get(
    '/api/files/:id',
    {
      config: { public: true },
      schema: { tags, params: Params, querystring: SignatureQuery },
    },
    async (request, reply) => {
      const file = await service.openFile({ ...request.query, id: request.params.id });
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

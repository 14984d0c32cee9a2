// POST /api/broadcasts/files (multipart, one file): a broadcast's file, checked and stored before the broadcast
// is reviewed; the message then names it (`{ type: 'file', file_id }`). In a scope of its own, so the multipart
// parser and the upload size limit apply here only.
import { BroadcastFile, UPLOAD_MAX_BYTES } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { inspectUpload } from '../messages/files.ts';
import { storeBroadcastFile } from './files.ts';

export async function broadcastFileRoutes(
  app: FastifyInstance,
  deps: { storage: FileStorage },
): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 0, parts: 1 },
  });
  typed(app).post(
    '/api/broadcasts/files',
    {
      config: { ability: 'broadcasts.send' },
      schema: {
        tags: ['broadcasts'],
        consumes: ['multipart/form-data'],
        response: responses(BroadcastFile, 201),
      },
    },
    async (request, reply) => {
      const { file } = await readUpload(request, z.object({}));
      const checked = await inspectUpload(file);
      return reply.code(201).send(await storeBroadcastFile(deps, tenantContext(request), checked));
    },
  );
}

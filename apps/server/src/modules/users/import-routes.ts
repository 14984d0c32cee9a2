// POST /api/center/users/import/preview (multipart, one CSV file: each row and its errors, nothing written) and
// POST /api/center/users/import (JSON, the previewed rows: the valid ones created), for administrators. In a
// scope of their own, so the multipart parser and its size limit apply to the preview only.
import {
  USER_IMPORT_MAX_BYTES,
  UserImportPreview,
  UserImportRequest,
  UserImportResult,
} from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { languageFromHeader } from '../../platform/i18n/i18n.ts';
import { readUpload } from '../../platform/multipart.ts';
import { fileTooLarge, readUserFile, type userImportOperations } from './import.ts';
import { presentCenterUser } from './presenter.ts';

const languageOf = (request: FastifyRequest) => languageFromHeader(request.headers['accept-language']);

export async function userImportRoutes(
  app: FastifyInstance,
  imports: ReturnType<typeof userImportOperations>,
): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: USER_IMPORT_MAX_BYTES, fields: 0, parts: 1 },
  });
  const r = typed(app);
  const tags = ['center'];
  const config = { ability: 'users.manage' } as const;

  r.post(
    '/api/center/users/import/preview',
    { config, schema: { tags, consumes: ['multipart/form-data'], response: responses(UserImportPreview) } },
    async (request) => {
      const { file } = await readUpload(request, z.object({})).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
      });
      return imports.preview(tenantContext(request), readUserFile(file.data), languageOf(request));
    },
  );
  r.post(
    '/api/center/users/import',
    { config, schema: { tags, body: UserImportRequest, response: responses(UserImportResult, 201) } },
    async (request, reply) => {
      const result = await imports.import(tenantContext(request), request.body.rows, languageOf(request));
      return reply.code(201).send({
        created: result.created.map(({ user, temporaryPassword }) => ({
          user: presentCenterUser(user),
          temporary_password: temporaryPassword,
        })),
        rejected: result.rejected,
      });
    },
  );
}

// POST /api/broadcasts/lists/csv-preview?kind=whatsapp (multipart, one CSV file): each row matched, new or
// invalid and why; nothing is written until the list is saved with the rows (POST /api/broadcasts/lists). In a
// scope of its own, so the multipart parser and its size limit apply to the preview only.
import { BROADCAST_CSV_MAX_BYTES, BroadcastCsvPreview, BroadcastCsvQuery } from '@atende/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { readUpload } from '../../platform/multipart.ts';
import { csvTooLarge, previewBroadcastCsv, readBroadcastCsv } from './csv.ts';

export async function broadcastCsvRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: BROADCAST_CSV_MAX_BYTES, fields: 0, parts: 1 },
  });
  typed(app).post(
    '/api/broadcasts/lists/csv-preview',
    {
      config: { ability: 'broadcasts.send' },
      schema: {
        tags: ['broadcasts'],
        consumes: ['multipart/form-data'],
        querystring: BroadcastCsvQuery,
        response: responses(BroadcastCsvPreview),
      },
    },
    async (request) => {
      const { file } = await readUpload(request, z.object({})).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? csvTooLarge() : error;
      });
      const rows = readBroadcastCsv(file.data);
      const { addresses: _, ...preview } = await previewBroadcastCsv(
        tenantContext(request),
        request.query.kind,
        rows,
      );
      return preview;
    },
  );
}

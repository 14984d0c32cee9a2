// Broadcasts API, for whoever may send broadcasts (supervisors; attendants with the flag):
// lists — GET/POST /api/broadcasts/lists, DELETE /api/broadcasts/lists/:id;
// broadcasts — GET/POST /api/broadcasts, POST /api/broadcasts/preview (the review), GET /api/broadcasts/:id,
// POST /api/broadcasts/:id/:action (pause, resume, cancel), GET /api/broadcasts/:id/recipients (the report)
// and GET /api/broadcasts/:id/recipients.csv (the report streamed as CSV);
// PUT /api/contacts/:id/broadcast-opt-out (a customer who asked for no broadcasts).
import { Readable } from 'node:stream';
import {
  Broadcast,
  BroadcastAction,
  BroadcastAudienceRequest,
  BroadcastList,
  BroadcastListList,
  BroadcastListRequest,
  BroadcastPage,
  BroadcastPreview,
  BroadcastReport,
  BroadcastReportQuery,
  BroadcastRequest,
  Id,
  Ok,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { csvCell } from '../messages/export.ts';
import { presentList, presentRecipient, type RecipientRow } from './presenter.ts';
import type { BroadcastService } from './service.ts';

const OptOutRequest = z.object({ opted_out: z.boolean() });

export function broadcastRoutes(app: FastifyInstance, service: BroadcastService): void {
  const r = typed(app);
  const tags = ['broadcasts'];
  // Routes naming a row authorise in the service once the row is found: another company's answers 404, not 403.
  const config = { ability: 'broadcasts.send' } as const;
  const Params = z.object({ id: Id });

  r.get(
    '/api/broadcasts/lists',
    { config, schema: { tags, response: responses(BroadcastListList) } },
    async (request) => ({ data: (await service.listLists(tenantContext(request))).map(presentList) }),
  );
  r.post(
    '/api/broadcasts/lists',
    { schema: { tags, body: BroadcastListRequest, response: responses(BroadcastList, 201) } },
    async (request, reply) =>
      reply.code(201).send(presentList(await service.createList(tenantContext(request), request.body))),
  );
  r.delete(
    '/api/broadcasts/lists/:id',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await service.removeList(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/broadcasts',
    { config, schema: { tags, response: responses(BroadcastPage) } },
    async (request) => service.list(tenantContext(request)),
  );
  r.post(
    '/api/broadcasts/preview',
    { schema: { tags, body: BroadcastAudienceRequest, response: responses(BroadcastPreview) } },
    async (request) => service.preview(tenantContext(request), request.body),
  );
  r.post(
    '/api/broadcasts',
    { schema: { tags, body: BroadcastRequest, response: responses(Broadcast, 201) } },
    async (request, reply) =>
      reply.code(201).send(await service.create(tenantContext(request), request.body)),
  );
  r.get(
    '/api/broadcasts/:id',
    { schema: { tags, params: Params, response: responses(Broadcast) } },
    async (request) => service.get(tenantContext(request), request.params),
  );
  r.post(
    '/api/broadcasts/:id/:action',
    {
      schema: { tags, params: Params.extend({ action: BroadcastAction }), response: responses(Broadcast) },
    },
    async (request) => service.act(tenantContext(request), request.params),
  );
  r.get(
    '/api/broadcasts/:id/recipients',
    {
      schema: {
        tags,
        params: Params,
        querystring: BroadcastReportQuery,
        response: responses(BroadcastReport),
      },
    },
    async (request) => {
      const page = await service.report(tenantContext(request), { ...request.params, ...request.query });
      return { data: page.rows.map(presentRecipient), next_after: page.nextAfter };
    },
  );
  r.get(
    '/api/broadcasts/:id/recipients.csv',
    { schema: { tags, params: Params } },
    async (request, reply) => {
      const pages = service.exportRows(tenantContext(request), request.params);
      // The first page read before answering, so a broadcast of another company answers 404, not a file.
      const first = await pages.next();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="broadcast-${request.params.id}.csv"`)
        .send(Readable.from(csvLines(first.done ? [] : first.value, pages)));
    },
  );

  r.put(
    '/api/contacts/:id/broadcast-opt-out',
    { schema: { tags, params: Params, body: OptOutRequest, response: responses(OptOutRequest) } },
    async (request) => service.setOptOut(tenantContext(request), { ...request.params, ...request.body }),
  );
}

const CSV_HEADER = ['contact_id', 'contact', 'address', 'status', 'error', 'replied'];

/** The report's lines, page by page as they are read; the BOM makes spreadsheets read it as UTF-8. */
async function* csvLines(
  first: RecipientRow[],
  rest: AsyncGenerator<RecipientRow[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n`;
  const lines = (rows: RecipientRow[]) =>
    rows
      .map(presentRecipient)
      .map((row) =>
        [
          row.contact_id,
          row.contact_name,
          row.address ?? '',
          row.status,
          row.error ?? '',
          String(row.replied),
        ]
          .map(csvCell)
          .join(','),
      )
      .join('\r\n');
  if (first.length > 0) yield `${lines(first)}\r\n`;
  for await (const page of rest) yield `${lines(page)}\r\n`;
}

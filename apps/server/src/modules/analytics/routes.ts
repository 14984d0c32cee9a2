// Contacts analytics (issue 28): performance, day statistics and the history of attended customers, with its
// CSV export streamed page by page. Whose numbers each caller may read is the service's (subjectOf).
import {
  AnalyticsHistoryQuery,
  AnalyticsQuery,
  AttendanceHistory,
  DayStats,
  Performance,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { attendanceCsvLines } from './csv.ts';
import type { AnalyticsService } from './service.ts';

export function analyticsRoutes(app: FastifyInstance, service: AnalyticsService): void {
  const r = typed(app);
  const tags = ['analytics'];

  r.get(
    '/api/analytics/performance',
    { schema: { tags, querystring: AnalyticsQuery, response: responses(Performance) } },
    async (request) => service.performance(tenantContext(request), request.query),
  );
  r.get(
    '/api/analytics/day-stats',
    { schema: { tags, querystring: AnalyticsQuery, response: responses(DayStats) } },
    async (request) => service.dayStats(tenantContext(request), request.query),
  );
  r.get(
    '/api/analytics/history',
    { schema: { tags, querystring: AnalyticsHistoryQuery, response: responses(AttendanceHistory) } },
    async (request) => service.history(tenantContext(request), request.query),
  );
  r.get(
    '/api/analytics/history.csv',
    { schema: { tags, querystring: AnalyticsHistoryQuery } },
    async (request, reply) => {
      const ctx = tenantContext(request);
      // The first page is read before answering, so a refused subject answers its error, not a broken file.
      const pages = service.historyPages(ctx, request.query);
      const first = await pages.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* pages;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="attendances-${request.query.from}-${request.query.to}.csv"`,
        )
        .send(Readable.from(attendanceCsvLines(all())));
    },
  );
}

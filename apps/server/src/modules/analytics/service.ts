// Contacts analytics (issue 28): reads the rollups the database triggers keep (migration 0053), never the
// messages. Periods are calendar days of the company's time zone, turned into instants by PostgreSQL (so a day
// of a daylight-saving change lasts 23 or 25 hours); the rollups are per UTC hour.
import {
  ANALYTICS_BUCKET_LOWER_BOUNDS,
  histogramQuantile,
  may,
  type AnalyticsHistoryQuery,
  type AnalyticsQuery,
  type AttendanceEntry,
  type DayStats,
  type DurationStats,
  type Performance,
  type PerformanceTotals,
  type RatingSummary,
} from '@atende/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { TenantContext } from '../../platform/auth.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import {
  COMPANY_TOTAL,
  histogramSum,
  ROLLUP_COLUMNS,
  hoursOutside,
  instants,
  summedDays,
  wholeDays,
} from './daily.ts';

type Subject = { userId?: string | undefined; teamId?: string | undefined };
type Window = { timezone: string; from: string; to: string; previousFrom: string };

const BUCKETS = ANALYTICS_BUCKET_LOWER_BOUNDS.length;

/**
 * Whose numbers the caller may read: an attendant only their own (asking for nobody in particular means
 * themself); whoever may see others' analytics any attendant or team of their company.
 */
async function subjectOf(ctx: TenantContext, query: Subject): Promise<Subject> {
  // Someone of another company, or no one, is not found, whoever asks.
  if (query.userId) {
    const [row] = await queryRows(
      ctx.db,
      sql`select 1 from users where id = ${query.userId} and company_id = ${ctx.companyId}`,
    );
    if (!row) throw notFound();
  }
  if (query.teamId) {
    const [row] = await queryRows(
      ctx.db,
      sql`select 1 from teams where id = ${query.teamId} and company_id = ${ctx.companyId}`,
    );
    if (!row) throw notFound();
  }
  if (may(ctx, 'analytics.see_others')) return query;
  if (query.teamId || (query.userId && query.userId !== ctx.userId)) throw forbidden();
  return { userId: ctx.userId };
}

const ratingSummary = (count: number, sum: number): RatingSummary => ({
  count,
  average: count ? sum / count : null,
});

/**
 * The satisfaction ratings answered since `since` (an hour's start: the rollups are hourly), per attendant and
 * for the whole company (the monitor's "today"). Unscoped by permission: the caller decides who may read it.
 */
export async function ratingsSince(
  ctx: Pick<TenantContext, 'db' | 'companyId'>,
  since: Date,
): Promise<{ company: RatingSummary; byUser: Map<string, RatingSummary> }> {
  const rows = await queryRows<{ user_id: string; n: number; total: number }>(
    ctx.db,
    sql`select user_id, sum(rating_count)::int as n, sum(rating_sum)::int as total from analytics_hourly
          where company_id = ${ctx.companyId} and hour >= ${since.toISOString()}::timestamptz
            and rating_count > 0
          group by user_id`,
  );
  const byUser = new Map(rows.map((row) => [row.user_id, ratingSummary(row.n, row.total)]));
  const company = byUser.get(COMPANY_TOTAL) ?? ratingSummary(0, 0);
  byUser.delete(COMPANY_TOTAL);
  return { company, byUser };
}

/**
 * The rows of the subject, on a table with company_id and user_id columns aliased `alias`: on the rollups
 * (`rollups`), the whole company is its total's rows, not the sum of every attendant's.
 */
function subjectFilter(ctx: TenantContext, subject: Subject, alias: string, rollups = false): SQL {
  const column = sql.raw(`${alias}.user_id`);
  const company = sql`${sql.raw(`${alias}.company_id`)} = ${ctx.companyId}`;
  if (subject.userId) return sql`${company} and ${column} = ${subject.userId}`;
  if (subject.teamId) {
    return sql`${company} and ${column} in (select user_id from team_members
      where team_id = ${subject.teamId} and company_id = ${ctx.companyId})`;
  }
  return rollups ? sql`${company} and ${column} = ${COMPANY_TOTAL}` : company;
}

/** The period's first instant, the instant after its last day, and the same-length period's start before it. */
async function windowOf(ctx: TenantContext, query: { from: string; to: string }): Promise<Window> {
  const [row] = await queryRows<Window>(
    ctx.db,
    sql`select tz as timezone,
          to_json((${query.from}::date)::timestamp at time zone tz) #>> '{}' as "from",
          to_json((${query.to}::date + 1)::timestamp at time zone tz) #>> '{}' as "to",
          to_json((${query.from}::date - (${query.to}::date - ${query.from}::date + 1))::timestamp at time zone tz)
            #>> '{}' as "previousFrom"
        from (select coalesce(settings->>'timezone', 'America/Sao_Paulo') as tz
              from companies where id = ${ctx.companyId}) company`,
  );
  if (!row) throw notFound();
  return {
    ...row,
    from: new Date(row.from).toISOString(),
    to: new Date(row.to).toISOString(),
    previousFrom: new Date(row.previousFrom).toISOString(),
  };
}

const durations = (count: number, seconds: number, histogram: number[]): DurationStats => ({
  count,
  average: count > 0 ? Math.round(seconds / count) : null,
  median: histogramQuantile(histogram, 0.5),
  p90: histogramQuantile(histogram, 0.9),
});

type TotalsRow = {
  current: boolean;
  attended: number;
  messages_in: number;
  messages_out: number;
  first_response_count: number;
  first_response_seconds: number;
  resolution_count: number;
  resolution_seconds: number;
  pause_seconds: number;
  calls: number;
  call_seconds: number;
  rating_count: number;
  rating_sum: number;
  first_response_histogram: number[];
  resolution_histogram: number[];
};

export function analyticsService() {
  return {
    async performance(ctx: TenantContext, query: AnalyticsQuery): Promise<Performance> {
      const subject = await subjectOf(ctx, { userId: query.user_id, teamId: query.team_id });
      const w = await windowOf(ctx, query);
      // Whole past days from the daily rollup, the rest (the periods' edges, today) from the hourly one.
      const [previousFrom, from, to] = [new Date(w.previousFrom), new Date(w.from), new Date(w.to)];
      const now = new Date();
      const days = await summedDays(ctx.db, ctx.companyId, [
        ...wholeDays(previousFrom, from, now),
        ...wholeDays(from, to, now),
      ]);
      // Each interval as constant bounds: the planner then sees how few hours they hold (joined to the
      // intervals as an array, it expected thousands and planned a parallel scan, whose workers cost more).
      const hours = hoursOutside(previousFrom, to, days);
      const spans = hours.length
        ? sql.join(
            hours.map(
              (span) => sql`(h.hour >= ${span.from.toISOString()} and h.hour < ${span.to.toISOString()})`,
            ),
            sql` or `,
          )
        : sql`false`;
      const rollup = (source: SQL) =>
        sql`${sql.raw(ROLLUP_COLUMNS.map((column) => `h.${column}`).join(', '))} ${source}`;
      const totals = await queryRows<TotalsRow>(
        ctx.db,
        sql`select current, sum(attended)::int as attended, sum(messages_in)::int as messages_in,
              sum(messages_out)::int as messages_out, sum(first_response_count)::int as first_response_count,
              sum(first_response_seconds)::float8 as first_response_seconds,
              sum(resolution_count)::int as resolution_count, sum(resolution_seconds)::float8 as resolution_seconds,
              sum(pause_seconds)::float8 as pause_seconds, sum(calls)::int as calls,
              sum(call_seconds)::float8 as call_seconds, sum(rating_count)::int as rating_count,
              sum(rating_sum)::int as rating_sum,
              ${histogramSum('h.first_response_histogram')} as first_response_histogram,
              ${histogramSum('h.resolution_histogram')} as resolution_histogram
            from (
              select h.hour >= ${w.from} as current, ${rollup(sql`from analytics_hourly h
                where ${subjectFilter(ctx, subject, 'h', true)} and (${spans})`)}
              union all
              select h.day >= ${w.from} as current, ${rollup(sql`from analytics_daily h
                where ${subjectFilter(ctx, subject, 'h', true)} and h.day = any(${instants(days)}::timestamptz[])`)}
            ) h group by 1`,
      );
      const build = (isCurrent: boolean): PerformanceTotals => {
        const row = totals.find((t) => t.current === isCurrent);
        const none = Array.from({ length: BUCKETS }, () => 0);
        const fr = row?.first_response_histogram ?? none;
        const rs = row?.resolution_histogram ?? none;
        return {
          attended: row?.attended ?? 0,
          messages_in: row?.messages_in ?? 0,
          messages_out: row?.messages_out ?? 0,
          first_response: durations(row?.first_response_count ?? 0, row?.first_response_seconds ?? 0, fr),
          resolution: durations(row?.resolution_count ?? 0, row?.resolution_seconds ?? 0, rs),
          pause_seconds: row?.pause_seconds ?? 0,
          calls: row?.calls ?? 0,
          call_seconds: row?.call_seconds ?? 0,
          rating: ratingSummary(row?.rating_count ?? 0, row?.rating_sum ?? 0),
        };
      };
      return {
        timezone: w.timezone,
        current: { ...build(true), period: { from: w.from, to: w.to } },
        previous: { ...build(false), period: { from: w.previousFrom, to: w.from } },
      };
    },

    async dayStats(ctx: TenantContext, query: AnalyticsQuery): Promise<DayStats> {
      const subject = await subjectOf(ctx, { userId: query.user_id, teamId: query.team_id });
      const w = await windowOf(ctx, query);
      const cells = await queryRows<DayStats['cells'][number]>(
        ctx.db,
        sql`select kind, extract(dow from hour at time zone ${w.timezone})::int as weekday,
              extract(hour from hour at time zone ${w.timezone})::int as hour,
              sum(messages_in)::int as messages_in, sum(messages_out)::int as messages_out,
              sum(attended)::int as attended
            from analytics_hourly h
            where ${subjectFilter(ctx, subject, 'h', true)} and h.hour >= ${w.from} and h.hour < ${w.to}
              and h.kind <> 'pause'
            group by 1, 2, 3 order by 1, 2, 3`,
      );
      return { timezone: w.timezone, cells };
    },

    async history(
      ctx: TenantContext,
      query: AnalyticsHistoryQuery,
    ): Promise<{ data: AttendanceEntry[]; next_cursor: string | null }> {
      const subject = await subjectOf(ctx, { userId: query.user_id, teamId: query.team_id });
      const w = await windowOf(ctx, query);
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await queryRows<{
        id: string;
        contact_id: string;
        contact_name: string;
        user_id: string | null;
        user_name: string | null;
        kind: AttendanceEntry['kind'];
        started_at: string;
        finished_at: string;
        cursor_at: string;
        first_response_seconds: number | null;
        resolution_seconds: number;
        messages_in: number;
        messages_out: number;
        events: string[];
      }>(
        ctx.db,
        sql`select a.id, a.contact_id, c.name as contact_name, a.user_id, u.name as user_name, a.kind,
              a.started_at, a.finished_at, to_char(a.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
              a.first_response_seconds, a.resolution_seconds, a.messages_in, a.messages_out,
              array(select e.description from contact_events e
                    where e.contact_id = a.contact_id and e.company_id = a.company_id
                      and e.occurred_at >= a.started_at and e.occurred_at <= a.finished_at + interval '1 minute'
                    order by e.occurred_at, e.id) as events
            from analytics_attendances a
            join contacts c on c.id = a.contact_id and c.company_id = a.company_id
            left join users u on u.id = a.user_id and u.company_id = a.company_id
            where ${subjectFilter(ctx, subject, 'a')} and a.finished_at >= ${w.from} and a.finished_at < ${w.to}
              ${query.kind ? sql`and a.kind = ${query.kind}` : sql``}
              ${query.search ? sql`and c.name ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
              ${after ? sql`and (a.finished_at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
            order by a.finished_at desc, a.id desc
            limit ${query.limit + 1}`,
      );
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        data: page.map((row) => ({
          id: row.id,
          contact: { id: row.contact_id, name: row.contact_name },
          user: row.user_id && row.user_name ? { id: row.user_id, name: row.user_name } : null,
          kind: row.kind,
          started_at: new Date(row.started_at).toISOString(),
          finished_at: new Date(row.finished_at).toISOString(),
          first_response_seconds: row.first_response_seconds,
          resolution_seconds: row.resolution_seconds,
          messages_in: row.messages_in,
          messages_out: row.messages_out,
          events: row.events,
        })),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last.cursor_at, last.id) : null,
      };
    },

    /** The whole filtered history, page by page, for the CSV export. */
    async *historyPages(ctx: TenantContext, query: AnalyticsHistoryQuery): AsyncGenerator<AttendanceEntry[]> {
      let cursor: string | undefined = undefined;
      do {
        const page = await this.history(ctx, { ...query, limit: 500, cursor });
        yield page.data;
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
    },
  };
}

export type AnalyticsService = ReturnType<typeof analyticsService>;

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('invalid_cursor', 400);
  }
  return { at, id };
}

// A period's whole past days read from analytics_daily (one row a day per attendant) instead of analytics_hourly
// (one per hour and channel kind): 90 days against the 90 before read ≈ 180 rows, not ≈ 25 000. The hours at the
// period's edges (its days start at the company's midnight, not UTC's) and of the days not yet over are read
// hourly. A day is summed once it has been over for an hour, by the hourly sealing job (sealDays) or by the
// first read that needs it, and again after any of its hourly rows changes (the trigger of migration 0060 marks
// it stale).
import { ANALYTICS_BUCKET_LOWER_BOUNDS } from '@atende/contract';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { analyticsDaily } from '../../db/schema/index.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** The rollups' user id of the company's total (migration 0053). */
export const COMPANY_TOTAL = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

const DAY_MS = 86_400_000;
/**
 * How long after its end a day may be summed: the trigger skips the hours of the day the clock is in, so a
 * transaction that wrote them then must have committed by now (transactions last far less than this).
 */
const SETTLE_MS = 3_600_000;

const BUCKETS = ANALYTICS_BUCKET_LOWER_BOUNDS.length;

/** The UTC days wholly inside [from, to) that have been over for SETTLE_MS at `now`. */
export function wholeDays(from: Date, to: Date, now: Date): Date[] {
  const days: Date[] = [];
  const last = Math.min(to.getTime(), now.getTime() - SETTLE_MS);
  for (let day = Math.ceil(from.getTime() / DAY_MS) * DAY_MS; day + DAY_MS <= last; day += DAY_MS) {
    days.push(new Date(day));
  }
  return days;
}

/** [from, to) less the given days (ascending, inside it): the intervals left to read by the hour. */
export function hoursOutside(from: Date, to: Date, days: Date[]): Array<{ from: Date; to: Date }> {
  const intervals: Array<{ from: Date; to: Date }> = [];
  let start = from.getTime();
  for (const day of days) {
    if (day.getTime() > start) intervals.push({ from: new Date(start), to: day });
    start = Math.max(start, day.getTime() + DAY_MS);
  }
  if (start < to.getTime()) intervals.push({ from: new Date(start), to });
  return intervals;
}

/** Instants as a PostgreSQL array literal, for a `::timestamptz[]` parameter (every driver passes a string). */
export const instants = (dates: Date[]): string => `{${dates.map((date) => date.toISOString()).join(',')}}`;

/** Each of a histogram column's buckets summed by position, as an array (`alias.column`). */
export const histogramSum = (column: string): SQL =>
  sql.raw(`array[${Array.from({ length: BUCKETS }, (_, i) => `sum(${column}[${i + 1}])::int`).join(', ')}]`);

/** The rollups' sums (analytics_daily's columns but its key), as the schema declares them. */
const sums = Object.values(getTableColumns(analyticsDaily)).filter(
  (column) => !['company_id', 'user_id', 'day'].includes(column.name),
);
/** Summed as numbers; the histograms are summed bucket by bucket. */
const SUMMED = sums.filter((column) => column.dataType !== 'array').map((column) => column.name);
const HISTOGRAMS = sums.filter((column) => column.dataType === 'array').map((column) => column.name);
/** Every column of both rollups' sums. */
export const ROLLUP_COLUMNS = [...SUMMED, ...HISTOGRAMS];

/** Sums the days' hourly rows of every attendant of the company into analytics_daily, in one transaction. */
async function sumDays(db: Db, companyId: string, days: Date[]): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the days' markers first (waiting for whoever changes their hours now): what is summed next, in a
    // statement of its own and so a later snapshot, holds every change made before, and any change made after
    // waits for this transaction and marks the day stale again. A day another read summed meanwhile is skipped.
    const locked = await queryRows<{ day: string; fresh: boolean }>(
      tx as unknown as Db,
      sql`insert into analytics_daily_days (company_id, day, fresh)
            select ${companyId}, day, false from unnest(${instants(days)}::timestamptz[]) day order by day
          on conflict (company_id, day) do update set fresh = analytics_daily_days.fresh
          returning to_json(day) #>> '{}' as day, fresh`,
    );
    const staleDays = locked
      .filter((row) => !row.fresh)
      .map((row) => new Date(row.day))
      .sort((a, b) => a.getTime() - b.getTime());
    if (staleDays.length === 0) return;
    const stale = instants(staleDays);
    // Constant bounds let the planner read the company's hours between them by index (a join on the days
    // misjudged how few rows it meets and read every hour of the company).
    const first = staleDays[0]!.toISOString();
    const end = new Date(staleDays.at(-1)!.getTime() + DAY_MS).toISOString();
    const columns = sql.raw(ROLLUP_COLUMNS.join(', '));
    await tx.execute(
      sql`insert into analytics_daily (company_id, user_id, day, ${columns})
            select h.company_id, h.user_id, date_trunc('day', h.hour, 'UTC'),
              ${sql.raw(SUMMED.map((column) => `sum(h.${column})`).join(', '))},
              ${sql.join(
                HISTOGRAMS.map((column) => histogramSum(`h.${column}`)),
                sql`, `,
              )}
            from analytics_hourly h
            where h.company_id = ${companyId} and h.hour >= ${first} and h.hour < ${end}
              and date_trunc('day', h.hour, 'UTC') = any(${stale}::timestamptz[])
            group by 1, 2, 3
          on conflict (company_id, user_id, day) do update set
            ${sql.raw(ROLLUP_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', '))}`,
    );
    await tx.execute(
      sql`update analytics_daily_days set fresh = true
          where company_id = ${companyId} and day = any(${stale}::timestamptz[])`,
    );
  });
}

/**
 * The days (ascending) whose analytics_daily rows hold their hours as they are now, summing those that need it.
 * Should summing fail (a deadlock with a writer, say), the days it did not sum are left to the hourly rows.
 */
export async function summedDays(db: Db, companyId: string, days: Date[]): Promise<Date[]> {
  if (days.length === 0) return [];
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_json(day) #>> '{}' as day from analytics_daily_days
        where company_id = ${companyId} and day = any(${instants(days)}::timestamptz[]) and fresh`,
  );
  const before = new Set(rows.map((row) => new Date(row.day).getTime()));
  const missing = days.filter((day) => !before.has(day.getTime()));
  if (missing.length === 0) return days;
  try {
    await sumDays(db, companyId, missing);
    return days;
  } catch {
    return days.filter((day) => before.has(day.getTime()));
  }
}

/** Days summed per transaction when sealing: a long history is summed in short steps. */
const SEAL_BATCH_DAYS = 31;

/**
 * Sums the company's past days that are not yet (the days since the last one summed, and those a late change
 * made stale), so that reads find them ready. Answers how many days it summed.
 */
export async function sealDays(db: Db, companyId: string, now: Date): Promise<number> {
  const before = new Date(Math.floor((now.getTime() - SETTLE_MS) / DAY_MS) * DAY_MS);
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_json(day) #>> '{}' as day from (
          select distinct date_trunc('day', h.hour, 'UTC') as day from analytics_hourly h
            where h.company_id = ${companyId} and h.user_id = ${COMPANY_TOTAL} and h.hour < ${before.toISOString()}
              and h.hour >= coalesce((select max(day) + interval '1 day' from analytics_daily_days
                                      where company_id = ${companyId} and fresh), '-infinity')
          union
          select day from analytics_daily_days
            where company_id = ${companyId} and not fresh and day < ${before.toISOString()}
        ) days order by day`,
  );
  const days = rows.map((row) => new Date(row.day));
  for (let start = 0; start < days.length; start += SEAL_BATCH_DAYS) {
    await sumDays(db, companyId, days.slice(start, start + SEAL_BATCH_DAYS));
  }
  return days.length;
}

// Lists read as JSON. A statement that answers several lists at once (a conversation page: its messages with
// their files and reactions, and its events) aggregates each list into one json value, so one round trip and
// one native JSON.parse replace a statement and a driver row decoding per list. The rows keep their fields'
// names; their timestamps arrive as ISO text.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A flat selection with every field output under its own name, so `json_agg` of the rows keeps the names. */
export const namedColumns = <S extends Record<string, SQLWrapper>>(selection: S) =>
  Object.fromEntries(
    Object.entries(selection).map(([key, column]) => [key, sql`${column}`.as(key)]),
  ) as unknown as { [K in keyof S]: SQL.Aliased<unknown> };

/** The rows of `query` as one json array, empty rather than null when there are none. */
export const jsonRows = (query: SQLWrapper) => sql`(select coalesce(json_agg(r), '[]') from (${query}) r)`;

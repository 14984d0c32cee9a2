// PGlite runs PostgreSQL as a single backend without the autovacuum launcher: left alone, every updated contact
// and every finished job stays in its table and indexes as a dead row forever, and the planner keeps the
// statistics of the day the data was first analysed. This does autovacuum's work in its place, by its rules
// (the default thresholds), between the requests.
import type { SqlExecutor } from './database.ts';

export const EMBEDDED_VACUUM_INTERVAL_MS = 60_000;

/** PostgreSQL's autovacuum defaults: a table is worked on past threshold + scale × its rows. */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

type TableState = { name: string; vacuum: boolean; analyze: boolean };

/** The tables past a threshold, and what each needs. */
async function tablesDue(raw: SqlExecutor): Promise<TableState[]> {
  const { rows } = await raw.executeSql(
    `select format('%I.%I', s.schemaname, s.relname) as name,
       s.n_dead_tup > $1 + $2 * greatest(c.reltuples, 0)
         or s.n_ins_since_vacuum > $3 + $4 * greatest(c.reltuples, 0) as vacuum,
       s.n_mod_since_analyze > $5 + $6 * greatest(c.reltuples, 0) as analyze
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     order by s.relname`,
    [VACUUM_THRESHOLD, VACUUM_SCALE, INSERT_THRESHOLD, INSERT_SCALE, ANALYZE_THRESHOLD, ANALYZE_SCALE],
  );
  return (rows as TableState[]).filter((table) => table.vacuum || table.analyze);
}

/** One round: vacuums (and analyses) or analyses each table due; answers the tables worked on. */
export async function vacuumDueTables(raw: SqlExecutor): Promise<string[]> {
  const due = await tablesDue(raw);
  for (const table of due) {
    await raw.executeSql(table.vacuum ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`);
  }
  return due.map((table) => table.name);
}

/** Runs a round every interval until stopped; a failed round is reported and the next one tries again. */
export function startEmbeddedVacuum(
  raw: SqlExecutor,
  onError: (error: unknown) => void,
  intervalMs = EMBEDDED_VACUUM_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= vacuumDueTables(raw)
      .catch(onError)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

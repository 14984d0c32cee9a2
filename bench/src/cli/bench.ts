// `npm run bench`: the limits beside us, then every chosen scenario against the product's real server process
// on the benchmark data set (`npm run bench:data` first), on PostgreSQL and/or PGlite; writes
// bench/results/<date>-<machine>.json and .md. Options: --db postgres,pglite --scenarios a,b --duration 10
// --connections 50 --quick --web --cpu-prof --database-url URL --data-dir DIR --redis-url URL --workers N
// (server processes on PostgreSQL, WORKERS; needs Redis) --board-cards N (pipeline scenarios' board, 5 000).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { CONTROL_SOCKET } from '../../../apps/server/src/platform/control-socket.ts';
import { openDatabase, type Database } from '../../../apps/server/src/platform/db/database.ts';
import { BENCH_COMPANY } from '../dataset/generate.ts';
import { gatherFixtures, type Fixtures } from '../runner/fixtures.ts';
import { controlSocketTransport } from '../runner/inbound.ts';
import { withClient } from '../runner/pg-client.ts';
import { checkBoard, pipelineScenarios, prepareBoard } from '../runner/pipelines.ts';
import { restoreSnapshot } from '../runner/snapshot.ts';
import { webhookIngest } from '../runner/webhook.ts';
import { widgetIngest } from '../runner/widget.ts';
import { measureLimits } from '../runner/limits.ts';
import { monitorToScreen } from '../runner/monitor.ts';
import {
  freePort,
  measureUsage,
  processTree,
  REPO_DIR,
  startAppServer,
  type Child,
} from '../runner/process.ts';
import { machineInfo, writeReport, type RunReport, type ScenarioReport } from '../runner/report.ts';
import {
  HTTP_SCENARIOS,
  inboundIngest,
  inboundToScreen,
  inboundToScreenScenario,
  sendToSent,
  longConversationScenarios,
  prepareLatency,
  runHttpScenario,
  type HttpScenario,
  type LatencyOptions,
  type ScenarioEnvironment,
} from '../runner/scenarios.ts';
import { buildWeb, measureWeb } from '../web/measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    scenarios: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    quick: { type: 'boolean', default: false },
    web: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'redis-url': { type: 'string' },
    workers: { type: 'string', default: '1' },
    out: { type: 'string' },
    'board-cards': { type: 'string' },
  },
});

const cwd = process.env.INIT_CWD ?? process.cwd();
const databases = values.db.split(',').map((name) => name.trim()) as ('postgres' | 'pglite')[];
const durationSeconds = Number(values.duration ?? (values.quick ? 3 : 10));
const warmupSeconds = values.quick ? 1 : 2;
const connections = Number(values.connections);
// 500 attendants answering every 10 s at the peak: 50 messages a second.
const latency: LatencyOptions = { ingestRate: 500, screenRate: 100, sendRate: 50, sockets: 200 };
/** How long a latency scenario waits for the sends of earlier scenarios to leave the delivery queue. */
const DRAIN_TIMEOUT_MS = 180_000;
const databaseUrl =
  values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/atende_bench';
const dataDir = resolve(cwd, values['data-dir'] ?? process.env.DATA_DIR ?? 'data/bench');
const redisUrl = values['redis-url'] ?? process.env.REDIS_URL;
/** Server processes on PostgreSQL (WORKERS; more than one needs Redis). */
const workers = Number(values.workers);
if (workers > 1 && !redisUrl) throw new Error('--workers above 1 needs --redis-url (or REDIS_URL)');
const chosen = values.scenarios?.split(',').map((name) => name.trim());
const wants = (name: string) => !chosen || chosen.includes(name);
const outDir = resolve(cwd, values.out ?? join(REPO_DIR, 'bench/results'));
const profileDir = join(REPO_DIR, 'bench/results/tmp/profiles');
const jwtSecret = randomBytes(32).toString('hex');
const runId = Date.now().toString(36);

const startedAt = new Date().toISOString();
const loadBefore = loadavg()[0]!;
console.log(`limits: bare Fastify, bare Socket.IO (${latency.sockets} sockets), bare control socket`);
const limits = await measureLimits({ connections, durationSeconds, ...latency });
console.log(JSON.stringify(limits));

const report: RunReport = {
  startedAt,
  machine: machineInfo(),
  options: {
    databases,
    durationSeconds,
    connections,
    quick: values.quick,
    ...latency,
    scenarios: chosen ?? 'all',
    workers,
  },
  datasets: {},
  limits,
  scenarios: [],
  notes: [
    'Server processes run with LOG_LEVEL=warn (no request logs), like the bare limit servers.',
    'The load client, the sockets and the server share the same cores; every figure and its limit share them alike.',
    'Database CPU counts the client backends (not autovacuum, whose work lands on whichever scenario runs then).',
  ],
};

/** The widget scenario's visitors write far faster than people (the ingest rate across 40 of them): the widget's
 * flood limits are lifted so the bench measures ingest, not the limits. */
const UNTHROTTLED_WIDGET = {
  WIDGET_VISITOR_BURST: '1000000',
  WIDGET_VISITOR_PER_SECOND: '1000000',
  WIDGET_KEY_BURST: '1000000',
  WIDGET_KEY_PER_SECOND: '1000000',
};

let webDir: string | undefined;
if (values.web) {
  console.log('web: production build');
  const build = await buildWeb();
  webDir = build.dir;
  if (build.note) report.notes.push(build.note);
}
for (const database of databases) await benchDatabase(database);

report.notes.push(
  `Load average (1 min) of the machine: ${loadBefore.toFixed(1)} when the run started, ${loadavg()[0]!.toFixed(1)} when it ended.`,
);
const base = await writeReport(report, outDir);
console.log(`report: ${base}.md and ${base}.json`);

function serverEnv(database: 'postgres' | 'pglite', ownDataDir: string): Record<string, string | undefined> {
  const common = { JWT_SECRET: jwtSecret, REDIS_URL: '', WEB_DIR: webDir, ...UNTHROTTLED_WIDGET };
  return database === 'postgres'
    ? {
        ...common,
        DATABASE_URL: databaseUrl,
        DATA_DIR: ownDataDir,
        ...(workers > 1 && { WORKERS: String(workers), REDIS_URL: redisUrl }),
      }
    : { ...common, DATABASE_URL: '', DATA_DIR: dataDir };
}

/** Row counts (planner estimates after ANALYZE) and the longest conversations, read before the server starts. */
async function inspectDataset(database: 'postgres' | 'pglite'): Promise<string[]> {
  const db: Database = await openDatabase(
    database === 'postgres' ? { url: databaseUrl, poolSize: 1 } : { dataDir },
  );
  try {
    const counts = (await db.db.execute(sql`select relname, reltuples::bigint as n from pg_class
      where relname in ('contacts', 'messages', 'users', 'contact_channels', 'contact_events') order by relname`)) as unknown as {
      rows: { relname: string; n: string }[];
    };
    report.datasets[database] = Object.fromEntries(counts.rows.map((row) => [row.relname, Number(row.n)]));
    // The busiest conversations dominate a 1 % row sample of the company's messages.
    const longest = (await db.db.execute(sql`select m.contact_id from messages m tablesample bernoulli (1)
      join companies c on c.id = m.company_id and c.slug = ${BENCH_COMPANY}
      group by m.contact_id order by count(*) desc limit 10`)) as unknown as {
      rows: { contact_id: string }[];
    };
    return longest.rows.map((row) => row.contact_id);
  } finally {
    await db.close();
  }
}

/** The PostgreSQL backends serving the benchmark's database (the server's pool, pg-boss), for their CPU. */
async function backendPids(database: 'postgres' | 'pglite'): Promise<number[]> {
  if (database !== 'postgres') return [];
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    return result.rows.map((row) => row.pid);
  });
}

/**
 * Waits until no send of an earlier scenario waits for delivery (the closed-loop send scenario outruns the
 * queue on purpose), so a latency scenario measures its own messages, not that backlog. PostgreSQL only: an
 * embedded database belongs to the server process.
 */
async function drainDeliveries(database: 'postgres' | 'pglite'): Promise<void> {
  if (database !== 'postgres') return;
  await withClient(databaseUrl, async (client) => {
    const started = performance.now();
    let queued = Infinity;
    while (queued > 0 && performance.now() - started < DRAIN_TIMEOUT_MS) {
      const result = await client.query<{ n: string }>(
        "select count(*) as n from pgboss.job where name = 'message.send' and state < 'active'",
      );
      queued = Number(result.rows[0]!.n);
      if (queued > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${database}: delivery queue ${queued > 0 ? `still ${queued} after` : 'empty in'} ${seconds} s`,
    );
  });
}

/**
 * With PostgreSQL's autovacuum off (this kind of machine turns it off for CI), every run's writes would stay
 * as dead rows and unanalysed tables, each scenario slower than the one before (49 000 dead rows in the job
 * queue after a few runs); so the bench does autovacuum's work itself, before each scenario, unmeasured.
 */
async function settle(database: 'postgres' | 'pglite'): Promise<void> {
  if (database !== 'postgres') return;
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
    report.options.autovacuum = rows[0]!.autovacuum;
    if (rows[0]!.autovacuum === 'off') await client.query('vacuum (analyze)');
  });
}

async function benchDatabase(database: 'postgres' | 'pglite'): Promise<void> {
  if (database === 'postgres') {
    const started = performance.now();
    const restored = await restoreSnapshot(databaseUrl);
    console.log(
      restored
        ? `postgres: data set restored as generated in ${((performance.now() - started) / 1000).toFixed(1)} s`
        : "postgres: no data set kept as generated (npm run bench:data keeps one); earlier runs' writes stay",
    );
  }
  const longConversations = await inspectDataset(database);
  if (!report.datasets[database]?.messages)
    throw new Error(`no data set in ${database}: run npm run bench:data first`);
  const ownDir = await mkdtemp(join(tmpdir(), 'atb-'));
  const port = await freePort();
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  console.log(`${database}: starting the server`);
  let server: Child | null = await startAppServer(port, serverEnv(database, ownDir), nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const fixtures = await gatherFixtures(baseUrl, Math.max(latency.sockets, connections));
    console.log(
      `${database}: ${fixtures.attendants.length} attendants logged in, ${fixtures.older.length} older-page anchors`,
    );
    const controlPath = join(database === 'postgres' ? ownDir : dataDir, CONTROL_SOCKET);
    const env: ScenarioEnvironment = {
      baseUrl,
      fixtures,
      durationSeconds,
      connections,
      runId: `${runId}${database[0]}`,
      inbound: () => controlSocketTransport(controlPath),
      longConversations,
    };
    // The server and, with --workers, the processes it forked.
    const pids = () => processTree(server!.pid);
    /** A closed-loop HTTP scenario after a warm-up; `check` may add what is wrong after the run to its errors. */
    const measureHttp = async (
      scenario: HttpScenario,
      beforeRun = async () => {},
      check = async (): Promise<string[]> => [],
    ) => {
      await settle(database);
      await beforeRun();
      await runHttpScenario(scenario, { ...env, durationSeconds: warmupSeconds });
      await beforeRun();
      const { result, usage } = await measureUsage(
        pids(),
        () => runHttpScenario(scenario, env),
        () => backendPids(database),
      );
      record(
        database,
        scenario.name,
        scenario.description,
        `${result.connections} conn`,
        withProblems(result, await check()),
        usage,
        'hello',
      );
    };
    for (const scenario of [...HTTP_SCENARIOS, ...longConversationScenarios(longConversations)]) {
      if (wants(scenario.name)) await measureHttp(scenario);
    }
    if (['pipeline_board', 'pipeline_board_whole', 'pipeline_step_page', 'pipeline_move'].some(wants)) {
      const started = performance.now();
      const board = await prepareBoard(
        baseUrl,
        env.runId,
        values['board-cards'] ? Number(values['board-cards']) : undefined,
      );
      console.log(
        `${database}: pipeline of ${board.cardIds.length} cards made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const pipeline = pipelineScenarios(board);
      for (const scenario of pipeline.scenarios) {
        if (!wants(scenario.name)) continue;
        // After the moves, the board must still hold every card once, in a strict order within each step.
        const check = async () => {
          if (scenario.name !== 'pipeline_move') return [];
          const problems = await checkBoard(board, baseUrl);
          report.notes.push(
            `pipeline_move on ${database}: the board read back after the moves ${problems.length ? `is wrong: ${problems.join('; ')}` : 'holds every card once, positions unique and ascending within each step'}.`,
          );
          return problems;
        };
        await measureHttp(scenario, () => pipeline.beforeRun(scenario.name, baseUrl), check);
      }
    }
    const latencyScenarios = [
      inboundIngest,
      widgetIngest,
      webhookIngest('telegram'),
      webhookIngest('whatsapp'),
      inboundToScreenScenario,
      sendToSent,
      monitorToScreen,
    ];
    for (const scenario of latencyScenarios) {
      if (!wants(scenario.name)) continue;
      await drainDeliveries(database);
      const prepared = await prepareLatency(scenario, env, latency);
      if (prepared.skip !== undefined) {
        console.log(`${database} ${scenario.name}: skipped, ${prepared.skip}`);
        report.notes.push(`${scenario.name} skipped on ${database}: ${prepared.skip}.`);
        continue;
      }
      await settle(database);
      const { result, usage } = await measureUsage(pids(), prepared.measure, () => backendPids(database));
      record(
        database,
        scenario.name,
        scenario.description,
        `${result.rate}/s`,
        { requestsPerSecond: null, operations: result.sent, ...result },
        usage,
        [inboundToScreenScenario, sendToSent, monitorToScreen].includes(scenario) ? 'broadcast' : 'echo',
      );
    }
    if (values.web && !report.web) {
      // Once per run (the browser's figures hardly depend on the database); a failure keeps the other results.
      report.web = await measureWeb(baseUrl, webDir!, longConversations[0]).catch((error: unknown) => ({
        skipped: `failed: ${error instanceof Error ? error.message : String(error)}`,
      }));
      console.log(JSON.stringify(report.web));
    }
    await server.stop();
    server = null;
    if (wants('fanout_two_processes')) await fanOut(database, fixtures, env);
  } finally {
    await server?.stop();
    await rm(ownDir, { recursive: true, force: true });
  }
}

/** A run's result with what a check found wrong afterwards counted among its errors. */
function withProblems<T extends { errors: number }>(result: T, problems: string[]) {
  return problems.length
    ? { ...result, errors: result.errors + problems.length, firstError: problems[0]! }
    : result;
}

/** Two processes on PostgreSQL + Redis: customers write through process A, attendants listen on process B. */
async function fanOut(database: 'postgres' | 'pglite', fixtures: Fixtures, env: ScenarioEnvironment) {
  if (database !== 'postgres' || !redisUrl) {
    report.notes.push(
      `fanout_two_processes skipped on ${database}${redisUrl ? '' : ' (no --redis-url / REDIS_URL)'}`,
    );
    return;
  }
  const dirs = [await mkdtemp(join(tmpdir(), 'atb-')), await mkdtemp(join(tmpdir(), 'atb-'))];
  const ports = [await freePort(), await freePort()];
  const servers: Child[] = [];
  try {
    for (const [n, dir] of dirs.entries()) {
      servers.push(await startAppServer(ports[n]!, { ...serverEnv('postgres', dir), REDIS_URL: redisUrl }));
    }
    const transport = await controlSocketTransport(join(dirs[0]!, CONTROL_SOCKET));
    try {
      const { result, usage } = await measureUsage(
        servers.flatMap((s) => processTree(s.pid)),
        () =>
          inboundToScreen(
            { ...env, fixtures, baseUrl: `http://127.0.0.1:${ports[0]}`, runId: `${env.runId}f` },
            latency,
            `http://127.0.0.1:${ports[1]}`,
            transport,
          ),
        () => backendPids(database),
      );
      record(
        database,
        'fanout_two_processes',
        'inbound on process A → contact.unread on an attendant socket of process B (Redis adapter)',
        `${result.rate}/s`,
        { requestsPerSecond: null, operations: result.sent, ...result },
        usage,
        'broadcast',
      );
    } finally {
      transport.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

function record(
  database: 'postgres' | 'pglite',
  name: string,
  description: string,
  load: string,
  result: Pick<ScenarioReport, 'requestsPerSecond' | 'latency' | 'errors' | 'also'> & {
    firstError?: string | null;
    /** Requests or messages handled during the measurement. */
    operations?: number;
    requests?: number;
  },
  usage: ScenarioReport['usage'],
  limit: ScenarioReport['limit'],
) {
  const operations = result.operations ?? result.requests ?? 0;
  const perOperation = (percent: number | null) =>
    percent === null || !operations
      ? null
      : Math.round(((percent / 100) * usage.seconds * 10_000) / operations) / 10;
  const entry: ScenarioReport = {
    database,
    name,
    description,
    load,
    requestsPerSecond: result.requestsPerSecond,
    latency: result.latency,
    also: result.also,
    errors: result.errors,
    firstError: result.firstError,
    usage,
    cpuMsPerOperation: perOperation(usage.cpuPercent),
    dbCpuMsPerOperation: perOperation(usage.dbCpuPercent),
    limit,
  };
  report.scenarios.push(entry);
  console.log(
    `${database} ${name}: ${entry.requestsPerSecond ?? '-'} req/s p50 ${entry.latency.p50} p95 ${entry.latency.p95} p99 ${entry.latency.p99} ms, ${entry.errors} errors${entry.firstError ? ` (${entry.firstError})` : ''}, cpu ${usage.cpuPercent}% (${entry.cpuMsPerOperation} ms/op, db ${entry.dbCpuMsPerOperation} ms/op) rss ${usage.rssMaxMb} MB`,
  );
}

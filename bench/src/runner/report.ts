// The report of a run: JSON with every figure, and a markdown table where each figure also stands as a ratio to
// the limit measured beside it (bare Fastify for HTTP, bare Socket.IO for realtime, the bare control socket for
// ingest), with the issue's targets checked.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, hostname, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Limits } from './limits.ts';
import type { UsageReport } from './process.ts';
import type { Latency } from './stats.ts';
import type { WebReport } from '../web/measure.ts';

export type ScenarioReport = {
  database: 'postgres' | 'pglite';
  name: string;
  description: string;
  /** HTTP: connections; latency scenarios: messages per second. */
  load: string;
  requestsPerSecond: number | null;
  latency: Latency;
  also?: Record<string, Latency>;
  errors: number;
  firstError?: string | null;
  usage: UsageReport;
  /** Server CPU time per request or message: comparable across runs on a machine shared with other work. */
  cpuMsPerOperation: number | null;
  dbCpuMsPerOperation: number | null;
  limit: 'hello' | 'broadcast' | 'echo';
};

export type Target = { p99?: number; p95?: number; minRequestsPerSecond?: number };

/** The issue's targets (2 cores, 100 000 contacts, 2 000 000 messages, PostgreSQL). */
export const TARGETS: Record<string, Target> = {
  contacts_default: { p99: 50, minRequestsPerSecond: 1500 },
  conversation_open: { p99: 50 },
  conversation_open_long: { p99: 50 },
  inbound_ingest: { p99: 50 },
  webhook_ingest_telegram: { p99: 50 },
  webhook_ingest_whatsapp: { p99: 50 },
  inbound_to_screen: { p99: 150 },
  fanout_two_processes: { p99: 150 },
  search_conversation: { p95: 50 },
  search_conversation_long: { p95: 50 },
  message_search_company: { p95: 300 },
  message_search_company_supervisor: { p95: 300 },
  // Issue 28: a company's 90 days of analytics, and a new customer on 200 supervisors' monitors.
  analytics_company: { p95: 200 },
  monitor_to_screen: { p99: 150 },
  // Issue 24 (at 50 connections): a board of 5 000 cards, and a card's move.
  pipeline_board: { p99: 100 },
  pipeline_move: { p99: 50 },
};

export type RunReport = {
  startedAt: string;
  machine: { hostname: string; os: string; cpu: string; cores: number; memoryGb: number; node: string };
  options: Record<string, unknown>;
  datasets: Record<string, Record<string, number>>;
  limits: Limits;
  scenarios: ScenarioReport[];
  web?: WebReport | { skipped: string };
  notes: string[];
};

export const machineInfo = (): RunReport['machine'] => ({
  hostname: hostname(),
  os: `${type()} ${process.arch}`,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  node: process.version,
});

const ratio = (value: number, limit: number) => (limit > 0 ? `${(value / limit).toFixed(2)}×` : '—');
const ms = (value: number) => `${value} ms`;

function limitOf(report: RunReport, scenario: ScenarioReport) {
  const limits = report.limits;
  if (scenario.limit === 'hello')
    return { rps: limits.hello.requestsPerSecond, latency: limits.hello.latency };
  if (scenario.limit === 'broadcast') return { rps: 0, latency: limits.broadcast.latency };
  return { rps: 0, latency: limits.echo.latency };
}

function verdict(scenario: ScenarioReport): string {
  const target = TARGETS[scenario.name];
  if (!target || scenario.database !== 'postgres') return '';
  const misses: string[] = [];
  if (target.p99 !== undefined && scenario.latency.p99 > target.p99) misses.push(`p99 > ${target.p99}`);
  if (target.p95 !== undefined && scenario.latency.p95 > target.p95) misses.push(`p95 > ${target.p95}`);
  if (
    target.minRequestsPerSecond !== undefined &&
    (scenario.requestsPerSecond ?? 0) < target.minRequestsPerSecond
  )
    misses.push(`< ${target.minRequestsPerSecond} req/s`);
  if (scenario.errors > 0) misses.push('errors');
  return misses.length ? `missed (${misses.join(', ')})` : 'met';
}

export function markdown(report: RunReport): string {
  const { limits } = report;
  const lines = [
    `# Benchmark ${report.startedAt} on ${report.machine.hostname}`,
    '',
    `${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}. ` +
      `Options: ${JSON.stringify(report.options)}.`,
    '',
    '## Limits beside us',
    '',
    '| limit | load | req/s | p50 | p95 | p99 | errors | RSS | CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| bare Fastify hello (${Math.round(((limits.hello.usage.cpuPercent * 10) / Math.max(1, limits.hello.requestsPerSecond)) * 100) / 100} CPU ms/req) | ${limits.hello.connections} conn | ${limits.hello.requestsPerSecond} | ${ms(limits.hello.latency.p50)} | ${ms(limits.hello.latency.p95)} | ${ms(limits.hello.latency.p99)} | ${limits.hello.errors} | ${limits.hello.usage.rssMaxMb} MB | ${limits.hello.usage.cpuPercent} % |`,
    `| bare Socket.IO emit to 1 of ${limits.broadcast.sockets} sockets | ${limits.broadcast.rate}/s | — | ${ms(limits.broadcast.latency.p50)} | ${ms(limits.broadcast.latency.p95)} | ${ms(limits.broadcast.latency.p99)} | ${limits.broadcast.errors} | ${limits.broadcast.usage.rssMaxMb} MB | ${limits.broadcast.usage.cpuPercent} % |`,
    `| bare control-socket round trip | ${limits.echo.rate}/s | — | ${ms(limits.echo.latency.p50)} | ${ms(limits.echo.latency.p95)} | ${ms(limits.echo.latency.p99)} | ${limits.echo.errors} | ${limits.echo.usage.rssMaxMb} MB | ${limits.echo.usage.cpuPercent} % |`,
    '',
    '## Scenarios',
    '',
    "Ratios: req/s ÷ the limit's req/s (higher is better), latency ÷ the limit's latency (lower is better).",
    '',
    '| db | scenario | load | req/s | × limit | p50 | p95 | p99 | p99 × limit | errors | RSS | CPU | CPU ms/op (server + db) | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const scenario of report.scenarios) {
    const limit = limitOf(report, scenario);
    const rps = scenario.requestsPerSecond;
    lines.push(
      `| ${scenario.database} | ${scenario.name} | ${scenario.load} | ${rps ?? '—'} | ${rps !== null && limit.rps ? ratio(rps, limit.rps) : '—'} | ${ms(scenario.latency.p50)} | ${ms(scenario.latency.p95)} | ${ms(scenario.latency.p99)} | ${ratio(scenario.latency.p99, limit.latency.p99)} (${scenario.limit}) | ${scenario.errors} | ${scenario.usage.rssMaxMb} MB | ${scenario.usage.cpuPercent} % | ${scenario.cpuMsPerOperation ?? '—'} + ${scenario.dbCpuMsPerOperation ?? '—'} | ${verdict(scenario)} |`,
    );
    for (const [name, latency] of Object.entries(scenario.also ?? {})) {
      lines.push(
        `| ${scenario.database} | ↳ ${name} | | | | ${ms(latency.p50)} | ${ms(latency.p95)} | ${ms(latency.p99)} | ${ratio(latency.p99, limit.latency.p99)} | | | | | |`,
      );
    }
  }
  const databases = report.scenarios.map((s) => s.database);
  if (databases.includes('pglite') && databases.includes('postgres')) {
    lines.push(
      '',
      '## Embedded (PGlite) ÷ PostgreSQL (target ≤ 3×)',
      '',
      'CPU per operation compares the work (PGlite runs the database inside the server process; PostgreSQL adds',
      "its backends' CPU); p99 under 50 connections also shows PGlite's single connection queueing them.",
      '',
      '| scenario | CPU ms/op ratio | p99 ratio | req/s ratio |',
      '| --- | --- | --- | --- |',
    );
    for (const embedded of report.scenarios.filter((s) => s.database === 'pglite')) {
      const server = report.scenarios.find((s) => s.database === 'postgres' && s.name === embedded.name);
      if (!server) continue;
      const serverCpu = (server.cpuMsPerOperation ?? 0) + (server.dbCpuMsPerOperation ?? 0);
      lines.push(
        `| ${embedded.name} | ${embedded.cpuMsPerOperation !== null && serverCpu ? ratio(embedded.cpuMsPerOperation, serverCpu) : '—'} | ${ratio(embedded.latency.p99, server.latency.p99)} | ${embedded.requestsPerSecond !== null && server.requestsPerSecond ? ratio(embedded.requestsPerSecond, server.requestsPerSecond) : '—'} |`,
      );
    }
  }
  if (report.web) {
    lines.push('', '## Web', '');
    if ('skipped' in report.web) lines.push(`Skipped: ${report.web.skipped}`);
    else lines.push(...webLines(report.web));
  }
  lines.push('', '## Data sets', '', '```json', JSON.stringify(report.datasets, null, 2), '```');
  if (report.notes.length) lines.push('', '## Notes', '', ...report.notes.map((note) => `- ${note}`));
  return `${lines.join('\n')}\n`;
}

function webLines(web: WebReport): string[] {
  return [
    '| route | JS gzip | budget |',
    '| --- | --- | --- |',
    ...web.bundles.map(
      (bundle) =>
        `| ${bundle.route} | ${bundle.kb} KB | ${bundle.budgetKb ? `${bundle.budgetKb} KB` : '—'} |`,
    ),
    '',
    '| interaction | duration | long tasks | frames | frame p50 | frame p95 | frame max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...web.interactions.map(
      (i) =>
        `| ${i.name} | ${ms(i.durationMs)} | ${i.longTasks} (${ms(i.longTaskMs)}) | ${i.frames.count} | ${ms(i.frames.p50)} | ${ms(i.frames.p95)} | ${ms(i.frames.max)} |`,
    ),
  ];
}

/** Writes `base`.json and `base`.md formatted as the repository's Prettier wants: committed results pass lint. */
export async function writeFormatted(base: string, json: unknown, markdownText: string): Promise<void> {
  const options = (await resolveConfig(`${base}.md`)) ?? {};
  await writeFile(`${base}.json`, await format(JSON.stringify(json), { ...options, parser: 'json' }));
  await writeFile(`${base}.md`, await format(markdownText, { ...options, parser: 'markdown' }));
}

export async function writeReport(report: RunReport, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const base = join(dir, `${report.startedAt.slice(0, 10)}-${report.machine.hostname}`);
  await writeFormatted(base, report, markdown(report));
  return base;
}

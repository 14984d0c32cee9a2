// `npm run broadcast -w bench`: a 10 000-recipient WhatsApp broadcast drains through the real server process on
// PostgreSQL at the simulator's configured throughput (80 messages a second per number, refusing beyond), while
// supervisors keep loading the contact list; the list's latency is measured alone first, then during the drain.
// Writes bench/results/<date>-broadcast-drain.json and .md with the drain rate, both p99s and the load average.
// Options: --recipients 10000 --rate 80 --duration 20 --connections 10 --database-url URL (an admin URL: a
// database of its own is created and dropped).
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startWhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { runHttpLoad, type HttpResult } from '../runner/http-load.ts';
import { withClient } from '../runner/pg-client.ts';
import { freePort, REPO_DIR, startAppServer } from '../runner/process.ts';
import { writeFormatted } from '../runner/report.ts';

const { values } = parseArgs({
  options: {
    recipients: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '80' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const RECIPIENTS = Number(values.recipients);
const RATE = Number(values.rate);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const adminUrl = values['database-url'];

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Messages a second between the samples where the count first reached `from` and `to`. */
function rateBetween(samples: { ms: number; sent: number }[], from: number, to: number): number | null {
  const first = samples.find((sample) => sample.sent >= from);
  const last = samples.find((sample) => sample.sent >= to);
  if (!first || !last || last.ms === first.ms) return null;
  return Number(((last.sent - first.sent) / ((last.ms - first.ms) / 1000)).toFixed(1));
}

async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function login(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ company: 'demo', username, password: 'demo1234' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const listLoad = (base: string, token: string): Promise<HttpResult> =>
  runHttpLoad({
    baseUrl: base,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    next: () => ({ method: 'GET', path: '/api/contacts?limit=50', token }),
  });

const database = `atende_bench_broadcast_${Date.now()}`;
const databaseUrl = withDatabase(adminUrl, database);
await withClient(adminUrl, (client) => client.query(`create database ${database}`));
const dataDir = await mkdtemp(join(tmpdir(), 'atende-bench-broadcast-'));
const sim = await startWhatsappSimulator({ messagesPerSecond: RATE });
const port = await freePort();
const server = await startAppServer(port, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  SEED_DEMO: 'auto',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
});
const base = `http://127.0.0.1:${port}`;
try {
  const admin = await login(base, 'admin');
  const supervisor = await login(base, 'supervisor');
  const account = await call<{ id: string; provider: { webhook_url: string } }>(
    base,
    admin,
    'POST',
    '/center/channels',
    {
      kind: 'whatsapp',
      name: 'WhatsApp da campanha',
      address: sim.account.address,
      settings: { ...sim.account.settings, api_base_url: sim.apiBaseUrl },
      secrets: sim.account.secrets,
    },
  );
  sim.setWebhookUrl(account.provider.webhook_url);
  const templates = await call<{ data: { id: string; name: string }[] }>(
    base,
    admin,
    'POST',
    `/center/channels/${account.id}/whatsapp-templates/sync`,
  );
  const template = templates.data.find((each) => each.name === 'order_update')!;
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `update companies set settings = settings || jsonb_build_object('broadcast_max', $1::int) where slug = 'demo'`,
      [RECIPIENTS],
    );
    await client.query(
      `with company as (select id from companies where slug = 'demo'),
        made as (
          insert into contacts (id, company_id, name, tag)
          select gen_random_uuid(), company.id, 'Destinatário ' || n, 'bench-broadcast'
          from company, generate_series(1, $1::int) as n
          returning id, company_id, name
        )
      insert into contact_channels (id, company_id, contact_id, kind, address, main)
      select gen_random_uuid(), company_id, id, 'whatsapp',
        (551190000000 + substring(name from '[0-9]+$')::bigint)::text, true
      from made`,
      [RECIPIENTS],
    );
    await client.query('analyze');
  });

  console.log(`contact list alone, ${CONNECTIONS} connections, ${DURATION} s…`);
  const solo = await listLoad(base, supervisor);

  const list = await call<{ id: string }>(base, supervisor, 'POST', '/broadcasts/lists', {
    source: 'filter',
    name: 'bench',
    filter: { tag: 'bench-broadcast' },
  });
  const started = Date.now();
  const broadcast = await call<{ id: string }>(base, supervisor, 'POST', '/broadcasts', {
    name: 'bench',
    list_id: list.id,
    channel_account_id: account.id,
    message: { type: 'template', template_id: template.id, variables: [{ field: 'name' }, { text: 'B-1' }] },
  });
  const createdMs = Date.now() - started;
  // How many the simulator had, every 250 ms: the steady rate apart from the start and the tail.
  const progress: { ms: number; sent: number }[] = [];
  const sampling = setInterval(
    () => progress.push({ ms: Date.now() - started, sent: sim.sent().length }),
    250,
  );
  console.log(`broadcast created in ${createdMs} ms; contact list during the drain…`);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const loadDuring = loadavg();
  const during = await listLoad(base, supervisor);
  const sentDuringLoad = sim.sent().length;
  for (;;) {
    if (sim.sent().length >= RECIPIENTS) break;
    if (Date.now() - started > (RECIPIENTS / RATE) * 4_000 + 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const drainedMs = Date.now() - started;
  clearInterval(sampling);
  const delivered = sim.sent().length;
  const steadyRate = rateBetween(progress, RECIPIENTS * 0.1, RECIPIENTS * 0.9);
  const final = await call<{ counts: Record<string, number>; status: string }>(
    base,
    supervisor,
    'GET',
    `/broadcasts/${broadcast.id}`,
  );
  const addresses = sim.sent().map((each) => each.to);
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverageDuring: loadDuring, loadAverageEnd: loadavg() },
    recipients: RECIPIENTS,
    configuredRate: RATE,
    createdMs,
    drainedMs,
    delivered,
    duplicates: addresses.length - new Set(addresses).size,
    throttled: sim.throttled,
    drainRate: Number((delivered / (drainedMs / 1000)).toFixed(1)),
    steadyRate,
    firstSentMs: progress.find((sample) => sample.sent > 0)?.ms ?? null,
    sentWhileListLoaded: sentDuringLoad,
    broadcast: final,
    contactList: { connections: CONNECTIONS, durationSeconds: DURATION, solo, duringBroadcast: during },
  };
  const stem = resolve(REPO_DIR, 'bench/results', `${report.date.slice(0, 10)}-broadcast-drain`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  await writeFormatted(
    stem,
    report,
    `# Broadcast drain beside the contact list (${report.date})

${RECIPIENTS} WhatsApp recipients, one template each, through the real server process on PostgreSQL; the
simulator accepts ${RATE} messages a second per number and refuses beyond (error 130429). The contact list
(\`GET /api/contacts?limit=50\`, supervisor, ${CONNECTIONS} connections, ${DURATION} s) measured alone, then during
the drain. Machine: ${cpus().length} cores, shared; load average during the drain ${loadDuring.map((v) => v.toFixed(2)).join(' / ')}.

| | value |
|---|---|
| broadcast created (review, ${RECIPIENTS} recipient rows, first tick) | ${createdMs} ms |
| drained (all ${delivered} received by the simulator) | ${(drainedMs / 1000).toFixed(1)} s |
| drain rate | ${report.drainRate} msg/s (configured ${RATE}/s) |
| steady rate (from the 10 % to the 90 % recipient) | ${steadyRate ?? '—'} msg/s |
| first message received | ${report.firstSentMs ?? '—'} ms after the create call |
| refused by the simulator's limit | ${sim.throttled} |
| duplicates | ${report.duplicates} |
| final counts | ${JSON.stringify(final.counts)} |

| contact list | req/s | p50 | p95 | p99 | errors |
|---|---|---|---|---|---|
| alone | ${solo.requestsPerSecond.toFixed(0)} | ${ms(solo.latency.p50)} | ${ms(solo.latency.p95)} | ${ms(solo.latency.p99)} | ${solo.errors} |
| during the broadcast | ${during.requestsPerSecond.toFixed(0)} | ${ms(during.latency.p50)} | ${ms(during.latency.p95)} | ${ms(during.latency.p99)} | ${during.errors} |
`,
  );
  console.log(
    JSON.stringify({
      drainRate: report.drainRate,
      steadyRate,
      soloP99: solo.latency.p99,
      duringP99: during.latency.p99,
    }),
  );
} finally {
  await server.stop();
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
  await withClient(adminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
}

// One message per recipient, ever, across a worker killed in the middle of a broadcast: 1 000 WhatsApp
// recipients (the simulator holding the number to 80 messages a second) and 300 Telegram ones (30 a second)
// through the real server process on PostgreSQL; the process is killed with SIGKILL halfway through and another
// takes over the same database. Every recipient receives at most one message; a send the dead process had
// handed to the provider without hearing back is failed as interrupted, not tried again (it may have gone),
// and every other recipient receives theirs.
import type {
  Broadcast,
  BroadcastList,
  BroadcastReport,
  CenterChannelAccount,
  WhatsappTemplateList,
} from '@atende/contract';
import type { ProviderSimulator } from '@atende/simulators/provider';
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_REASON } from '../src/modules/broadcasts/sender.ts';
import { adminQuery, withDatabase } from './global-setup.ts';
import { apiCall as call, demoLogin } from './http-api.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const WHATSAPP = 1_000;
const TELEGRAM = 300;

const cleanups: (() => Promise<void>)[] = [];
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Tagged contacts with one channel each, written straight into the database (the test's own fixture). */
async function seedRecipients(databaseUrl: string, kind: string, tag: string, count: number, first: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with company as (select id from companies where slug = 'demo'),
        made as (
          insert into contacts (id, company_id, name, tag)
          select gen_random_uuid(), company.id, 'Destinatário ' || n, $1
          from company, generate_series(1, $2::int) as n
          returning id, company_id, name
        )
      insert into contact_channels (id, company_id, contact_id, kind, address, main)
      select gen_random_uuid(), company_id, id, $3::channel_kind,
        ($4::bigint + substring(name from '[0-9]+$')::bigint)::text, true
      from made`,
      [tag, count, kind, first],
    );
  } finally {
    await client.end();
  }
}

async function account(base: string, token: string, sim: ProviderSimulator, name: string) {
  const created = await call<CenterChannelAccount>(base, token, 'POST', '/center/channels', {
    kind: sim.kind,
    name,
    address: sim.account.address,
    settings: { ...sim.account.settings, api_base_url: sim.apiBaseUrl },
    secrets: sim.account.secrets,
  });
  sim.setWebhookUrl(created.provider!.webhook_url);
  return created;
}

async function until<T>(probe: () => Promise<T | null | false>, what: string, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!adminUrl)('broadcasts across a killed worker (PostgreSQL)', () => {
  it('gives each recipient at most one message, and every one not cut off mid-send exactly one', async () => {
    const database = `atende_bcast_${process.pid}_${Date.now()}`;
    await adminQuery(adminUrl!, `create database ${database}`);
    cleanups.push(() => adminQuery(adminUrl!, `drop database if exists ${database} with (force)`));
    const databaseUrl = withDatabase(adminUrl!, database);
    const dataDir = await mkdtemp(join(tmpdir(), 'atende-bcast-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const wa: WhatsappSimulator = await startWhatsappSimulator({ messagesPerSecond: 80 });
    const tg: TelegramSimulator = await startTelegramSimulator({ messagesPerSecond: 30 });
    cleanups.push(() => wa.close());
    cleanups.push(() => tg.close());
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'broadcast-restart-secret-broadcast-restart-secret',
    };

    server = await startServerProcess(env);
    const adminToken = await demoLogin(server.baseUrl, 'admin');
    const whatsapp = await account(server.baseUrl, adminToken, wa, 'WhatsApp da campanha');
    const telegram = await account(server.baseUrl, adminToken, tg, 'Bot da campanha');
    const templates = await call<WhatsappTemplateList>(
      server.baseUrl,
      adminToken,
      'POST',
      `/center/channels/${whatsapp.id}/whatsapp-templates/sync`,
    );
    const template = templates.data.find((each) => each.name === 'order_update')!;
    await seedRecipients(databaseUrl, 'whatsapp', 'campanha-wa', WHATSAPP, 5511_9000_0000);
    await seedRecipients(databaseUrl, 'telegram', 'campanha-tg', TELEGRAM, 700_000);

    const token = await demoLogin(server.baseUrl, 'supervisor');
    const start = async (tag: string, accountId: string, message: object) => {
      const list = await call<BroadcastList>(server!.baseUrl, token, 'POST', '/broadcasts/lists', {
        source: 'filter',
        name: tag,
        filter: { tag },
      });
      return call<Broadcast>(server!.baseUrl, token, 'POST', '/broadcasts', {
        name: tag,
        list_id: list.id,
        channel_account_id: accountId,
        message,
      });
    };
    const waBroadcast = await start('campanha-wa', whatsapp.id, {
      type: 'template',
      template_id: template.id,
      variables: [{ field: 'name' }, { text: 'A-1' }],
    });
    const tgBroadcast = await start('campanha-tg', telegram.id, { type: 'text', text: 'Promoção no bot' });
    expect(waBroadcast.counts.total).toBe(WHATSAPP);
    expect(tgBroadcast.counts.total).toBe(TELEGRAM);

    // Halfway through the WhatsApp one, the process dies without a chance to clean up.
    await until(async () => wa.sent().length >= WHATSAPP / 2, 'half sent', 120_000);
    server.child.kill('SIGKILL');
    await server.exited;
    const atKill = { whatsapp: wa.sent().length, telegram: tg.sent().length };
    expect(atKill.whatsapp).toBeLessThan(WHATSAPP);

    server = await startServerProcess(env);
    const token2 = await demoLogin(server.baseUrl, 'supervisor');
    const finished = async (id: string) => {
      const broadcast = await call<Broadcast>(server!.baseUrl, token2, 'GET', `/broadcasts/${id}`);
      return broadcast.status === 'completed' && broadcast.counts.queued === 0 ? broadcast : null;
    };
    const waDone = await until(() => finished(waBroadcast.id), 'whatsapp broadcast completed', 240_000);
    const tgDone = await until(() => finished(tgBroadcast.id), 'telegram broadcast completed', 120_000);

    for (const [sim, done, total] of [
      [wa, waDone, WHATSAPP],
      [tg, tgDone, TELEGRAM],
    ] as const) {
      const addresses = sim.sent().map((each) => each.to);
      // Never twice.
      expect(addresses.length).toBe(new Set(addresses).size);
      // Everyone received theirs, but for sends cut off mid-call, which are failed as interrupted.
      const report: { status: string; error: string | null; address: string | null }[] = [];
      for (let after: string | null = ''; after !== null;) {
        const page: BroadcastReport = await call<BroadcastReport>(
          server.baseUrl,
          token2,
          'GET',
          `/broadcasts/${done.id}/recipients?limit=500${after ? `&after=${after}` : ''}`,
        );
        report.push(...page.data);
        after = page.next_after;
      }
      expect(report).toHaveLength(total);
      const received = new Set(addresses);
      for (const row of report.filter((each) => each.status !== 'failed')) {
        expect(received.has(row.address!), `${row.address} received its message`).toBe(true);
      }
      const interrupted = done.counts.failed;
      expect(addresses.length + interrupted).toBeGreaterThanOrEqual(total);
      expect(addresses.length).toBeLessThanOrEqual(total);
      expect(interrupted).toBeLessThanOrEqual(50);
      for (const row of report.filter((each) => each.status === 'failed')) {
        expect(row.error).toBe(INTERRUPTED_REASON);
      }
      // At the provider's pace: each send waits for its account's next slot, shared by both processes through
      // the database, so the provider's sliding second rarely refuses one (a refused send waits its
      // retry_after and goes once, checked above).
      expect(sim.throttled).toBeLessThan(total / 10);
    }
  }, 420_000);
});

import type { Message } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditEvents,
  changelogVersions,
  broadcastLists,
  broadcastRecipients,
  broadcasts,
  campaignDetails,
  campaignMembers,
  campaignParticipants,
  campaigns,
  channelAccounts,
  callReasons,
  companies,
  phoneSettings,
  sipAccounts,
  voiceCalls,
  contacts,
  savedViews,
  teamMembers,
  teams,
  teamWallets,
  threadMessages,
  threads,
  users,
  wallets,
} from '../src/db/schema/index.ts';
import { ChatVisitor } from '@atende/simulators/chat-visitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealDays } from '../src/modules/analytics/daily.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/modules/demo/seed.ts';
import { queryRows, type Db } from '../src/platform/db/database.ts';
import { findCompanyBySlug, type Company } from '../src/modules/companies/service.ts';
import { createTestApp, type TestApp } from './app.ts';
import { injectAs, loginAs, makeActor, makeChatWidget, makeCompany } from './factories.ts';
import { connectSocket, type TestSocket } from './realtime-client.ts';
import {
  documentedOperations,
  markersOf,
  PRODUCT_OPERATIONS,
  PUBLIC_OPERATIONS,
  SOCKET_PROBES,
  TENANCY_PROBES,
  WIDGET_SOCKET_PROBES,
  tenantSnapshot,
  tenantTables,
  type Foreign,
} from './tenancy.ts';

let t: TestApp;
let foreign: Foreign;
let demo: Company;
let baseUrl: string;
const sockets: TestSocket[] = [];
const visitors: ChatVisitor[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await seedDemo(t.database.db);
  demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
  // The snapshot of B must hold still: no minute's sweep marking its waits critical meanwhile.
  await t.database.db
    .update(companies)
    .set({ criticalAfterMinutes: null, criticalHighPriority: false })
    .where(eq(companies.id, demo.id));
  await addForeignData(t.database.db, demo.id);
  // Nor the hourly job summing its finished days for the analytics: summed now, the job finds nothing to do.
  await sealDays(t.database.db, demo.id, new Date());
  foreign = { companyId: demo.id, rows: await tenantSnapshot(t.database.db, demo.id) };
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const visitor of visitors) visitor.disconnect();
  await t.close();
});

describe('tenancy', () => {
  // changelog_versions: a null company_id is a product version, read by every company and written by super
  // administrators only (changelog.test.ts); a company's own versions are probed below.
  it('every table except companies, product_settings and changelog_versions belongs to a company (company_id not null)', async () => {
    const rows = await queryRows<{ table_name: string; is_nullable: string | null }>(
      t.database.db,
      sql`
      select t.table_name, c.is_nullable from information_schema.tables t
      left join information_schema.columns c
        on c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'company_id'
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    const offenders = rows
      .filter(
        (row) =>
          !['companies', 'product_settings', 'changelog_versions'].includes(row.table_name) &&
          row.is_nullable !== 'NO',
      )
      .map((row) => row.table_name);
    expect(offenders).toEqual([]);
    expect((await tenantTables(t.database.db)).length).toBeGreaterThan(5);
  });

  it('every API operation is either probed for tenancy or public for a stated reason', () => {
    const covered = new Set([
      ...TENANCY_PROBES.map((probe) => probe.operation),
      ...Object.keys(PUBLIC_OPERATIONS),
      ...Object.keys(PRODUCT_OPERATIONS),
    ]);
    const missing = documentedOperations(t.app).filter((operation) => !covered.has(operation));
    expect(missing).toEqual([]);
  });

  it.each(['attendant', 'supervisor', 'admin', 'super_admin'] as const)(
    'a %s of another company never reads nor changes company B through any endpoint',
    async (role) => {
      const markers = markersOf(foreign);
      expect(markers.length).toBeGreaterThan(30);
      for (const probe of TENANCY_PROBES) {
        // A fresh actor per probe: logout and password probes end their session.
        const actor = await makeActor(t.app, t.database.db, role);
        const request = probe.request(foreign);
        const response = await injectAs(t.app, actor, request);
        if (probe.expect === 'not_found') {
          expect(response.statusCode, probe.operation).toBe(404);
        } else {
          expect(response.statusCode, `${probe.operation}: ${response.body}`).toBeLessThan(500);
          expect(response.statusCode, probe.operation).not.toBe(404);
        }
        // What the attacker sent (a phone number they typed) may come back; anything else of B may not.
        const sent = JSON.stringify(request);
        const leaked = markers.filter((marker) => response.body.includes(marker) && !sent.includes(marker));
        expect(leaked, probe.operation).toEqual([]);
      }
      expect(await tenantSnapshot(t.database.db, foreign.companyId)).toEqual(foreign.rows);
    },
    // A fresh logged-in actor per probe (argon2 each): well over a hundred probes outgrow the default timeout
    // on a loaded machine.
    90_000,
  );

  it("a visitor of another company's chat widget never reads nor changes company B through any widget event", async () => {
    const company = await makeCompany(t.database.db);
    await makeChatWidget(t.database.db, company.id, 'tenancy-probe');
    const visitor = new ChatVisitor({ baseUrl, widgetKey: 'tenancy-probe', language: 'en' });
    visitors.push(visitor);
    await visitor.start({ name: 'Visitante sondando' });
    const socket = await visitor.connect();
    for (const [event, probe] of Object.entries(WIDGET_SOCKET_PROBES)) {
      expect(await probe.send(socket, foreign), event).toEqual(probe.ack);
    }
    // A round trip after the fire-and-forget events: their work has run by the time it answers.
    await socket.emitWithAck('presence');
    const heard = JSON.stringify([visitor.pushed, visitor.typing, visitor.deleted]);
    expect(markersOf(foreign).filter((marker) => heard.includes(marker))).toEqual([]);
    expect(await tenantSnapshot(t.database.db, foreign.companyId)).toEqual(foreign.rows);
  });

  // Last: company B's users send a message here, which the HTTP probes' snapshot of B does not expect.
  it.each(['attendant', 'supervisor', 'admin', 'super_admin'] as const)(
    "a %s of another company never joins nor reaches company B's realtime rooms through any socket event",
    async (role) => {
      const contactId = String(foreign.rows.contacts?.[0]?.id);
      const observer = await demoSocket('supervisor');
      const speaker = await demoSocket('admin');
      expect(await observer.socket.emitWithAck('contact.watch', contactId)).toBe(true);
      expect(await speaker.socket.emitWithAck('contact.watch', contactId)).toBe(true);

      const actor = await makeActor(t.app, t.database.db, role);
      const attacker = await connectSocket(baseUrl, actor.token);
      sockets.push(attacker);
      for (const [event, probe] of Object.entries(SOCKET_PROBES)) {
        expect(await probe.send(attacker, foreign), event).toEqual(probe.ack);
      }

      // B's users talk in the room: the observer hears it; the attacker must hear nothing of it.
      speaker.socket.emit('contact.typing', contactId);
      const text = `Conversa interna ${role}`;
      const sent = await injectAs(t.app, speaker, {
        method: 'POST',
        url: `/api/conversation/${contactId}/messages`,
        payload: { text },
      });
      expect(sent.statusCode).toBe(201);
      const message = await observer.socket.next<Message>('message.created', (m) => m.text === text);
      await observer.socket.next<{ id: string }>('message.status', (e) => e.id === message.id);
      await observer.socket.next('contact.typing');
      await attacker.emitWithAck('ping');
      const heard = JSON.stringify(attacker.received);
      const leaked = [...markersOf(foreign), contactId, text].filter((marker) => heard.includes(marker));
      expect(leaked).toEqual([]);
      // Nor did B hear the attacker: no typing of theirs, no viewer of theirs.
      const fromAttacker = observer.socket.received.filter((entry) =>
        JSON.stringify(entry.payload).includes(actor.user.id),
      );
      expect(fromAttacker).toEqual([]);
    },
  );
});

/** A socket of company B's own user (the demo seed's), logged in. */
async function demoSocket(username: string): Promise<{ socket: TestSocket; token: string; id: string }> {
  const [user] = await t.database.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, demo.id), eq(users.username, username)));
  const token = await loginAs(t.app, demo, user!, DEMO_PASSWORD);
  const socket = await connectSocket(baseUrl, token);
  sockets.push(socket);
  return { socket, token, id: user!.id };
}

/** Rows the demo seed does not have, so every endpoint has something of company B to aim at. */
async function addForeignData(db: Db, companyId: string): Promise<void> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .limit(1);
  const [thread] = await db
    .insert(threads)
    .values({
      companyId,
      contactId: contact!.id,
      name: 'Negociação sigilosa da empresa B',
      privacy: 'private',
    })
    .returning();
  await db
    .insert(threadMessages)
    .values({ companyId, threadId: thread!.id, text: 'Detalhes internos da empresa B' });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)).limit(1);
  await db.insert(savedViews).values({
    companyId,
    userId: user!.id,
    name: 'Carteira secreta da empresa B',
    list: { filter: 'general', only_my_segments: false, order: 'default', direction: 'desc', filters: {} },
  });
  const [team] = await db
    .insert(teams)
    .values({ companyId, name: 'Equipe secreta da empresa B' })
    .returning();
  await db.insert(teamMembers).values({ companyId, teamId: team!.id, userId: user!.id, supervisor: true });
  const [wallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.companyId, companyId))
    .limit(1);
  await db.insert(teamWallets).values({ companyId, teamId: team!.id, walletId: wallet!.id });
  const [list] = await db
    .insert(broadcastLists)
    .values({ companyId, name: 'Lista de transmissão da empresa B', source: 'filter', filter: {} })
    .returning();
  const [account] = await db
    .select({ id: channelAccounts.id, kind: channelAccounts.kind })
    .from(channelAccounts)
    .where(eq(channelAccounts.companyId, companyId))
    .limit(1);
  const [broadcast] = await db
    .insert(broadcasts)
    .values({
      companyId,
      name: 'Transmissão secreta da empresa B',
      listId: list!.id,
      channelAccountId: account!.id,
      kind: account!.kind,
      message: { type: 'text', text: 'Oferta secreta da empresa B' },
      status: 'paused',
      skipped: { blacklisted: 0, opted_out: 0, no_channel: 0, window_closed: 0 },
    })
    .returning();
  await db
    .insert(broadcastRecipients)
    .values({ companyId, broadcastId: broadcast!.id, contactId: contact!.id });
  await db.insert(auditEvents).values({
    companyId,
    kind: 'login_throttled',
    subject: 'gerente.da.empresa.b',
    clientIp: '203.0.113.77',
    details: { failures: 3 },
  });
  await db.insert(changelogVersions).values({
    companyId,
    date: '2026-11-01',
    version: 'Versão interna da empresa B',
    changes: [{ type: 'feature', descriptions: { pt: 'Fluxo B', en: 'Flow B', es: 'Flujo B' } }],
  });
  // Voice: a SIP account, the phone settings and a classified call of B's customer.
  await db
    .insert(phoneSettings)
    .values({ companyId, sipDomain: 'empresa-b.atende.sip', carrierSecret: 'sealed' });
  await db.insert(sipAccounts).values({ companyId, userId: user!.id, username: '7001', secret: 'sealed' });
  const [reason] = await db
    .select({ id: callReasons.id })
    .from(callReasons)
    .where(eq(callReasons.companyId, companyId))
    .limit(1);
  await db.insert(voiceCalls).values({
    companyId,
    callId: 'chamada-secreta-da-empresa-b',
    direction: 'inbound',
    typeId: 0,
    state: 'ended',
    fromNumber: '5511977776666',
    toNumber: '7001',
    operatorId: user!.id,
    contactId: contact!.id,
    endedAt: new Date(),
    reasonId: reason!.id,
    notes: 'Anotação sigilosa da ligação da empresa B',
  });
  // Campaigns: a started (paused) campaign of B with its attendant, a customer and an answered attempt.
  const [voiceAccount] = await db
    .select({ id: channelAccounts.id })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.companyId, companyId), eq(channelAccounts.kind, 'voice')))
    .limit(1);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: 'Campanha secreta da empresa B',
      status: 'paused',
      listId: list!.id,
      channelAccountId: voiceAccount!.id,
      mode: 'preview',
      ratio: 1,
      callingHours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
      retry: {
        no_answer: { after_minutes: 60, max_tries: 3 },
        busy: { after_minutes: 60, max_tries: 3 },
        voicemail: { after_minutes: 60, max_tries: 3 },
        abandoned: { after_minutes: 60, max_tries: 3 },
        failed: { after_minutes: 60, max_tries: 3 },
      },
      script: 'Roteiro secreto da empresa B',
      startedAt: new Date(),
    })
    .returning();
  await db.insert(campaignParticipants).values({ companyId, campaignId: campaign!.id, userId: user!.id });
  const [member] = await db
    .insert(campaignMembers)
    .values({
      companyId,
      campaignId: campaign!.id,
      contactId: contact!.id,
      number: '5511977776666',
      state: 'waiting',
      attempts: 1,
    })
    .returning();
  await db.insert(campaignDetails).values({
    companyId,
    campaignId: campaign!.id,
    memberId: member!.id,
    contactId: contact!.id,
    number: '5511977776666',
    tryNumber: 1,
    userId: user!.id,
    triggerAction: 'preview',
    callId: 'chamada-de-campanha-da-empresa-b',
    answeredAt: new Date(),
    endedAt: new Date(),
    outcome: 'completed',
    notes: 'Nota secreta da campanha da empresa B',
  });
}

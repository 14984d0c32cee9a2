// The live monitor: its counts after pauses, assignments, ingest and finishes; who is online as the sockets
// say; the service level flag; the realtime nudge to supervisors; and two app instances on one database (and
// one Redis, when the run has it) answering the same snapshot and carrying each other's nudges and presence.
import type { MonitorQueueChanged, MonitorSnapshot } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';
import { buildApp } from '../../app.ts';
import { loopbackRegistry } from '../../channels/loopback.ts';
import {
  contacts,
  contactWallets,
  csatRequests,
  messages,
  pauseReasons,
  wallets,
} from '../../db/schema/index.ts';
import { ingestInbound } from '../messages/ingest.ts';

const redisUrl = process.env.TEST_REDIS_URL;

let t: TestApp;
let baseUrl: string;
let attendant: Actor;
let colleague: Actor;
let supervisor: Actor;
let admin: Actor;
let outsider: Actor;
let lunch: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;
  attendant = await makeActor(t.app, db, 'attendant');
  colleague = await makeActor(t.app, db, 'attendant', attendant.company);
  supervisor = await makeActor(t.app, db, 'supervisor', attendant.company);
  admin = await makeActor(t.app, db, 'admin', attendant.company);
  outsider = await makeActor(t.app, db, 'supervisor');
  const [reason] = await db
    .insert(pauseReasons)
    .values({ companyId: attendant.company.id, name: 'Almoço' })
    .returning({ id: pauseReasons.id });
  lunch = reason!.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const snapshot = async (actor: Actor, app: FastifyInstance = t.app) => {
  const response = await injectAs(app, actor, { method: 'GET', url: '/api/monitor' });
  expect(response.statusCode).toBe(200);
  return response.json<MonitorSnapshot>();
};
const row = (snap: MonitorSnapshot, actor: Actor) => snap.attendants.find((a) => a.id === actor.user.id)!;
const socketOf = async (actor: Actor, base = baseUrl) => {
  const socket = await connectSocket(base, actor.token);
  sockets.push(socket);
  return socket;
};
const inbound = (id: string, address: string, kind: 'whatsapp' | 'telegram' = 'whatsapp') =>
  ingestInbound(t.app.deps, {
    companyId: attendant.company.id,
    kind,
    from: { address, name: `Cliente ${id}` },
    text: 'Olá',
    providerMessageId: id,
  });

describe('GET /api/monitor', () => {
  it('is for supervisors and admins: an attendant is refused', async () => {
    const refused = await injectAs(t.app, attendant, { method: 'GET', url: '/api/monitor' });
    expect(refused.statusCode).toBe(403);
    expect((await snapshot(admin)).attendants.map((a) => a.id)).toContain(attendant.user.id);
    // Another company's monitor lists none of this company's users.
    expect((await snapshot(outsider)).attendants.map((a) => a.id)).toEqual([outsider.user.id]);
  });

  it('counts the queue per channel and segment after ingest, and the loads after assignment and finish', async () => {
    const empty = await snapshot(supervisor);
    expect(empty.queue).toMatchObject({ waiting: 0, oldest_since: null, channels: [], segments: [] });
    expect(empty.service_level_seconds).toBe(300);
    const watcher = await socketOf(supervisor);

    const first = await inbound('m-1', '5511911110001');
    await inbound('m-2', '5511911110002');
    const third = await inbound('m-3', '1234567', 'telegram');
    const [vip] = await t.database.db
      .insert(wallets)
      .values({ companyId: attendant.company.id, name: 'VIP' })
      .returning({ id: wallets.id });
    await t.database.db
      .insert(contactWallets)
      .values({ companyId: attendant.company.id, contactId: third.contactId, walletId: vip!.id });

    // New customers bring the supervisors the queue's part only (not the attendants').
    const pushed = await watcher.next<MonitorQueueChanged>(
      'monitor.queue',
      (part) => part.queue.waiting === 3,
    );
    expect(pushed).not.toHaveProperty('attendants');
    expect(pushed.queue.channels.map((c) => [c.kind, c.waiting])).toEqual([
      ['whatsapp', 2],
      ['telegram', 1],
    ]);
    const queued = await snapshot(supervisor);
    expect(queued.queue.waiting).toBe(3);
    expect(queued.queue.oldest_since).not.toBeNull();
    expect(queued.queue.channels).toEqual([
      // Longest wait first.
      expect.objectContaining({ kind: 'whatsapp', waiting: 2, over_service_level: 0 }),
      expect.objectContaining({ kind: 'telegram', waiting: 1, over_service_level: 0 }),
    ]);
    expect(queued.queue.segments).toEqual([
      expect.objectContaining({ segment: { id: vip!.id, name: 'VIP' }, waiting: 1 }),
    ]);
    expect(queued.queue.longest.map((c) => c.id)).toEqual([
      first.contactId,
      expect.any(String),
      third.contactId,
    ]);

    // One customer has waited past the service level (300 s): flagged in its channel and the total.
    await t.database.db
      .update(contacts)
      .set({ queuedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(contacts.id, first.contactId));
    const late = await snapshot(supervisor);
    expect(late.queue.over_service_level).toBe(1);
    expect(late.queue.channels.find((c) => c.kind === 'whatsapp')!.over_service_level).toBe(1);
    expect(late.queue.longest[0]!.id).toBe(first.contactId);

    const assign = (contactId: string, to: Actor) =>
      injectAs(t.app, supervisor, {
        method: 'POST',
        url: `/api/conversation/${contactId}/assign`,
        payload: { responsible_id: to.user.id },
      });
    expect((await assign(first.contactId, attendant)).statusCode).toBe(200);
    expect((await assign(third.contactId, attendant)).statusCode).toBe(200);
    const assigned = await snapshot(supervisor);
    expect(row(assigned, attendant).conversations).toBe(2);
    expect(row(assigned, colleague).conversations).toBe(0);
    expect(assigned.queue).toMatchObject({ waiting: 1, over_service_level: 0, segments: [] });

    const resolved = await injectAs(t.app, attendant, {
      method: 'POST',
      url: `/api/conversation/${first.contactId}/resolve`,
      payload: {},
    });
    expect(resolved.statusCode).toBe(200);
    expect(row(await snapshot(supervisor), attendant).conversations).toBe(1);
  });

  it('shows a pause with its reason and since when, online presence, and nudges the supervisors live', async () => {
    const watcher = await socketOf(supervisor);
    const before = await snapshot(supervisor);
    expect(row(before, supervisor).online).toBe(true);
    expect(row(before, colleague)).toMatchObject({ online: false, pause: null, call: null });

    await socketOf(colleague);
    expect(row(await snapshot(supervisor), colleague).online).toBe(true);

    watcher.received.length = 0;
    const paused = await injectAs(t.app, colleague, {
      method: 'POST',
      url: '/api/pause',
      payload: { reason_id: lunch },
    });
    expect(paused.statusCode).toBe(200);
    // The change brings the snapshot itself, the same the route answers.
    const pushed = await watcher.next<MonitorSnapshot>(
      'monitor.changed',
      (s) => row(s, colleague).pause !== null,
    );
    const pause = {
      reason: { id: lunch, name: 'Almoço' },
      since: paused.json<{ pause_at: string }>().pause_at,
    };
    expect(row(pushed, colleague).pause).toEqual(pause);
    expect(row(await snapshot(supervisor), colleague).pause).toEqual(pause);

    watcher.received.length = 0;
    await injectAs(t.app, colleague, { method: 'POST', url: '/api/pause', payload: { reason_id: null } });
    await watcher.next<MonitorSnapshot>('monitor.changed', (s) => row(s, colleague).pause === null);
    expect(row(await snapshot(supervisor), colleague).pause).toBeNull();
  });

  it('shows the ratings customers answered today, per attendant and for the company, live', async () => {
    const db = t.database.db;
    const watcher = await socketOf(supervisor);
    expect(row(await snapshot(supervisor), colleague).rating_today).toEqual({ count: 0, average: null });
    // Two requests sent in the colleague's name; the customers answer 5 and 2 on the public page.
    for (const [index, rating] of [5, 2].entries()) {
      const contact = await makeContact(db, attendant.company, { responsibleId: colleague.user.id });
      const [message] = await db
        .insert(messages)
        .values({
          companyId: attendant.company.id,
          contactId: contact.id,
          kind: 'whatsapp',
          direction: 'out',
          senderUserId: colleague.user.id,
          text: 'Como você avalia nosso atendimento?',
          automatic: true,
        })
        .returning({ id: messages.id });
      const token = `monitor-rating-token-${index}-${Date.now()}`;
      await db
        .insert(csatRequests)
        .values({ companyId: attendant.company.id, contactId: contact.id, messageId: message!.id, token });
      watcher.received.length = 0;
      const answered = await t.app.inject({
        method: 'POST',
        url: `/s/${token}`,
        payload: `rating=${rating}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(answered.statusCode).toBe(200);
      await watcher.next('monitor.changed');
    }
    const snap = await snapshot(supervisor);
    expect(row(snap, colleague).rating_today).toEqual({ count: 2, average: 3.5 });
    expect(row(snap, attendant).rating_today).toEqual({ count: 0, average: null });
    expect(snap.rating_today).toEqual({ count: 2, average: 3.5 });
    expect((await snapshot(outsider)).rating_today).toEqual({ count: 0, average: null });
  });
});

describe('two app instances on one database', () => {
  let other: FastifyInstance;
  let otherUrl: string;

  beforeAll(async () => {
    // The second instance shares the database (and Redis when the run has one) as a second process would.
    const env: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
    const first = await createTestApp({ env });
    t2 = first;
    other = await buildApp(first.config, first.database, {
      adapters: loopbackRegistry,
    });
    await other.ready();
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.close();
    await t2?.close();
  });
  let t2: TestApp;

  it('both answer the same counts after a pause, an assignment and an ingest made through either', async () => {
    const db = t2.database.db;
    const boss = await makeActor(t2.app, db, 'supervisor');
    const worker = await makeActor(t2.app, db, 'attendant', boss.company);
    const [reason] = await db
      .insert(pauseReasons)
      .values({ companyId: boss.company.id, name: 'Café' })
      .returning({ id: pauseReasons.id });

    // Through the second instance: a pause and an ingest.
    const paused = await injectAs(other, worker, {
      method: 'POST',
      url: '/api/pause',
      payload: { reason_id: reason!.id },
    });
    expect(paused.statusCode).toBe(200);
    const ingested = await ingestInbound(other.deps, {
      companyId: boss.company.id,
      kind: 'whatsapp',
      from: { address: '5511922220001', name: 'Cliente dois' },
      text: 'Oi',
      providerMessageId: 'two-1',
    });
    for (const app of [t2.app, other]) {
      const snap = await snapshot(boss, app);
      expect(row(snap, worker).pause?.reason?.id).toBe(reason!.id);
      expect(snap.queue.waiting).toBe(1);
    }

    // Through the first: an assignment.
    const assigned = await injectAs(t2.app, boss, {
      method: 'POST',
      url: `/api/conversation/${ingested.contactId}/assign`,
      payload: { responsible_id: worker.user.id },
    });
    expect(assigned.statusCode).toBe(200);
    for (const app of [t2.app, other]) {
      const snap = await snapshot(boss, app);
      expect(row(snap, worker).conversations).toBe(1);
      expect(snap.queue.waiting).toBe(0);
    }
  });

  it.skipIf(!redisUrl)('carries presence and the nudge from one instance to the other (Redis)', async () => {
    const db = t2.database.db;
    const boss = await makeActor(t2.app, db, 'supervisor');
    const worker = await makeActor(t2.app, db, 'attendant', boss.company);
    const [reason] = await db
      .insert(pauseReasons)
      .values({ companyId: boss.company.id, name: 'Café' })
      .returning({ id: pauseReasons.id });
    const firstUrl = `http://127.0.0.1:${(t2.app.server.address() as { port: number }).port}`;
    const watcher = await socketOf(boss, firstUrl);
    await socketOf(worker, otherUrl);
    // The first instance sees the socket held by the second.
    expect(row(await snapshot(boss, t2.app), worker).online).toBe(true);

    watcher.received.length = 0;
    const paused = await injectAs(other, worker, {
      method: 'POST',
      url: '/api/pause',
      payload: { reason_id: reason!.id },
    });
    expect(paused.statusCode).toBe(200);
    // Read by the second instance, where the pause happened, and brought to the first one's socket.
    const pushed = await watcher.next<MonitorSnapshot>(
      'monitor.changed',
      (s) => row(s, worker).pause !== null,
    );
    expect(row(pushed, worker).online).toBe(true);
    expect(row(await snapshot(boss, t2.app), worker).pause).not.toBeNull();
  });
});

// The issue's campaign simulation, progressive mode, with simulated agents on an external PBX (their softphones'
// reports are the calls): 200 customers who answer, are busy, do not answer or reach voicemail in set
// proportions, three agents, and two dialer processes ticking side by side on a fake clock, one of which dies
// after handing customers out (its agents' consoles find them again through next-dial). Checked: every
// customer is attempted exactly as the rules say, no customer ever has two calls at once, no agent more than
// one customer at a time (the progressive ratio), the attempts' outcomes and the campaign's counts agree, and
// the campaign finishes by itself.
import type { Campaign, NextDial, NextDialResult } from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import {
  broadcastListMembers,
  broadcastLists,
  callReasons,
  campaignDetails,
  campaignMembers,
  channelAccounts,
  voiceCalls,
} from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import { tick } from './dialer.ts';

const CUSTOMERS = 200;
/** By customer index mod 10: 5 answer, 2 busy (then answer), 2 never answer, 1 always voicemail. */
type Behaviour = 'answer' | 'busy_then_answer' | 'no_answer' | 'voicemail';
const behaviourOf = (index: number): Behaviour =>
  index % 10 < 5
    ? 'answer'
    : index % 10 < 7
      ? 'busy_then_answer'
      : index % 10 < 9
        ? 'no_answer'
        : 'voicemail';
const RULES = {
  no_answer: { after_minutes: 30, max_tries: 2 },
  busy: { after_minutes: 10, max_tries: 3 },
  voicemail: { after_minutes: 60, max_tries: 2 },
};
/** Expected attempts and outcomes per behaviour under RULES. */
const EXPECTED: Record<Behaviour, string[]> = {
  answer: ['completed'],
  busy_then_answer: ['busy', 'completed'],
  no_answer: ['no_answer', 'no_answer'],
  voicemail: ['voicemail', 'voicemail'],
};

let t: TestApp;
let supervisor: Actor;
let agents: Actor[];
let reasonId: string;
const behaviour = new Map<string, Behaviour>();
/** Which agent each `campaign.dial` event went to (what their console hears), by attempt. */
const heardBy = new Map<string, string>();

const api = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const dialer = () => ({ db: t.database.db, bus: t.app.deps.bus, pbx: t.app.pbx });

beforeAll(async () => {
  t = await createTestApp({ env: { CAMPAIGN_TICK_MS: '0' } });
  t.app.deps.bus.subscribe((event) => {
    if (event.type === 'campaign.dial') heardBy.set(event.dial.campaign_detail_id, event.userId);
  });
  const admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  agents = [];
  for (let i = 0; i < 3; i++) agents.push(await makeActor(t.app, t.database.db, 'attendant', admin.company));
  const [voice] = await t.database.db
    .insert(channelAccounts)
    .values({ companyId: admin.company.id, kind: 'voice', name: 'Central' })
    .returning();
  const [reason] = await t.database.db
    .insert(callReasons)
    .values({ companyId: admin.company.id, name: 'Contato' })
    .returning();
  reasonId = reason!.id;
  await api(admin, 'PUT', '/center/phone/settings', {
    pbx: 'external',
    ws_url: 'wss://pbx.example.com/ws',
    sip_domain: 'simulacao.example.com',
    ice_servers: [],
    wrap_up_seconds: 0,
    ring_timeout_seconds: 20,
  });
  for (const [index, agent] of agents.entries()) {
    await api(admin, 'PUT', `/center/phone/sip-accounts/${agent.user.id}`, {
      username: `300${index}`,
      password: `senha-300${index}`,
    });
    await api(agent, 'PUT', '/phone/registration', { registered: true });
  }
  const [list] = await t.database.db
    .insert(broadcastLists)
    .values({ companyId: admin.company.id, name: 'Simulação', source: 'contacts' })
    .returning();
  for (let i = 0; i < CUSTOMERS; i++) {
    const contact = await makeContact(t.database.db, admin.company, {
      name: `Simulado ${i}`,
      channel: { kind: 'voice', address: `5511955${String(i).padStart(6, '0')}` },
    });
    behaviour.set(contact.id, behaviourOf(i));
    await t.database.db
      .insert(broadcastListMembers)
      .values({ listId: list!.id, companyId: admin.company.id, contactId: contact.id });
  }
  const created = await api(supervisor, 'POST', '/campaigns', {
    name: 'Simulação',
    list_id: list!.id,
    channel_account_id: voice!.id,
    mode: 'progressive',
    ratio: 1,
    calling_hours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
    retry: RULES,
    attendant_ids: agents.map((agent) => agent.user.id),
    script: '',
  });
  expect(created.statusCode).toBe(201);
  campaignId = created.json<Campaign>().id;
}, 180_000);
afterAll(() => t.close());

let campaignId: string;

/** One simulated agent's call to their customer, as the customer behaves on this try. */
async function call(agent: Actor, dial: NextDial, tries: number) {
  const callId = `sim-${dial.campaign_detail_id}`;
  const report = (payload: object) =>
    api(agent, 'POST', '/phone/calls/report', { call_id: callId, ...payload });
  const placed = await api(agent, 'POST', '/phone/next-dial', {
    action: 'dialled',
    campaign_detail_id: dial.campaign_detail_id,
    call_id: callId,
  });
  expect(placed.statusCode).toBe(200);
  await report({ event: 'started', direction: 'outbound', number: dial.number });
  const kind = behaviour.get(dial.conversation_id)!;
  if (kind === 'no_answer') return report({ event: 'ended', side: 'system', cause: 'no_answer' });
  if (kind === 'busy_then_answer' && tries === 1)
    return report({ event: 'ended', side: 'customer', cause: 'busy' });
  await report({ event: 'answered' });
  await report({ event: 'ended', side: 'customer', cause: 'normal' });
  const [record] = await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, callId));
  const classified = await api(agent, 'POST', `/phone/calls/${record!.id}/classification`, {
    reason_id: reasonId,
    campaign: { outcome: kind === 'voicemail' ? 'voicemail' : 'completed' },
  });
  expect(classified.statusCode).toBe(200);
}

describe('a campaign of 200 simulated customers and three agents', () => {
  it('attempts every customer by the rules, one call per customer and per agent at a time, and finishes', async () => {
    expect(
      (await api(supervisor, 'POST', `/campaigns/${campaignId}/start`)).json<Campaign>().stats.total,
    ).toBe(CUSTOMERS);
    let clock = Date.now();
    let idleRounds = 0;
    let rounds = 0;
    let killed = false;
    const triesOf = new Map<string, number>();
    for (; rounds < 2000; rounds++) {
      // Two dialer processes tick at once; from round 5 to 8 the second dies after each claim (its customers'
      // agents were never told: their consoles ask next-dial).
      const [first, second] = await Promise.all([
        tick(dialer(), new Date(clock)),
        tick(dialer(), new Date(clock)),
      ]);
      const dying = rounds >= 5 && rounds < 8;
      if (dying && second.assigned.length > 0) killed = true;
      const told = [...first.assigned, ...(dying ? [] : second.assigned)];
      // One customer per agent at a time: never more customers handed out than agents.
      const handed = [...first.assigned, ...second.assigned];
      expect(handed.length).toBeLessThanOrEqual(agents.length);
      expect(new Set(handed.map((dial) => dial.conversation_id)).size).toBe(handed.length);
      const open = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from (select member_id from campaign_details where ended_at is null
            group by member_id having count(*) > 1) as doubled`,
      );
      expect(open[0]!.n).toBe(0);
      const work: Promise<unknown>[] = [];
      for (const agent of agents) {
        const dial =
          told.find((entry) => heardBy.get(entry.campaign_detail_id) === agent.user.id) ??
          (await api(agent, 'GET', '/phone/next-dial')).json<NextDialResult>().dial;
        if (!dial) continue;
        const tries = (triesOf.get(dial.conversation_id) ?? 0) + 1;
        triesOf.set(dial.conversation_id, tries);
        expect(dial.try_number).toBe(tries);
        work.push(call(agent, dial, tries));
      }
      await Promise.all(work);
      if (handed.length === 0 && work.length === 0) {
        const status = (await api(supervisor, 'GET', `/campaigns/${campaignId}`)).json<Campaign>().status;
        if (status === 'finished') break;
        // Everybody left waits for a retry: the clock moves on past the longest rule.
        clock += 61 * 60_000;
        if (++idleRounds > 10) break;
      } else idleRounds = 0;
    }
    expect(killed).toBe(true);
    const campaign = (await api(supervisor, 'GET', `/campaigns/${campaignId}`)).json<Campaign>();
    expect(campaign.status).toBe('finished');

    const details = await t.database.db
      .select()
      .from(campaignDetails)
      .where(eq(campaignDetails.campaignId, campaignId));
    const byContact = new Map<string, (typeof details)[number][]>();
    for (const detail of details)
      byContact.set(detail.contactId, [...(byContact.get(detail.contactId) ?? []), detail]);
    expect(byContact.size).toBe(CUSTOMERS);
    for (const [contactId, attempts] of byContact) {
      attempts.sort((a, b) => a.tryNumber - b.tryNumber);
      expect(
        attempts.map((attempt) => attempt.outcome),
        contactId,
      ).toEqual(EXPECTED[behaviour.get(contactId)!]);
      // Each attempt was dialled once, with its own call.
      expect(new Set(attempts.map((attempt) => attempt.callId)).size).toBe(attempts.length);
    }
    const members = await t.database.db
      .select()
      .from(campaignMembers)
      .where(eq(campaignMembers.campaignId, campaignId));
    expect(members.every((member) => member.state === 'done')).toBe(true);
    const expectedAttempts = [...behaviour.values()].reduce((sum, kind) => sum + EXPECTED[kind].length, 0);
    expect(campaign.stats).toMatchObject({
      total: CUSTOMERS,
      dialled: expectedAttempts,
      remaining: 0,
      in_progress: 0,
      abandoned: 0,
      abandon_rate: 0,
    });
    console.info(`campaign simulation: ${CUSTOMERS} customers, ${expectedAttempts} calls, ${rounds} rounds`);
  }, 600_000);
});

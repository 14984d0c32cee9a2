// The campaign simulation in power mode (ratio 2.5) on the embedded PBX: 200 customers who answer, are
// busy, do not answer or reach voicemail in set proportions, and three attendants, all of them SIP phones that
// speak signalling only (test/signalling-phone.ts: a real WebRTC phone per customer would be 203 processes).
// The PBX places every call and hands each answered customer to a free attendant; one nobody takes within 2 s
// is abandoned. Two dialer processes tick side by side on a fake clock; for some rounds the second dies right
// after claiming a customer, before its INVITE leaves. Checked: lines never exceed ceil(ratio × attendants
// available), no customer ever has two calls at once nor is dialled twice for one attempt (a dead process's
// claim is failed, never dialled), abandoned calls are counted, and every customer is attempted by the rules.
import {
  ABANDON_SECONDS,
  NOT_RETRIED,
  RETRY_OUTCOMES,
  type Campaign,
  type CampaignOutcome,
  type CenterPhoneSettings,
} from '@atende/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { eventually } from '../../../test/provider-app.ts';
import { SignallingPhone, type IncomingCall } from '../../../test/signalling-phone.ts';
import {
  broadcastListMembers,
  broadcastLists,
  callReasons,
  campaignDetails,
  channelAccounts,
} from '../../db/schema/index.ts';
import { powerLines, tick, type DialerDeps } from './dialer.ts';

const CUSTOMERS = 200;
const RATIO = 2.5;
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
  // Abandoned and failed calls are tried once: the simulation counts them, it does not redial them.
  abandoned: NOT_RETRIED,
  failed: NOT_RETRIED,
};

let t: TestApp;
let supervisor: Actor;
let campaignId: string;
let reasonId: string;
const agents: { actor: Actor; phone: SignallingPhone; state: 'free' | 'ringing' | 'talking' }[] = [];
/** Customers by number: how they behave, their phone, how many INVITEs they got. */
const customers = new Map<
  string,
  { behaviour: Behaviour; phone: SignallingPhone; invites: string[]; inLine: boolean }
>();
const violations: string[] = [];
const work = new Set<Promise<unknown>>();
const track = (promise: Promise<unknown>) => {
  work.add(promise);
  void promise.finally(() => work.delete(promise));
};

const api = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
/**
 * The most lines a tick may leave: ceil(ratio × attendants not talking (free, or rung by a hand-over)), at the
 * most of them since the tick began (the dialer counted its available attendants at some moment of it).
 */
let tickBound = 0;
const notTalking = () => agents.filter((agent) => agent.state !== 'talking').length;
function setState(agent: (typeof agents)[number], state: (typeof agents)[number]['state']) {
  agent.state = state;
  tickBound = Math.max(tickBound, powerLines(RATIO, notTalking()));
}

beforeAll(async () => {
  t = await createTestApp({ env: { CAMPAIGN_TICK_MS: '0' } });
  const admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  const [voice] = await t.database.db
    .insert(channelAccounts)
    .values({ companyId: admin.company.id, kind: 'voice', name: 'Central' })
    .returning();
  const [reason] = await t.database.db
    .insert(callReasons)
    .values({ companyId: admin.company.id, name: 'Contato' })
    .returning();
  reasonId = reason!.id;
  const settings = (await api(admin, 'GET', '/center/phone/settings')).json<CenterPhoneSettings>();
  await api(admin, 'PUT', '/center/phone/settings', {
    pbx: 'embedded',
    ws_url: null,
    sip_domain: settings.sip_domain,
    ice_servers: [],
    wrap_up_seconds: 0,
    ring_timeout_seconds: 20,
  });
  const domain = settings.sip_domain;
  for (let i = 0; i < 3; i++) {
    const actor = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    await api(admin, 'PUT', `/center/phone/sip-accounts/${actor.user.id}`, {
      username: `300${i}`,
      password: `senha-300${i}`,
    });
    const phone = new SignallingPhone(t.app.pbx, {
      user: `300${i}`,
      domain,
      username: `300${i}`,
      password: `senha-300${i}`,
    });
    await phone.register();
    agents.push({ actor, phone, state: 'free' });
  }
  const [list] = await t.database.db
    .insert(broadcastLists)
    .values({ companyId: admin.company.id, name: 'Simulação power', source: 'contacts' })
    .returning();
  for (let i = 0; i < CUSTOMERS; i++) {
    const number = `5511966${String(i).padStart(6, '0')}`;
    const contact = await makeContact(t.database.db, admin.company, {
      name: `Simulado ${i}`,
      channel: { kind: 'voice', address: number },
    });
    await t.database.db
      .insert(broadcastListMembers)
      .values({ listId: list!.id, companyId: admin.company.id, contactId: contact.id });
    const phone = new SignallingPhone(t.app.pbx, {
      user: number,
      domain,
      username: 'carrier',
      password: settings.carrier_password!,
    });
    await phone.register();
    customers.set(number, { behaviour: behaviourOf(i), phone, invites: [], inLine: false });
  }
  for (const [number, customer] of customers) behaveAsCustomer(number, customer);
  for (const agent of agents) behaveAsAgent(agent);
  const created = await api(supervisor, 'POST', '/campaigns', {
    name: 'Simulação power',
    list_id: list!.id,
    channel_account_id: voice!.id,
    mode: 'power',
    ratio: RATIO,
    calling_hours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
    retry: RULES,
    attendant_ids: agents.map((agent) => agent.actor.user.id),
    script: '',
  });
  expect(created.statusCode).toBe(201);
  campaignId = created.json<Campaign>().id;
}, 180_000);
afterAll(async () => {
  for (const phone of [...agents.map((agent) => agent.phone), ...[...customers.values()].map((c) => c.phone)])
    phone.stop();
  await t.close();
});

/** A customer's phone: busy, no answer (408 after ringing) or answered, by their behaviour and try. */
function behaveAsCustomer(number: string, customer: ReturnType<typeof customers.get> & object) {
  customer.phone.invited((call) => {
    if (customer.inLine) violations.push(`${number} dialled while on a call`);
    customer.inLine = true;
    customer.invites.push(sipCallId(call));
    const inLine = [...customers.values()].filter((entry) => entry.inLine).length;
    if (inLine > tickBound) violations.push(`${inLine} lines for a bound of ${tickBound}`);
    const tryNumber = customer.invites.length;
    customer.phone.respond(call, 180);
    const { behaviour } = customer;
    if (behaviour === 'busy_then_answer' && tryNumber === 1) return hungUp(customer, call, 486);
    if (behaviour === 'no_answer') return void setTimeout(() => hungUp(customer, call, 408), 5);
    // Answered (voicemail answers too): a late offer, the operator's answer comes in the ACK.
    setTimeout(() => customer.phone.respond(call, 200), 5 + (tryNumber % 3) * 10);
  });
  customer.phone.requested((request, call) => {
    // Handed over: the ACK carries the attendant's answer; abandoned: an empty ACK, then the BYE.
    if (request.method === 'ACK' && request.body) customer.inLine = false;
    if (request.method === 'BYE' && call) customer.inLine = false;
    if (request.method === 'CANCEL') customer.inLine = false;
  });
}
const hungUp = (
  customer: { inLine: boolean; phone: SignallingPhone },
  call: IncomingCall,
  status: number,
) => {
  customer.inLine = false;
  customer.phone.respond(call, status);
};
const sipCallId = (call: IncomingCall) => call.invite.headers.get('call-id')![0]!;

/**
 * Hand-overs so far; stretches of them (of every 50, the 10th to 15th) are long talks, so customers answered
 * meanwhile find nobody free and are abandoned.
 */
let handOvers = 0;
const LONG_TALKS = { from: 10, to: 16, every: 50, ms: (ABANDON_SECONDS + 0.5) * 1000 };

/** An attendant's console: auto-answers the hand-over, talks a moment, hangs up and classifies. */
function behaveAsAgent(agent: (typeof agents)[number]) {
  agent.phone.invited((call) => {
    if (agent.state !== 'free') violations.push(`${agent.phone.conn.id} handed a call while busy`);
    setState(agent, 'ringing');
    agent.phone.respond(call, 200);
  });
  agent.phone.requested((request, call) => {
    if (!call) return;
    if (request.method === 'CANCEL') setState(agent, 'free');
    if (request.method === 'ACK' && call.status === 200 && agent.state === 'ringing') {
      setState(agent, 'talking');
      handOvers++;
      const stretch = handOvers % LONG_TALKS.every;
      const long = stretch >= LONG_TALKS.from && stretch < LONG_TALKS.to;
      setTimeout(
        () => {
          agent.phone.bye(call);
          setState(agent, 'free');
          track(classify(agent.actor, call));
        },
        long ? LONG_TALKS.ms : 10,
      );
    }
    if (request.method === 'BYE') setState(agent, 'free');
  });
}

async function classify(actor: Actor, call: IncomingCall) {
  const detailId = call.invite.headers.get('x-atende-campaign-detail')![0]!;
  const number = /sip:(\d+)@/.exec(call.invite.headers.get('from')![0]!)![1]!;
  const detail = await eventually(async () => {
    const [row] = await t.database.db
      .select()
      .from(campaignDetails)
      .where(and(eq(campaignDetails.id, detailId), isNotNull(campaignDetails.endedAt)));
    return row?.callRecordId ? row : null;
  }, 10_000);
  const classified = await api(actor, 'POST', `/phone/calls/${detail.callRecordId}/classification`, {
    reason_id: reasonId,
    campaign: { outcome: customers.get(number)!.behaviour === 'voicemail' ? 'voicemail' : 'completed' },
  });
  if (classified.statusCode !== 200) violations.push(`classification ${classified.statusCode}`);
}

/** What a customer's try gives (before any abandon): their behaviour on that try. */
function outcomeOf(behaviour: Behaviour, tryNumber: number): CampaignOutcome {
  if (behaviour === 'no_answer') return 'no_answer';
  if (behaviour === 'voicemail') return 'voicemail';
  if (behaviour === 'busy_then_answer' && tryNumber === 1) return 'busy';
  return 'completed';
}

/**
 * Whether `outcomes` (in try order) are what the rules make of the behaviour: each try gives its outcome (an
 * answered one may be abandoned; a claim of the dead process is failed), and the customer is tried again
 * exactly while the outcome's rule allows.
 */
function byTheRules(behaviour: Behaviour, outcomes: (string | null)[], orphans: boolean[]): string | null {
  const tries: Record<string, number> = {};
  for (const [index, outcome] of outcomes.entries()) {
    const expected = orphans[index] ? 'failed' : outcomeOf(behaviour, index + 1);
    const answered = expected === 'completed' || expected === 'voicemail';
    if (outcome !== expected && !(answered && outcome === 'abandoned'))
      return `try ${index + 1}: ${outcome}, expected ${expected}`;
    tries[outcome] = (tries[outcome] ?? 0) + 1;
    const rule = (RETRY_OUTCOMES as readonly string[]).includes(outcome)
      ? RULES[outcome as keyof typeof RULES]
      : null;
    const again = rule !== null && tries[outcome]! < rule.max_tries;
    const last = index === outcomes.length - 1;
    if (again === last) return `try ${index + 1}: ${outcome} ${again ? 'not tried again' : 'tried again'}`;
  }
  return null;
}

describe('a power campaign of 200 simulated customers and three attendants', () => {
  it('keeps to ratio × available, dials each attempt once, counts the abandoned, attempts every customer by the rules', async () => {
    const live: DialerDeps = { db: t.database.db, bus: t.app.deps.bus, pbx: t.app.pbx };
    /** A dialer process that dies right after its claim: the INVITE never leaves. */
    const dying: DialerDeps = {
      ...live,
      pbx: {
        ...t.app.pbx,
        originate: () => {
          throw new Error('process killed');
        },
      },
    };
    expect(
      (await api(supervisor, 'POST', `/campaigns/${campaignId}/start`)).json<Campaign>().stats.total,
    ).toBe(CUSTOMERS);
    let clock = Date.now();
    let idleRounds = 0;
    let rounds = 0;
    let killed = 0;
    let maxLines = 0;
    let lastInvites = 0;
    const invites = () => [...customers.values()].reduce((sum, entry) => sum + entry.invites.length, 0);
    for (; rounds < 3000; rounds++) {
      tickBound = powerLines(RATIO, notTalking());
      // Two processes tick at once; from round 3 the second dies after its claim, until it did so three times.
      const second = rounds >= 3 && killed < 3 ? dying : live;
      const results = await Promise.allSettled([tick(second, new Date(clock)), tick(live, new Date(clock))]);
      if (second === dying && results[0].status === 'rejected') killed++;
      for (const result of results) {
        if (result.status === 'rejected' && second !== dying) throw result.reason;
      }
      if (results[1].status === 'rejected') throw results[1].reason;
      maxLines = Math.max(maxLines, t.app.pbx.lines(supervisor.company.id));
      // The signalling of this round's calls, and the records it writes.
      await new Promise((resolve) => setTimeout(resolve, 25));
      await t.app.pbx.idle();
      const busy =
        t.app.pbx.lines(supervisor.company.id) > 0 ||
        agents.some((agent) => agent.state !== 'free') ||
        work.size > 0 ||
        invites() !== lastInvites;
      lastInvites = invites();
      if (busy) {
        idleRounds = 0;
        continue;
      }
      await Promise.all(work);
      const status = (await api(supervisor, 'GET', `/campaigns/${campaignId}`)).json<Campaign>().status;
      if (status === 'finished') break;
      // Everybody left waits for a retry (or is a dead process's claim): the clock moves on past the longest rule.
      clock += 61 * 60_000;
      if (++idleRounds > 10) break;
    }
    expect(violations).toEqual([]);
    expect(killed).toBeGreaterThan(0);
    expect(maxLines).toBeGreaterThan(agents.length); // the ratio put more lines than attendants to work
    const campaign = (await api(supervisor, 'GET', `/campaigns/${campaignId}`)).json<Campaign>();
    expect(campaign.status).toBe('finished');

    const details = await t.database.db
      .select()
      .from(campaignDetails)
      .where(eq(campaignDetails.campaignId, campaignId));
    const byNumber = new Map<string, (typeof details)[number][]>();
    for (const detail of details)
      byNumber.set(detail.number, [...(byNumber.get(detail.number) ?? []), detail]);
    expect(byNumber.size).toBe(CUSTOMERS);
    let orphans = 0;
    for (const [number, attempts] of byNumber) {
      attempts.sort((a, b) => a.tryNumber - b.tryNumber);
      const customer = customers.get(number)!;
      // Every attempt the PBX dialled reached the customer once; a dead process's claim never did.
      const dialled = attempts.filter((attempt) => customer.invites.includes(attempt.callId!));
      expect(customer.invites).toHaveLength(dialled.length);
      expect(new Set(customer.invites).size).toBe(customer.invites.length);
      const orphaned = attempts.map((attempt) => !customer.invites.includes(attempt.callId!));
      orphans += orphaned.filter(Boolean).length;
      expect(
        byTheRules(
          customer.behaviour,
          attempts.map((attempt) => attempt.outcome),
          orphaned,
        ),
        number,
      ).toBeNull();
    }
    expect(orphans).toBe(killed);
    const abandoned = details.filter((detail) => detail.outcome === 'abandoned');
    expect(abandoned.length).toBeGreaterThan(0);
    // Abandoned: answered by the customer, taken by nobody.
    for (const detail of abandoned) {
      expect(detail.answeredAt).not.toBeNull();
      expect(detail.userId).toBeNull();
    }
    const answered = details.filter((detail) => detail.answeredAt).length;
    expect(campaign.stats).toMatchObject({
      total: CUSTOMERS,
      dialled: details.length,
      answered,
      abandoned: abandoned.length,
      abandon_rate: Math.round((abandoned.length / answered) * 10_000) / 10_000,
      remaining: 0,
      in_progress: 0,
    });
    console.info(
      `power simulation: ${CUSTOMERS} customers, ${details.length} attempts (${abandoned.length} abandoned, ` +
        `${orphans} claims of a dead process), ${rounds} rounds, at most ${maxLines} lines; abandon after ${ABANDON_SECONDS} s`,
    );
  }, 300_000);
});

// The embedded PBX hands calls on: an operator's blind transfer to a colleague (REFER, RFC 3515 / 5589) with
// its records linked and the conversation given along; calls kept from operators in the wrap-up after one,
// queued while nobody is free, and passed on when an operator's phone refuses them as busy. Calls and
// operators reach the consoles live. Real SIP phones (JsSIP with wrtc), each in its own process.
import type {
  CallRecord,
  CallTransfer,
  CenterPhoneSettings,
  Contact,
  OnlineOperatorList,
} from '@atende/contract';
import { SipPhone, type PhoneConfig } from '@atende/simulators/sip-phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket, type TestSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let ana: Actor;
let bruno: Actor;
let stranger: Actor;
let settings: CenterPhoneSettings;
let wsUrl: string;
let contact: Contact;
let supervisorSocket: TestSocket;
let anaSocket: TestSocket;
const phones: SipPhone[] = [];
const CUSTOMER = '5511977771111';
const OTHER_CUSTOMER = '5511977772222';
const WRAP_UP_SECONDS = 5;

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${base.replace(/^http/, 'ws')}/sip`;
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  ana = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  bruno = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
  for (const [actor, username] of [
    [ana, '1001'],
    [bruno, '1002'],
  ] as const) {
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/center/phone/sip-accounts/${actor.user.id}`,
      payload: { username, password: `senha-${username}` },
    });
  }
  const current = (await injectAs(t.app, admin, { method: 'GET', url: '/api/center/phone/settings' })).json();
  settings = (
    await injectAs(t.app, admin, {
      method: 'PUT',
      url: '/api/center/phone/settings',
      payload: {
        pbx: 'embedded',
        ws_url: null,
        sip_domain: current.sip_domain,
        ice_servers: [],
        wrap_up_seconds: WRAP_UP_SECONDS,
        ring_timeout_seconds: 20,
      },
    })
  ).json();
  // Ana's customer: she may give the conversation to a colleague.
  contact = (await makeContact(t.database.db, admin.company, {
    responsibleId: ana.user.id,
    channel: { kind: 'voice', address: CUSTOMER },
  })) as unknown as Contact;
  supervisorSocket = await connectSocket(base, supervisor.token);
  anaSocket = await connectSocket(base, ana.token);
}, 60_000);
afterAll(async () => {
  supervisorSocket?.close();
  anaSocket?.close();
  await Promise.all(phones.map((phone) => phone.stop()));
  await t.close();
});

const phone = (config: Partial<PhoneConfig> & { user: string; password: string }) => {
  const made = new SipPhone({
    wsUrl,
    uri: `sip:${config.user}@${settings.sip_domain}`,
    toneHz: 1000,
    ...config,
  });
  phones.push(made);
  return made;
};
const customer = (number: string) =>
  phone({ user: number, password: settings.carrier_password!, authorizationUser: 'carrier', toneHz: 440 });

const companyCalls = async (query = '') =>
  (await injectAs(t.app, supervisor, { method: 'GET', url: `/api/center/phone/calls${query}` })).json<{
    data: CallRecord[];
  }>().data;
const recordOf = async (callId: string) => (await companyCalls()).find((call) => call.call_id === callId)!;
const transfer = (actor: Actor, id: string, toUserId: string) =>
  injectAs(t.app, actor, {
    method: 'POST',
    url: `/api/phone/calls/${id}/transfer`,
    payload: { to_user_id: toUserId },
  });
/** The operators as the consoles were last told them: state by SIP username. */
const toldOperators = (socket: TestSocket, match: (states: Record<string, string>) => boolean) =>
  socket.next<OnlineOperatorList>(
    'phone.operators',
    (event) => match(Object.fromEntries(event.data.map((entry) => [entry.sip_username, entry.state]))),
    10_000,
  );

let ana1001: SipPhone;
let bruno1002: SipPhone;
let caller: SipPhone;
let anaWrapUpFrom = 0;

describe('an operator transfers a call to a colleague', () => {
  it('REFERs the customer, whose phone calls the colleague; records linked, conversation handed over', async () => {
    ana1001 = phone({ user: '1001', password: 'senha-1001' });
    await ana1001.next('registered');
    bruno1002 = phone({ user: '1002', password: 'senha-1002' });
    caller = customer(CUSTOMER);
    await Promise.all([bruno1002.next('registered'), caller.next('registered')]);
    // The consoles hear who registered, without asking.
    await toldOperators(
      anaSocket,
      (states) => states['1001'] === 'available' && states['1002'] === 'available',
    );

    caller.call(`sip:atende@${settings.sip_domain}`);
    const incoming = await ana1001.next('incoming');
    ana1001.answer();
    await Promise.all([caller.next('accepted'), ana1001.next('confirmed')]);
    await t.app.pbx.idle();
    const live = await supervisorSocket.next<CallRecord>(
      'call.changed',
      (call) => call.call_id === incoming.callId && call.state === 'in_progress',
    );
    expect(live).toMatchObject({
      operator_id: ana.user.id,
      contact_id: contact.id,
      contact_name: contact.name,
    });

    // Only the call's operator transfers it, to a free colleague of the company.
    expect((await transfer(bruno, live.id, bruno.user.id)).statusCode).toBe(404);
    expect((await transfer(stranger, live.id, bruno.user.id)).statusCode).toBe(404);
    expect((await transfer(ana, live.id, stranger.user.id)).statusCode).toBe(404);
    const toHerself = await transfer(ana, live.id, ana.user.id);
    expect(toHerself.statusCode).toBe(409);
    expect(toHerself.json()).toMatchObject({ code: 'transfer_target_unavailable' });
    expect((await transfer(ana, live.id, 'not-an-id')).statusCode).toBe(400);

    const given = await transfer(ana, live.id, bruno.user.id);
    expect(given.statusCode).toBe(200);
    expect(given.json<CallTransfer>()).toEqual({
      refer_to: `sip:1002@${settings.sip_domain}`,
      handed_over: true,
    });
    ana1001.transfer(given.json<CallTransfer>().refer_to);
    expect(await ana1001.next('refer')).toMatchObject({ phase: 'requestSucceeded', status: 202 });
    expect(await caller.next('referred')).toEqual({ type: 'referred', target: '1002' });
    const handed = await bruno1002.next('incoming');
    expect(handed.from).toBe(CUSTOMER);
    bruno1002.answer();
    await bruno1002.next('confirmed');
    // The customer's phone NOTIFYs Ana that the colleague answered (sipfrag 200): she leaves the call.
    await expect.poll(async () => (await ana1001.next('refer')).phase, { timeout: 10_000 }).toBe('accepted');
    ana1001.hangup();
    anaWrapUpFrom = Date.now();
    await ana1001.next('ended');

    // The customer talks with Bruno now: each hears the other's tone.
    const heard = await bruno1002.measure(440, 1000);
    expect(heard.toneShare).toBeGreaterThan(0.5);
    await t.app.pbx.idle();

    const first = await recordOf(incoming.callId);
    const second = await recordOf(handed.callId);
    expect(first).toMatchObject({
      operator_id: ana.user.id,
      state: 'ended',
      hangup_side: 'operator',
      hangup_cause: 'transferred',
      transferred_to_id: bruno.user.id,
      transferred_to_name: bruno.user.name,
    });
    expect(second).toMatchObject({
      direction: 'inbound',
      type_id: 0,
      state: 'in_progress',
      from_number: CUSTOMER,
      operator_id: bruno.user.id,
      contact_id: contact.id,
      transferred_from_id: first.id,
    });
    // The supervisors' history heard both; the outcome filter finds the transferred one.
    await supervisorSocket.next<CallRecord>(
      'call.changed',
      (call) => call.id === first.id && call.hangup_cause === 'transferred',
    );
    await supervisorSocket.next<CallRecord>('call.changed', (call) => call.id === second.id);
    expect((await companyCalls('?outcome=transferred')).map((call) => call.id)).toEqual([first.id]);
    // The conversation went to Bruno, who was told.
    const detail = await injectAs(t.app, bruno, { method: 'GET', url: `/api/conversation/${contact.id}` });
    expect(detail.json()).toMatchObject({
      responsible: { id: bruno.user.id },
      assignment: { by: { id: ana.user.id } },
    });
  }, 90_000);
});

describe('routing around the wrap-up', () => {
  it('queues a customer while every operator is busy or wrapping up, and rings the first to come free', async () => {
    // Ana wraps up after the transferred call; Bruno talks with the customer.
    const other = customer(OTHER_CUSTOMER);
    await other.next('registered');
    other.call(`sip:atende@${settings.sip_domain}`);
    expect(await other.next('progress')).toMatchObject({ status: 182 });
    const incoming = await ana1001.next('incoming', 15_000);
    // Rung only once her wrap-up was over.
    expect(Date.now() - anaWrapUpFrom).toBeGreaterThanOrEqual(WRAP_UP_SECONDS * 1000 - 200);
    expect(incoming.from).toBe(OTHER_CUSTOMER);
    expect(bruno1002.events.filter((event) => event.type === 'incoming')).toHaveLength(1);
    ana1001.answer();
    await Promise.all([other.next('accepted'), ana1001.next('confirmed')]);
    await t.app.pbx.idle();
    expect(await recordOf(incoming.callId)).toMatchObject({ operator_id: ana.user.id, state: 'in_progress' });

    // Bruno ends his call and wraps up; Ana ends hers after his wrap-up is over and wraps up in turn.
    bruno1002.hangup();
    await Promise.all([bruno1002.next('ended'), caller.next('ended')]);
    await toldOperators(anaSocket, (states) => states['1002'] === 'wrap_up' && states['1001'] === 'on_call');
    await new Promise((resolve) => setTimeout(resolve, WRAP_UP_SECONDS * 1000 + 300));
    ana1001.hangup();
    await Promise.all([ana1001.next('ended'), other.next('ended')]);
    await toldOperators(
      anaSocket,
      (states) => states['1001'] === 'wrap_up' && states['1002'] === 'available',
    );

    // A new call skips Ana (first registered, wrapping up) for Bruno.
    const rungAna = () => ana1001.events.filter((event) => event.type === 'incoming').length;
    const anaBefore = rungAna();
    caller.call(`sip:atende@${settings.sip_domain}`);
    const toBruno = await bruno1002.next('incoming');
    expect(toBruno.from).toBe(CUSTOMER);
    expect(rungAna()).toBe(anaBefore);

    // Bruno's phone refuses it as busy: it goes on to Ana once she is free, not back to the customer.
    bruno1002.reject(486);
    const toAna = await ana1001.next('incoming', 10_000);
    expect(toAna.callId).toBe(toBruno.callId);
    ana1001.answer();
    await caller.next('accepted');
    caller.hangup();
    await ana1001.next('ended');
    await t.app.pbx.idle();
    expect(await recordOf(toAna.callId)).toMatchObject({
      operator_id: ana.user.id,
      hangup_cause: 'normal',
      hangup_side: 'customer',
    });
  }, 90_000);
});

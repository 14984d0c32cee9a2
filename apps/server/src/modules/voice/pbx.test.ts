// The embedded PBX with real SIP phones: JsSIP over WebSocket with wrtc media, each in its own process.
import type { CallRecord, CenterPhoneSettings, OnlineOperator } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { SipPhone, type PhoneConfig } from '@atende/simulators/sip-phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Actor;
let ana: Actor;
let bruno: Actor;
let wsUrl: string;
let settings: CenterPhoneSettings;
const phones: SipPhone[] = [];
const CUSTOMER = '5511988887777';

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${base.replace(/^http/, 'ws')}/sip`;
  admin = await makeActor(t.app, t.database.db, 'admin');
  ana = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  bruno = await makeActor(t.app, t.database.db, 'attendant', admin.company);
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
  settings = (await injectAs(t.app, admin, { method: 'GET', url: '/api/center/phone/settings' })).json();
}, 60_000);
afterAll(async () => {
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
const operator = (user: string, toneHz = 1000) => phone({ user, password: `senha-${user}`, toneHz });
const customer = (number: string) =>
  phone({ user: number, password: settings.carrier_password!, authorizationUser: 'carrier', toneHz: 440 });

/** The online SIP operators as a colleague's console lists them: state by user. */
const operatorStates = async (actor: Actor) =>
  Object.fromEntries(
    (await injectAs(t.app, actor, { method: 'GET', url: '/api/phone/operators' }))
      .json<{ data: OnlineOperator[] }>()
      .data.map((entry) => [entry.user_id, [entry.sip_username, entry.state]]),
  );

const calls = async () =>
  (await injectAs(t.app, admin, { method: 'GET', url: '/api/center/phone/calls' })).json<{
    data: CallRecord[];
  }>().data;

describe('the embedded PBX', () => {
  it('speaks SIP over WebSocket only with the sip subprotocol', async () => {
    const refused = new WebSocket(wsUrl);
    const outcome = await new Promise<string>((resolve) => {
      refused.on('open', () => resolve('open'));
      refused.on('error', () => resolve('refused'));
    });
    expect(outcome).toBe('refused');
    const options = new WebSocket(wsUrl, 'sip');
    await new Promise((resolve) => options.on('open', resolve));
    expect(options.protocol).toBe('sip');
    options.send(
      [
        `OPTIONS sip:${settings.sip_domain} SIP/2.0`,
        'Via: SIP/2.0/WS probe.invalid;branch=z9hG4bKprobe1',
        'Max-Forwards: 70',
        `To: <sip:${settings.sip_domain}>`,
        'From: <sip:probe@probe.invalid>;tag=abc',
        'Call-ID: probe-1',
        'CSeq: 1 OPTIONS',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    );
    const answer = await new Promise<string>((resolve) =>
      options.on('message', (data) => resolve(String(data))),
    );
    expect(answer).toMatch(/^SIP\/2\.0 200 OK\r\n/);
    expect(answer).toContain('Via: SIP/2.0/WS probe.invalid;branch=z9hG4bKprobe1');
    options.close();
  });

  it('registers operators and customers with digest auth and refuses a wrong password', async () => {
    const intruder = phone({ user: '1001', password: 'senha-errada' });
    const failed = await intruder.next('registration_failed');
    expect(failed.cause).toMatch(/Authentication|Rejected/i);
    const strangerCustomer = phone({ user: CUSTOMER, password: 'errada', authorizationUser: 'carrier' });
    await strangerCustomer.next('registration_failed');
    await Promise.all([intruder.stop(), strangerCustomer.stop()]);

    // One after the other: a customer's call rings the first free operator to have registered (Ana).
    const ana1001 = operator('1001');
    await ana1001.next('registered');
    const bruno1002 = operator('1002');
    const caller = customer(CUSTOMER);
    await Promise.all([bruno1002.next('registered'), caller.next('registered')]);
    expect(
      t.app.pbx
        .registered(admin.company.id)
        .map((entry) => [entry.user, entry.kind])
        .sort(),
    ).toEqual([
      ['1001', 'operator'],
      ['1002', 'operator'],
      [CUSTOMER, 'customer'],
    ]);
  }, 60_000);

  it('rings a free operator for a customer; audio flows both ways; hold and hang-up are recorded', async () => {
    const contact = await makeContact(t.database.db, admin.company, {
      channel: { kind: 'voice', address: CUSTOMER },
    });
    const [ana1001, , caller] = phones.slice(-3) as [SipPhone, SipPhone, SipPhone];
    caller.call(`sip:atende@${settings.sip_domain}`);
    const incoming = await ana1001.next('incoming');
    expect(incoming.from).toBe(CUSTOMER);
    ana1001.answer();
    await Promise.all([caller.next('accepted'), ana1001.next('confirmed')]);
    await t.app.pbx.idle();
    expect(await operatorStates(bruno)).toEqual({
      [ana.user.id]: ['1001', 'on_call'],
      [bruno.user.id]: ['1002', 'available'],
    });

    // Each end hears the other's tone: the customer plays 440 Hz, the operator 1 kHz.
    const [heardByOperator, heardByCustomer] = await Promise.all([
      ana1001.measure(440, 1500),
      caller.measure(1000, 1500),
    ]);
    expect(heardByOperator.frames).toBeGreaterThan(50);
    expect(heardByOperator.rms).toBeGreaterThan(500);
    expect(heardByOperator.toneShare).toBeGreaterThan(0.5);
    expect(heardByCustomer.rms).toBeGreaterThan(500);
    expect(heardByCustomer.toneShare).toBeGreaterThan(0.5);

    ana1001.hold();
    await caller.next('hold');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    ana1001.unhold();
    await caller.next('unhold');
    ana1001.hangup();
    const ended = await caller.next('ended');
    expect(ended.originator).toBe('remote');
    await ana1001.next('ended');
    await t.app.pbx.idle();

    const [record] = await calls();
    expect(record).toMatchObject({
      call_id: incoming.callId,
      direction: 'inbound',
      type_id: 0,
      state: 'ended',
      from_number: CUSTOMER,
      to_number: 'atende',
      operator_id: ana.user.id,
      contact_id: contact.id,
      hangup_side: 'operator',
      hangup_cause: 'normal',
    });
    expect(record!.talk_seconds).toBeGreaterThanOrEqual(2);
    expect(record!.hold_seconds).toBeGreaterThanOrEqual(1);
    expect(record!.answered_at).not.toBeNull();

    // Ana wraps up after the call (the company's 30 s); a paused Bruno is listed as paused; customers never.
    await t.database.db.update(users).set({ pausedAt: new Date() }).where(eq(users.id, bruno.user.id));
    expect(await operatorStates(ana)).toEqual({
      [ana.user.id]: ['1001', 'wrap_up'],
      [bruno.user.id]: ['1002', 'paused'],
    });
    await t.database.db.update(users).set({ pausedAt: null }).where(eq(users.id, bruno.user.id));
  }, 60_000);

  it('places an operator’s call to a customer who rejects it, and one to a colleague cancelled while ringing', async () => {
    const [ana1001, bruno1002, caller] = phones.slice(-3) as [SipPhone, SipPhone, SipPhone];
    ana1001.call(`sip:${CUSTOMER}@${settings.sip_domain}`);
    await caller.next('incoming');
    caller.reject(603);
    const failed = await ana1001.next('failed');
    expect(failed.status).toBe(603);
    await caller.next('failed');

    ana1001.call(`sip:1002@${settings.sip_domain}`);
    await bruno1002.next('incoming');
    await ana1001.next('progress');
    ana1001.hangup();
    expect((await bruno1002.next('failed')).originator).toBe('remote');
    await ana1001.next('failed');

    ana1001.call(`sip:nobody@${settings.sip_domain}`);
    expect((await ana1001.next('failed')).status).toBe(480);
    await t.app.pbx.idle();

    const [cancelled, rejected] = await calls();
    expect(rejected).toMatchObject({
      direction: 'outbound',
      type_id: 1,
      from_number: '1001',
      to_number: CUSTOMER,
      operator_id: ana.user.id,
      answered_at: null,
      hangup_side: 'customer',
      hangup_cause: 'rejected',
      sip_status: 603,
    });
    expect(cancelled).toMatchObject({
      direction: 'internal',
      to_number: '1002',
      operator_id: ana.user.id,
      hangup_side: 'operator',
      hangup_cause: 'cancelled',
      sip_status: 487,
    });
    // The unknown number never rang anyone: no record.
    expect(await calls()).toHaveLength(3);
  }, 60_000);
});

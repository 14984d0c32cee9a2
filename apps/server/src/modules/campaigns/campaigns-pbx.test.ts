// Campaign calls through the embedded PBX with real SIP phones (JsSIP over WebSocket, wrtc media): the dialer
// hands a registered operator their customer; the operator's INVITE carries X-Atende-Call-Type: 2 and
// X-Atende-Campaign-Detail, so the PBX records a Smart Trigger call (type 2) linked to the attempt even before
// the console says `dialled`; a busy customer settles the attempt as busy, an answered one is classified.
import type { CallRecord, Campaign, CenterPhoneSettings } from '@atende/contract';
import { SipPhone } from '@atende/simulators/sip-phone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { eventually } from '../../../test/provider-app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import {
  broadcastListMembers,
  broadcastLists,
  callReasons,
  campaignDetails,
  channelAccounts,
} from '../../db/schema/index.ts';
import { tick } from './dialer.ts';

let t: TestApp;
let admin: Actor;
let ana: Actor;
let settings: CenterPhoneSettings;
let wsUrl: string;
const phones: SipPhone[] = [];
const BUSY = '5511944440001';
const ANSWERS = '5511944440002';

const api = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const phone = (user: string, password: string, authorizationUser?: string) => {
  const made = new SipPhone({
    wsUrl,
    uri: `sip:${user}@${settings.sip_domain}`,
    password,
    authorizationUser,
    toneHz: 1000,
  });
  phones.push(made);
  return made;
};
const detailOf = async (id: string) =>
  (await t.database.db.select().from(campaignDetails).where(eq(campaignDetails.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ env: { CAMPAIGN_TICK_MS: '0' } });
  wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/sip`;
  admin = await makeActor(t.app, t.database.db, 'admin');
  ana = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  await api(admin, 'PUT', `/center/phone/sip-accounts/${ana.user.id}`, {
    username: '1001',
    password: 'senha-1001',
  });
  settings = (await api(admin, 'GET', '/center/phone/settings')).json();
  // No wrap-up: the operator takes the next customer at once.
  await api(admin, 'PUT', '/center/phone/settings', {
    pbx: 'embedded',
    ws_url: null,
    sip_domain: settings.sip_domain,
    ice_servers: [],
    wrap_up_seconds: 0,
    ring_timeout_seconds: 20,
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(phones.map((entry) => entry.stop()));
  await t.close();
});

/** A started campaign of `ana` through `voiceId`, calling a new list of customers with these numbers. */
async function startedCampaign(
  voiceId: string,
  numbers: readonly string[],
  dialling: { mode: 'progressive' | 'power'; ratio: number },
): Promise<string> {
  const [list] = await t.database.db
    .insert(broadcastLists)
    .values({ companyId: admin.company.id, name: `Lista ${dialling.mode}`, source: 'contacts' })
    .returning();
  for (const number of numbers) {
    const contact = await makeContact(t.database.db, admin.company, {
      channel: { kind: 'voice', address: number },
    });
    await t.database.db
      .insert(broadcastListMembers)
      .values({ listId: list!.id, companyId: admin.company.id, contactId: contact.id });
  }
  const once = { after_minutes: 30, max_tries: 1 };
  const created = await api(admin, 'POST', '/campaigns', {
    name: `Campanha ${dialling.mode}`,
    list_id: list!.id,
    channel_account_id: voiceId,
    ...dialling,
    calling_hours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
    retry: { no_answer: once, busy: once, voicemail: once },
    attendant_ids: [ana.user.id],
    script: '',
  });
  expect(created.statusCode).toBe(201);
  const campaignId = created.json<Campaign>().id;
  expect((await api(admin, 'POST', `/campaigns/${campaignId}/start`)).statusCode).toBe(200);
  return campaignId;
}

describe('campaign calls on the embedded PBX', () => {
  it('records the operator’s campaign INVITE as type 2 of its attempt; busy settles it, answered is classified', async () => {
    const [voice] = await t.database.db
      .insert(channelAccounts)
      .values({ companyId: admin.company.id, kind: 'voice', name: 'Central' })
      .returning();
    const [reason] = await t.database.db
      .insert(callReasons)
      .values({ companyId: admin.company.id, name: 'Venda' })
      .returning();
    const campaignId = await startedCampaign(voice!.id, [BUSY, ANSWERS], { mode: 'progressive', ratio: 1 });
    const deps = { db: t.database.db, bus: t.app.deps.bus, pbx: t.app.pbx };

    // Not registered yet: nobody to hand a customer to.
    expect((await tick(deps)).assigned).toEqual([]);
    const operator = phone('1001', 'senha-1001');
    const busy = phone(BUSY, settings.carrier_password!, 'carrier');
    const answers = phone(ANSWERS, settings.carrier_password!, 'carrier');
    await Promise.all([operator.next('registered'), busy.next('registered'), answers.next('registered')]);

    const callCampaign = async () => {
      const [dial] = (await tick(deps)).assigned;
      expect(dial).toMatchObject({ trigger_action: 'dial' });
      operator.call(`sip:${dial!.number}@${settings.sip_domain}`, [
        'X-Atende-Call-Type: 2',
        `X-Atende-Campaign-Detail: ${dial!.campaign_detail_id}`,
      ]);
      return dial!;
    };
    const first = await callCampaign();
    const firstCustomer = first.number === BUSY ? busy : answers;
    const secondCustomer = first.number === BUSY ? answers : busy;
    const settle = async (customer: SipPhone, dial: typeof first) => {
      await customer.next('incoming');
      if (customer === busy) {
        customer.reject(486);
        await operator.next('failed');
      } else {
        customer.answer();
        await Promise.all([operator.next('confirmed'), customer.next('confirmed')]);
        customer.hangup();
        await operator.next('ended');
      }
      await t.app.pbx.idle();
      return eventually(async () => {
        const row = await detailOf(dial.campaign_detail_id);
        return row.endedAt ? row : null;
      });
    };
    const firstDetail = await settle(firstCustomer, first);
    const second = await callCampaign();
    const secondDetail = await settle(secondCustomer, second);

    const records = (await api(admin, 'GET', '/center/phone/calls')).json<{ data: CallRecord[] }>().data;
    expect(records.map((record) => record.type_id)).toEqual([2, 2]);
    const [busyDetail, answeredDetail] =
      first.number === BUSY ? [firstDetail, secondDetail] : [secondDetail, firstDetail];
    expect(busyDetail).toMatchObject({ outcome: 'busy', answeredAt: null });
    expect(busyDetail.callRecordId).not.toBeNull();
    expect(answeredDetail.answeredAt).not.toBeNull();
    expect(answeredDetail.outcome).toBeNull();
    // The console's `dialled` after the PBX linked the call is the same call: accepted as said twice.
    expect(
      (
        await api(ana, 'POST', '/phone/next-dial', {
          action: 'dialled',
          campaign_detail_id: answeredDetail.id,
          call_id: answeredDetail.callId!,
        })
      ).statusCode,
    ).toBe(200);
    const classified = await api(ana, 'POST', `/phone/calls/${answeredDetail.callRecordId}/classification`, {
      reason_id: reason!.id,
      campaign: { outcome: 'sale' },
    });
    expect(classified.statusCode).toBe(200);
    expect((await detailOf(answeredDetail.id)).outcome).toBe('sale');
    // Nobody left: the next tick finishes the campaign.
    await tick(deps);
    expect((await api(admin, 'GET', `/campaigns/${campaignId}`)).json<Campaign>()).toMatchObject({
      status: 'finished',
      stats: { dialled: 2, answered: 1, outcomes: { busy: 1, sale: 1 } },
    });
  }, 90_000);

  it('power: dials ratio × free operators, hands an answered customer to the free one, abandons the other', async () => {
    const [voice] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.companyId, admin.company.id));
    const numbers = ['5511933330001', '5511933330002', '5511933330003'];
    const campaignId = await startedCampaign(voice!.id, numbers, { mode: 'power', ratio: 2 });
    const deps = { db: t.database.db, bus: t.app.deps.bus, pbx: t.app.pbx };
    const customers = numbers.map((number) => phone(number, settings.carrier_password!, 'carrier'));
    await Promise.all(customers.map((customer) => customer.next('registered')));
    const operator = phones[0]!;

    // One free operator at ratio 2: two lines.
    await tick(deps);
    expect(t.app.pbx.lines(admin.company.id)).toBe(2);
    await Promise.all(customers.slice(0, 2).map((customer) => customer.next('incoming')));
    // A second tick while both ring adds no line.
    await tick(deps);
    expect(t.app.pbx.lines(admin.company.id)).toBe(2);
    for (const customer of customers.slice(0, 2)) customer.answer();
    // The operator's phone gets the first answered customer (its console auto-answers it).
    await operator.next('incoming');
    operator.answer();
    await operator.next('confirmed');
    // The other answered customer finds nobody free within 2 s: hung up on, abandoned.
    const answering = customers.slice(0, 2);
    const abandoned = await eventually(
      async () =>
        answering.find((customer) =>
          customer.events.some((event) => event.type === 'ended' || event.type === 'failed'),
        ),
      8_000,
    );
    const talking = answering.find((customer) => customer !== abandoned)!;
    expect(talking.events.some((event) => event.type === 'confirmed')).toBe(true);
    expect(talking.events.some((event) => event.type === 'ended' || event.type === 'failed')).toBe(false);
    // Audio flows between the customer and the operator, through the offer the PBX carried over.
    const heard = await operator.measure(1000, 1200);
    expect(heard.rms).toBeGreaterThan(500);
    // The customer hangs up: the operator's phone hears the call end.
    talking.hangup();
    expect(await operator.next('ended')).toMatchObject({ originator: 'remote' });
    await t.app.pbx.idle();

    // The third customer is busy.
    await tick(deps);
    await customers[2]!.next('incoming');
    customers[2]!.reject(486);
    await t.app.pbx.idle();
    await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(campaignDetails)
        .where(eq(campaignDetails.campaignId, campaignId));
      return rows.filter((row) => row.endedAt).length === 3 ? rows : null;
    });
    const answered = (
      await t.database.db.select().from(campaignDetails).where(eq(campaignDetails.campaignId, campaignId))
    ).find((row) => row.userId === ana.user.id)!;
    await api(ana, 'POST', `/phone/calls/${answered.callRecordId}/classification`, {
      reason_id: (
        await t.database.db.select().from(callReasons).where(eq(callReasons.companyId, admin.company.id))
      )[0]!.id,
      campaign: { outcome: 'completed' },
    });
    await tick(deps);
    const done = (await api(admin, 'GET', `/campaigns/${campaignId}`)).json<Campaign>();
    expect(done).toMatchObject({
      status: 'finished',
      stats: {
        dialled: 3,
        answered: 2,
        abandoned: 1,
        abandon_rate: 0.5,
        outcomes: { busy: 1, abandoned: 1, completed: 1 },
      },
    });
    const records = (await api(admin, 'GET', '/center/phone/calls')).json<{ data: CallRecord[] }>().data;
    expect(records.filter((record) => record.type_id === 2)).toHaveLength(5);
  }, 90_000);
});

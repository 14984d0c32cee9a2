// Power-dial campaigns through the API on a real database, with the company's phone on an external PBX (the
// attendants' softphones report their registration and calls, as they do there): the Center's campaign
// lifecycle and its refusals, the dialer handing customers to available participants only (never two at once,
// within calling hours on each customer's clock, two time zones on a fake clock passed to the tick), next-dial
// (skip, dialled), outcomes from the calls' ends and from the attendant's classification (retries by rule,
// abandoned and failed included, callback → schedule, do-not-call → blacklist, unclassified past the wrap-up),
// the live view, the attempts, the customer's and the attendant's campaign views, a tick that finds calls
// nobody heard end, and a campaign that finishes once nobody is left.
import {
  instantOfWallTime,
  type Campaign,
  type CampaignAttemptPage,
  type CampaignList,
  type CampaignLive,
  type CampaignRequest,
  type ContactCampaigns,
  type NextDialResult,
  type UserCampaignList,
} from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { eventually } from '../../../test/provider-app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import {
  broadcastListMembers,
  broadcastLists,
  callReasons,
  campaignDetails,
  campaignMembers,
  channelAccounts,
  contactChannels,
  schedules,
  voiceCalls,
} from '../../db/schema/index.ts';
import { recordCallAnswer, recordCallEnd, recordCallOperator, recordCallStart } from '../voice/calls.ts';
import { tick } from './dialer.ts';
import { callableNow } from './hours.ts';
import { companyTimeZone } from './service.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let ana: Actor;
let bruno: Actor;
let stranger: Actor;
let voiceAccountId: string;
let chatAccountId: string;
let reasonId: string;
let zone: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (actor: Actor, method: Method, url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
const dialer = () => ({ db: t.database.db, bus: t.app.deps.bus, pbx: t.app.pbx });

const ALL_DAY = { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] };
const RULES = {
  no_answer: { after_minutes: 30, max_tries: 2 },
  busy: { after_minutes: 10, max_tries: 2 },
  voicemail: { after_minutes: 60, max_tries: 2 },
  abandoned: { after_minutes: 15, max_tries: 2 },
  failed: { after_minutes: 20, max_tries: 2 },
};

/**
 * A picked transmission list of `count` new customers with a voice number (São Paulo's, unless `ddds` names the
 * area code of each), plus extras, when asked.
 */
async function makeList(name: string, count: number, options: { extras?: string[]; ddds?: string[] } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const ddd = options.ddds?.[i] ?? '11';
    const contact = await makeContact(t.database.db, admin.company, {
      name: `${name} ${i}`,
      channel: {
        kind: 'voice',
        address: `55${ddd}9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      },
    });
    ids.push(contact.id);
  }
  const [list] = await t.database.db
    .insert(broadcastLists)
    .values({ companyId: admin.company.id, name, source: 'contacts' })
    .returning();
  await t.database.db.insert(broadcastListMembers).values(
    [...ids, ...(options.extras ?? [])].map((contactId) => ({
      listId: list!.id,
      companyId: admin.company.id,
      contactId,
    })),
  );
  return { listId: list!.id, contactIds: ids };
}

const request = (listId: string, overrides: Partial<CampaignRequest> = {}): CampaignRequest => ({
  name: 'Renovação',
  list_id: listId,
  channel_account_id: voiceAccountId,
  mode: 'preview',
  ratio: 1,
  calling_hours: ALL_DAY,
  retry: RULES,
  attendant_ids: [ana.user.id, bruno.user.id],
  script: 'Ofereça a renovação.',
  ...overrides,
});

async function startedCampaign(listId: string, overrides: Partial<CampaignRequest> = {}) {
  const created = await api(supervisor, 'POST', '/campaigns', request(listId, overrides));
  expect(created.statusCode).toBe(201);
  const started = await api(supervisor, 'POST', `/campaigns/${created.json<Campaign>().id}/start`);
  expect(started.statusCode).toBe(200);
  return started.json<Campaign>();
}

/** The campaign as the calling hours read it. */
const campaignRow = (campaign: Campaign) => ({
  id: campaign.id,
  companyId: admin.company.id,
  callingHours: campaign.calling_hours,
});

const PHONE_SETTINGS = {
  pbx: 'external',
  ws_url: 'wss://pbx.example.com/ws',
  sip_domain: 'campanhas.example.com',
  ice_servers: [],
  ring_timeout_seconds: 20,
};
const setWrapUp = async (seconds: number) =>
  expect(
    (await api(admin, 'PUT', '/center/phone/settings', { ...PHONE_SETTINGS, wrap_up_seconds: seconds }))
      .statusCode,
  ).toBe(200);

const register = (actor: Actor, registered = true) =>
  api(actor, 'PUT', '/phone/registration', { registered });

const report = (actor: Actor, payload: object) => api(actor, 'POST', '/phone/calls/report', payload);

/** The attendant's softphone places the call of their campaign customer and says so. */
async function dial(actor: Actor, detailId: string, number: string, callId: string) {
  expect(
    (
      await api(actor, 'POST', '/phone/next-dial', {
        action: 'dialled',
        campaign_detail_id: detailId,
        call_id: callId,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await report(actor, { event: 'started', call_id: callId, direction: 'outbound', number })).statusCode,
  ).toBe(200);
}

const detailOf = async (id: string) =>
  (await t.database.db.select().from(campaignDetails).where(eq(campaignDetails.id, id)))[0]!;
const settledDetail = (id: string) =>
  eventually(async () => {
    const row = await detailOf(id);
    return row.outcome ? row : null;
  });
const membersOf = (campaignId: string) =>
  t.database.db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, campaignId));
const getCampaign = async (id: string) => (await api(supervisor, 'GET', `/campaigns/${id}`)).json<Campaign>();

/** Ends the attendant's campaign calls of earlier tests, so each test starts with free attendants. */
async function finishAll() {
  const list = (await api(supervisor, 'GET', '/campaigns')).json<CampaignList>().data;
  for (const campaign of list) {
    if (campaign.status !== 'finished') await api(supervisor, 'POST', `/campaigns/${campaign.id}/finish`);
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { CAMPAIGN_TICK_MS: '0' } });
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  ana = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  bruno = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
  const [voice, chat] = await t.database.db
    .insert(channelAccounts)
    .values([
      { companyId: admin.company.id, kind: 'voice', name: 'Central' },
      { companyId: admin.company.id, kind: 'sms', name: 'SMS' },
    ])
    .returning();
  voiceAccountId = voice!.id;
  chatAccountId = chat!.id;
  const [reason] = await t.database.db
    .insert(callReasons)
    .values({ companyId: admin.company.id, name: 'Venda' })
    .returning();
  reasonId = reason!.id;
  // The company's phone is an external PBX with no wrap-up: the softphones' reports are the calls.
  await setWrapUp(0);
  for (const [actor, username] of [
    [ana, '2001'],
    [bruno, '2002'],
  ] as const) {
    await api(admin, 'PUT', `/center/phone/sip-accounts/${actor.user.id}`, {
      username,
      password: `senha-${username}`,
    });
  }
  zone = await companyTimeZone(t.database.db, admin.company.id);
}, 60_000);
afterAll(() => t.close());

describe('the Center', () => {
  it('creates, reads, changes and deletes a draft; refuses attendants and bad input', async () => {
    const { listId } = await makeList('Lista CRUD', 2);
    expect((await api(ana, 'POST', '/campaigns', request(listId))).statusCode).toBe(403);
    expect((await api(ana, 'GET', '/campaigns')).statusCode).toBe(403);

    const refusals: [Partial<CampaignRequest>, number, string][] = [
      [{ calling_hours: { start: '21:00', end: '08:00', days: [1] } }, 400, 'campaign_invalid_hours'],
      [{ calling_hours: { start: '25:00', end: '26:00', days: [1] } }, 400, 'campaign_invalid_hours'],
      [{ ratio: 6 }, 400, 'validation_failed'],
      [{ retry: { ...RULES, abandoned: { after_minutes: 15, max_tries: 0 } } }, 400, 'validation_failed'],
      [{ retry: { ...RULES, failed: { after_minutes: 1, max_tries: 2 } } }, 400, 'validation_failed'],
      [{ attendant_ids: [] }, 400, 'campaign_no_attendants'],
      [{ list_id: '01a201b8-7800-7000-8000-00000000dead' }, 404, 'campaign_list_not_found'],
      [{ channel_account_id: '01a201b8-7800-7000-8000-00000000dead' }, 404, 'not_found'],
      [{ channel_account_id: chatAccountId }, 400, 'campaign_account_unusable'],
      [{ attendant_ids: [stranger.user.id] }, 400, 'campaign_attendant_unknown'],
      // The company's PBX is external: it cannot originate power calls.
      [{ mode: 'power', ratio: 2 }, 422, 'campaign_power_needs_embedded_pbx'],
    ];
    for (const [overrides, status, code] of refusals) {
      const refused = await api(supervisor, 'POST', '/campaigns', request(listId, overrides));
      expect(refused.statusCode, code).toBe(status);
      if (code !== 'validation_failed') expect(refused.json<{ code: string }>().code, code).toBe(code);
    }

    const created = await api(supervisor, 'POST', '/campaigns', request(listId, { ratio: 1.26 }));
    expect(created.statusCode).toBe(201);
    const campaign = created.json<Campaign>();
    expect(campaign).toMatchObject({
      status: 'draft',
      list_name: 'Lista CRUD',
      ratio: 1.3,
      started_at: null,
      stats: { total: 0, dialled: 0, remaining: 0 },
    });
    expect(campaign.attendants.map((entry) => entry.id).sort()).toEqual([ana.user.id, bruno.user.id].sort());
    expect((await api(supervisor, 'GET', '/campaigns')).json<CampaignList>().data.map((c) => c.id)).toContain(
      campaign.id,
    );
    const changed = await api(supervisor, 'PUT', `/campaigns/${campaign.id}`, {
      ...request(listId),
      name: 'Renovação 2',
      attendant_ids: [ana.user.id],
    });
    expect(changed.json<Campaign>()).toMatchObject({
      name: 'Renovação 2',
      attendants: [{ id: ana.user.id }],
    });
    expect((await api(ana, 'GET', `/campaigns/${campaign.id}`)).statusCode).toBe(403);
    expect((await api(stranger, 'GET', `/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await api(supervisor, 'DELETE', `/campaigns/${campaign.id}`)).statusCode).toBe(200);
    expect((await api(supervisor, 'GET', `/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });

  it('starts with the callable customers, pauses, keeps a started list, changes the ratio, finishes', async () => {
    const blacklisted = await makeContact(t.database.db, admin.company, {
      channel: { kind: 'voice', address: '5511900000001' },
    });
    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: true })
      .where(eq(contactChannels.contactId, blacklisted.id));
    const noPhone = await makeContact(t.database.db, admin.company, { channel: { kind: 'whatsapp' } });
    const { listId } = await makeList('Lista ciclo', 3, { extras: [blacklisted.id, noPhone.id] });
    const other = await makeList('Outra lista', 1);
    const created = (await api(supervisor, 'POST', '/campaigns', request(listId))).json<Campaign>();
    const act = (action: string) => api(supervisor, 'POST', `/campaigns/${created.id}/${action}`);

    expect((await act('pause')).statusCode).toBe(409);
    const started = await act('start');
    expect(started.json<Campaign>()).toMatchObject({ status: 'running', stats: { total: 3, remaining: 3 } });
    expect(started.json<Campaign>().started_at).not.toBeNull();
    expect((await act('start')).statusCode).toBe(409);
    expect((await act('resume')).statusCode).toBe(409);
    expect((await api(supervisor, 'PUT', `/campaigns/${created.id}`, request(listId))).statusCode).toBe(409);
    expect((await api(supervisor, 'DELETE', `/campaigns/${created.id}`)).statusCode).toBe(409);
    expect((await act('pause')).json<Campaign>().status).toBe('paused');
    // Paused: its settings change, its list and account stay.
    expect((await api(supervisor, 'PUT', `/campaigns/${created.id}`, request(other.listId))).statusCode).toBe(
      409,
    );
    const renamed = await api(supervisor, 'PUT', `/campaigns/${created.id}`, {
      ...request(listId),
      name: 'Renomeada',
    });
    expect(renamed.json<Campaign>()).toMatchObject({ name: 'Renomeada', status: 'paused' });
    const ratio = await api(supervisor, 'PATCH', `/campaigns/${created.id}/ratio`, { ratio: 2.5 });
    expect(ratio.json<Campaign>().ratio).toBe(2.5);
    expect(
      (await api(supervisor, 'PATCH', `/campaigns/${created.id}/ratio`, { ratio: 0.5 })).statusCode,
    ).toBe(400);
    expect((await api(ana, 'PATCH', `/campaigns/${created.id}/ratio`, { ratio: 2 })).statusCode).toBe(403);
    expect((await act('resume')).json<Campaign>().status).toBe('running');
    const finished = (await act('finish')).json<Campaign>();
    expect(finished.status).toBe('finished');
    expect(finished.finished_at).not.toBeNull();
    expect((await api(supervisor, 'PATCH', `/campaigns/${created.id}/ratio`, { ratio: 2 })).statusCode).toBe(
      409,
    );
    // A list without anyone to call does not start.
    const empty = await api(
      supervisor,
      'POST',
      '/campaigns',
      request((await makeList('Lista vazia', 0, { extras: [noPhone.id] })).listId),
    );
    expect((await api(supervisor, 'POST', `/campaigns/${empty.json<Campaign>().id}/start`)).statusCode).toBe(
      400,
    );
  });
});

describe('the dialer', () => {
  it('hands each available participant one customer, previews, skips, and never two at once', async () => {
    await finishAll();
    const { listId } = await makeList('Lista prévia', 3);
    const campaign = await startedCampaign(listId);
    const now = new Date();
    // Nobody registered: nobody gets a customer.
    expect((await tick(dialer(), now)).assigned).toEqual([]);
    expect((await register(ana)).json()).toEqual({ recorded: true });
    const first = (await tick(dialer(), now)).assigned;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ campaign_id: campaign.id, trigger_action: 'preview', try_number: 1 });
    expect((await api(ana, 'GET', '/phone/next-dial')).json<NextDialResult>().dial).toEqual(first[0]);
    expect((await api(bruno, 'GET', '/phone/next-dial')).json<NextDialResult>().dial).toBeNull();
    // Ana still holds her customer: the next ticks give her no other.
    expect((await tick(dialer(), now)).assigned).toEqual([]);
    // Two ticks at once (two processes) hand Bruno one customer, not two.
    await register(bruno);
    const both = await Promise.all([tick(dialer(), now), tick(dialer(), now)]);
    const handed = both.flatMap((result) => result.assigned);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.conversation_id).not.toBe(first[0]!.conversation_id);
    // Bruno may not act on Ana's customer.
    expect(
      (
        await api(bruno, 'POST', '/phone/next-dial', {
          action: 'skip',
          campaign_detail_id: first[0]!.campaign_detail_id,
        })
      ).statusCode,
    ).toBe(404);
    // Ana skips: the customer comes back later, uncounted; she gets the third customer.
    expect(
      (
        await api(ana, 'POST', '/phone/next-dial', {
          action: 'skip',
          campaign_detail_id: first[0]!.campaign_detail_id,
        })
      ).statusCode,
    ).toBe(200);
    const skipped = (await membersOf(campaign.id)).find((m) => m.contactId === first[0]!.conversation_id)!;
    expect(skipped).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(skipped.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());
    const next = (await tick(dialer(), now)).assigned;
    expect(next.map((dial) => dial.conversation_id)).not.toContain(first[0]!.conversation_id);
    expect(next).toHaveLength(1);
    // A paused attendant's undialled customer goes back; leaving the campaign too.
    const live = (await api(supervisor, 'GET', `/campaigns/${campaign.id}/live`)).json<CampaignLive>();
    expect(live.within_hours).toBe(true);
    expect(live.agents.map((agent) => agent.state).sort()).toEqual(['dialling', 'dialling']);
    const mine = (await api(ana, 'GET', '/phone/user/campaign')).json<UserCampaignList>().data;
    expect(mine.find((entry) => entry.campaign_id === campaign.id)).toMatchObject({
      active: true,
      may_change: true,
      mode: 'preview',
    });
    const off = await api(ana, 'POST', '/phone/user/campaign', { campaign_id: campaign.id, active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect((await api(ana, 'GET', '/phone/next-dial')).json<NextDialResult>().dial).toBeNull();
    expect((await tick(dialer(), now)).assigned).toEqual([]);
    expect(
      (await api(supervisor, 'GET', `/campaigns/${campaign.id}/live`))
        .json<CampaignLive>()
        .agents.find((agent) => agent.user_id === ana.user.id)!.state,
    ).toBe('inactive');
    await api(ana, 'POST', '/phone/user/campaign', { campaign_id: campaign.id, active: true });
    // A finished campaign is no longer theirs to switch.
    await api(supervisor, 'POST', `/campaigns/${campaign.id}/finish`);
    expect(
      (await api(ana, 'POST', '/phone/user/campaign', { campaign_id: campaign.id, active: false }))
        .statusCode,
    ).toBe(409);
    expect((await api(ana, 'GET', '/phone/next-dial')).json<NextDialResult>().dial).toBeNull();
  });

  it('dials only within calling hours, on the customers’ clock', async () => {
    await finishAll();
    const { listId } = await makeList('Lista horário', 1);
    const campaign = await startedCampaign(listId, {
      mode: 'progressive',
      calling_hours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
    });
    await register(ana);
    await register(bruno);
    // 2030-01-07 is a Monday, 2030-01-05 a Saturday (in any zone at these hours).
    const at = (day: number, hour: number, minute = 0) =>
      instantOfWallTime({ year: 2030, month: 1, day, hour, minute, second: 0 }, zone);
    expect((await tick(dialer(), at(7, 8, 59))).assigned).toEqual([]);
    expect((await tick(dialer(), at(7, 18, 0))).assigned).toEqual([]);
    expect((await tick(dialer(), at(5, 12, 0))).assigned).toEqual([]);
    const inside = (await tick(dialer(), at(7, 9, 0))).assigned;
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatchObject({ campaign_id: campaign.id, trigger_action: 'dial' });
    await api(supervisor, 'POST', `/campaigns/${campaign.id}/finish`);
  });

  it('dials each customer within the hours of their own clock, told by their number', async () => {
    await finishAll();
    // São Paulo (UTC-3) and Acre (UTC-5), with no daylight saving time.
    const { listId, contactIds } = await makeList('Lista fusos', 2, { ddds: ['11', '68'] });
    const [paulista, acreano] = contactIds as [string, string];
    // Previews: an assignment waits for its attendant however long the fake clock runs.
    const campaign = await startedCampaign(listId, {
      mode: 'preview',
      calling_hours: { start: '08:00', end: '20:00', days: [1, 2, 3, 4, 5] },
    });
    expect((await membersOf(campaign.id)).map((member) => member.timeZone).sort()).toEqual([
      'America/Rio_Branco',
      'America/Sao_Paulo',
    ]);
    await register(ana);
    await register(bruno);
    // 2030-01-07 is a Monday.
    const utc = (hour: number, minute = 0) => new Date(Date.UTC(2030, 0, 7, hour, minute));
    const hours = (at: Date) => callableNow(t.database.db, campaignRow(campaign), zone, at);
    // 07:30 in São Paulo, 05:30 in Acre: nobody.
    expect(await hours(utc(10, 30))).toEqual({ within_hours: false, callable: 0, remaining: 2 });
    expect((await tick(dialer(), utc(10, 30))).assigned).toEqual([]);
    // 08:30 in São Paulo, 06:30 in Acre: the paulista only; the other free attendant waits.
    expect(await hours(utc(11, 30))).toEqual({ within_hours: true, callable: 1, remaining: 2 });
    const first = (await tick(dialer(), utc(11, 30))).assigned;
    expect(first.map((dial) => dial.conversation_id)).toEqual([paulista]);
    expect(await hours(utc(12, 59))).toEqual({ within_hours: false, callable: 0, remaining: 1 });
    expect((await tick(dialer(), utc(12, 59))).assigned).toEqual([]);
    // 08:00 in Acre.
    const second = (await tick(dialer(), utc(13, 0))).assigned;
    expect(second.map((dial) => dial.conversation_id)).toEqual([acreano]);
    await api(supervisor, 'POST', `/campaigns/${campaign.id}/finish`);

    // In the evening it is the other way round: 20:30 in São Paulo, 18:30 in Acre.
    const { listId: eveningList, contactIds: evening } = await makeList('Lista fusos noite', 2, {
      ddds: ['11', '68'],
    });
    const late = await startedCampaign(eveningList, {
      mode: 'preview',
      calling_hours: { start: '08:00', end: '20:00', days: [1, 2, 3, 4, 5] },
    });
    expect(await callableNow(t.database.db, campaignRow(late), zone, utc(23, 30))).toEqual({
      within_hours: true,
      callable: 1,
      remaining: 2,
    });
    const evening1 = (await tick(dialer(), utc(23, 30))).assigned;
    expect(evening1.map((dial) => dial.conversation_id)).toEqual([evening[1]]);
    await api(supervisor, 'POST', `/campaigns/${late.id}/finish`);
  });

  it('settles an answered call nobody classified after the wrap-up, so the campaign finishes', async () => {
    await finishAll();
    await setWrapUp(30);
    try {
      await register(ana);
      const { listId } = await makeList('Lista sem classificação', 1);
      const campaign = await startedCampaign(listId, { mode: 'progressive', attendant_ids: [ana.user.id] });
      const [given] = (await tick(dialer(), new Date())).assigned;
      const callId = `sem-classificacao-${campaign.id}`;
      await dial(ana, given!.campaign_detail_id, given!.number, callId);
      await report(ana, { event: 'answered', call_id: callId });
      await report(ana, { event: 'ended', call_id: callId, side: 'customer', cause: 'normal' });
      const ended = (await eventually(async () => (await detailOf(given!.campaign_detail_id)).endedAt))!;
      // Within the company's 30 s wrap-up the attendant may still classify: the campaign waits.
      await tick(dialer(), new Date(ended.getTime() + 29_000));
      expect((await detailOf(given!.campaign_detail_id)).outcome).toBeNull();
      expect((await getCampaign(campaign.id)).status).toBe('running');
      // Past it, the call is settled unclassified and, nobody being left, the campaign finishes.
      await tick(dialer(), new Date(ended.getTime() + 30_000));
      expect((await detailOf(given!.campaign_detail_id)).outcome).toBe('unclassified');
      const finished = await getCampaign(campaign.id);
      expect(finished).toMatchObject({ status: 'finished', stats: { remaining: 0, in_progress: 0 } });
      expect(finished.stats.outcomes).toMatchObject({ unclassified: 1 });

      // The attendant classifies it late: their outcome replaces the neutral one (and plans the return).
      const record = (await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, callId)))[0]!;
      const returnAt = new Date(Date.now() + 86_400_000).toISOString();
      const late = await api(ana, 'POST', `/phone/calls/${record.id}/classification`, {
        reason_id: reasonId,
        campaign: { outcome: 'callback', return_at: returnAt },
      });
      expect(late.statusCode).toBe(200);
      expect((await detailOf(given!.campaign_detail_id)).outcome).toBe('callback');
      const [member] = await membersOf(campaign.id);
      expect(member!.tries).toEqual({ unclassified: 0, callback: 1 });
      const planned = await t.database.db
        .select()
        .from(schedules)
        .where(and(eq(schedules.contactId, given!.conversation_id), eq(schedules.userId, ana.user.id)));
      expect(planned.map((row) => row.scheduledAt.toISOString())).toEqual([returnAt]);
    } finally {
      await setWrapUp(0);
    }
  });

  it('tries abandoned and failed calls again by their own rules', async () => {
    await finishAll();
    await register(ana);
    const { listId } = await makeList('Lista abandonos', 2);
    const campaign = await startedCampaign(listId, { mode: 'progressive', attendant_ids: [ana.user.id] });
    const clock = Date.now();
    let calls = 0;
    const next = async (at: number) => {
      const [given] = (await tick(dialer(), new Date(at))).assigned;
      expect(given).toBeDefined();
      const callId = `abandono-${++calls}-${campaign.id}`;
      await dial(ana, given!.campaign_detail_id, given!.number, callId);
      return { ...given!, callId };
    };
    const fail = async (call: { callId: string; campaign_detail_id: string }) => {
      await report(ana, { event: 'ended', call_id: call.callId, side: 'customer', cause: 'rejected' });
      expect((await settledDetail(call.campaign_detail_id)).outcome).toBe('failed');
    };
    /** The customer answers and nobody takes them (as the embedded PBX records a power call nobody took). */
    const abandon = async (call: { callId: string; campaign_detail_id: string }) => {
      await recordCallOperator(t.database.db, admin.company.id, call.callId, null);
      await recordCallAnswer(t.database.db, admin.company.id, call.callId, null);
      await recordCallEnd(t.database.db, admin.company.id, call.callId, {
        side: 'customer',
        cause: 'normal',
      });
      await tick(dialer(), new Date(clock));
      expect((await detailOf(call.campaign_detail_id)).outcome).toBe('abandoned');
    };

    const failed = await next(clock);
    await fail(failed);
    const abandoned = await next(clock);
    await abandon(abandoned);
    // Abandoned: again after 15 minutes; failed: after 20.
    expect((await tick(dialer(), new Date(clock + 14 * 60_000))).assigned).toEqual([]);
    const again = await next(clock + 16 * 60_000);
    expect(again).toMatchObject({ conversation_id: abandoned.conversation_id, try_number: 2 });
    await abandon(again);
    const retried = await next(clock + 21 * 60_000);
    expect(retried).toMatchObject({ conversation_id: failed.conversation_id, try_number: 2 });
    await fail(retried);
    // Two tries each spent: nobody is left.
    expect((await tick(dialer(), new Date(clock + 60 * 60_000))).assigned).toEqual([]);
    const done = await getCampaign(campaign.id);
    expect(done).toMatchObject({ status: 'finished', stats: { remaining: 0 } });
    expect(done.stats.outcomes).toMatchObject({ abandoned: 2, failed: 2 });
  });

  it('settles attempts from the calls and the classification, retries by rule, and finishes by itself', async () => {
    await finishAll();
    await register(ana);
    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: false })
      .where(eq(contactChannels.companyId, admin.company.id));
    const { listId, contactIds } = await makeList('Lista resultados', 3);
    const campaign = await startedCampaign(listId, { mode: 'progressive', attendant_ids: [ana.user.id] });
    let clock = Date.now();
    let calls = 0;
    /** Ana's next customer, dialled: its attempt id and number. */
    const next = async () => {
      const [dial] = (await tick(dialer(), new Date(clock))).assigned;
      expect(dial).toBeDefined();
      const callId = `campanha-${++calls}-${campaign.id}`;
      await dial_(dial!.campaign_detail_id, dial!.number, callId);
      return { ...dial!, callId };
    };
    const dial_ = (id: string, number: string, callId: string) => dial(ana, id, number, callId);

    // Busy: tried again after the busy rule's 10 minutes, and no sooner.
    const busy = await next();
    await report(ana, { event: 'ended', call_id: busy.callId, side: 'customer', cause: 'busy' });
    expect((await settledDetail(busy.campaign_detail_id)).outcome).toBe('busy');
    const record = (
      await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, busy.callId))
    )[0]!;
    expect(record.typeId).toBe(2);
    expect((await detailOf(busy.campaign_detail_id)).callRecordId).toBe(record.id);
    // A second `dialled` of a placed attempt is refused (one dial per attempt ever); the same one is idempotent.
    expect(
      (
        await api(ana, 'POST', '/phone/next-dial', {
          action: 'dialled',
          campaign_detail_id: busy.campaign_detail_id,
          call_id: 'outra',
        })
      ).statusCode,
    ).toBe(409);

    // Answered and classified as a callback: a schedule for Ana at the return time.
    const answered = await next();
    expect(answered.conversation_id).not.toBe(busy.conversation_id);
    await report(ana, { event: 'answered', call_id: answered.callId });
    await report(ana, { event: 'ended', call_id: answered.callId, side: 'operator', cause: 'normal' });
    await eventually(async () => (await detailOf(answered.campaign_detail_id)).endedAt);
    const returnAt = new Date(Date.now() + 86_400_000).toISOString();
    // Classifying without a campaign outcome a call that is not a campaign's is refused with one.
    const plain = `avulsa-${campaign.id}`;
    await report(ana, { event: 'started', call_id: plain, direction: 'outbound', number: '5511900001111' });
    await report(ana, { event: 'ended', call_id: plain, side: 'operator', cause: 'normal' });
    const plainRecord = (
      await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, plain))
    )[0]!;
    expect(
      (
        await api(ana, 'POST', `/phone/calls/${plainRecord.id}/classification`, {
          reason_id: reasonId,
          campaign: { outcome: 'completed' },
        })
      ).statusCode,
    ).toBe(400);
    const answeredRecord = (
      await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, answered.callId))
    )[0]!;
    expect(
      (
        await api(ana, 'POST', `/phone/calls/${answeredRecord.id}/classification`, {
          reason_id: reasonId,
          notes: 'Pediu para ligar amanhã',
          campaign: { outcome: 'callback' },
        })
      ).statusCode,
    ).toBe(400);
    const classified = await api(ana, 'POST', `/phone/calls/${answeredRecord.id}/classification`, {
      reason_id: reasonId,
      notes: 'Pediu para ligar amanhã',
      campaign: { outcome: 'callback', return_at: returnAt },
    });
    expect(classified.statusCode).toBe(200);
    expect(await detailOf(answered.campaign_detail_id)).toMatchObject({
      outcome: 'callback',
      notes: 'Pediu para ligar amanhã',
    });
    const planned = await t.database.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.contactId, answered.conversation_id), eq(schedules.userId, ana.user.id)));
    expect(planned.map((row) => row.scheduledAt.toISOString())).toEqual([returnAt]);

    // Answered and do-not-call: the number is blacklisted, the customer done.
    const refused = await next();
    await report(ana, { event: 'answered', call_id: refused.callId });
    await report(ana, { event: 'ended', call_id: refused.callId, side: 'customer', cause: 'normal' });
    await eventually(async () => (await detailOf(refused.campaign_detail_id)).endedAt);
    const refusedRecord = (
      await t.database.db.select().from(voiceCalls).where(eq(voiceCalls.callId, refused.callId))
    )[0]!;
    await api(ana, 'POST', `/phone/calls/${refusedRecord.id}/classification`, {
      reason_id: reasonId,
      campaign: { outcome: 'do_not_call' },
    });
    const [channel] = await t.database.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.contactId, refused.conversation_id));
    expect(channel!.blacklisted).toBe(true);

    // Nobody is due before the busy customer's retry.
    expect((await tick(dialer(), new Date(clock + 9 * 60_000))).assigned).toEqual([]);
    clock += 11 * 60_000;
    const retry = await next();
    expect(retry).toMatchObject({ conversation_id: busy.conversation_id, try_number: 2 });
    // Busy again: the rule's two tries are spent, so the customer is done, and with nobody left the campaign ends.
    await report(ana, { event: 'ended', call_id: retry.callId, side: 'customer', cause: 'busy' });
    await settledDetail(retry.campaign_detail_id);
    clock += 11 * 60_000;
    expect((await tick(dialer(), new Date(clock))).assigned).toEqual([]);
    const done = await getCampaign(campaign.id);
    expect(done).toMatchObject({
      status: 'finished',
      stats: { total: 3, dialled: 4, answered: 2, remaining: 0, in_progress: 0, abandoned: 0 },
    });
    expect(done.stats.outcomes).toMatchObject({ busy: 2, callback: 1, do_not_call: 1 });

    // The attempts, newest first, in pages.
    const page = (
      await api(supervisor, 'GET', `/campaigns/${campaign.id}/attempts?limit=3`)
    ).json<CampaignAttemptPage>();
    expect(page.data).toHaveLength(3);
    expect(page.next_cursor).not.toBeNull();
    const rest = (
      await api(supervisor, 'GET', `/campaigns/${campaign.id}/attempts?limit=3&cursor=${page.next_cursor}`)
    ).json<CampaignAttemptPage>();
    expect(rest).toMatchObject({ next_cursor: null });
    expect([...page.data, ...rest.data].map((attempt) => attempt.outcome).sort()).toEqual(
      ['busy', 'busy', 'callback', 'do_not_call'].sort(),
    );
    expect(page.data[0]).toMatchObject({ user: { id: ana.user.id }, campaign_name: 'Renovação' });

    // The customer's campaign page, for whoever may see the customer.
    const page2 = (
      await api(supervisor, 'GET', `/contacts/${busy.conversation_id}/campaigns`)
    ).json<ContactCampaigns>();
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]).toMatchObject({
      campaign: { id: campaign.id, status: 'finished' },
      pending: false,
    });
    expect(page2.data[0]!.attempts.map((attempt) => attempt.try_number).sort()).toEqual([1, 2]);
    expect((await api(stranger, 'GET', `/contacts/${busy.conversation_id}/campaigns`)).statusCode).toBe(404);
    expect(contactIds).toContain(busy.conversation_id);
  });

  it('settles a call whose end nobody heard, and never dials an attempt twice across restarts', async () => {
    await finishAll();
    await register(ana);
    const { listId } = await makeList('Lista reinício', 2);
    const campaign = await startedCampaign(listId, { mode: 'progressive', attendant_ids: [ana.user.id] });
    const [first] = (await tick(dialer(), new Date())).assigned;
    // The worker "dies" after handing the customer over: the next ticks (a new process) hand nothing new,
    // the attendant's console still finds the same customer.
    expect((await tick(dialer(), new Date())).assigned).toEqual([]);
    expect((await api(ana, 'GET', '/phone/next-dial')).json<NextDialResult>().dial).toEqual(first);
    await api(ana, 'POST', '/phone/next-dial', {
      action: 'dialled',
      campaign_detail_id: first!.campaign_detail_id,
      call_id: `perdida-${campaign.id}`,
    });
    // The call is recorded and ends without any event reaching this process (another process, a crash).
    await recordCallStart(t.database.db, {
      companyId: admin.company.id,
      callId: `perdida-${campaign.id}`,
      direction: 'outbound',
      typeId: 1,
      fromNumber: '2001',
      toNumber: first!.number,
      operatorId: ana.user.id,
      contactId: first!.conversation_id,
    });
    await recordCallEnd(t.database.db, admin.company.id, `perdida-${campaign.id}`, {
      side: 'system',
      cause: 'no_answer',
    });
    expect((await detailOf(first!.campaign_detail_id)).outcome).toBeNull();
    const [second] = (await tick(dialer(), new Date())).assigned;
    expect((await detailOf(first!.campaign_detail_id)).outcome).toBe('no_answer');
    expect(second!.conversation_id).not.toBe(first!.conversation_id);
    const details = await t.database.db
      .select()
      .from(campaignDetails)
      .where(eq(campaignDetails.campaignId, campaign.id));
    expect(details.filter((row) => row.memberId === details[0]!.memberId)).toHaveLength(1);
    await api(supervisor, 'POST', `/campaigns/${campaign.id}/finish`);
  });
});

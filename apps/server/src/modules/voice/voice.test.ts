import type { CallRecord, CenterPhoneSettings, PhoneSettings } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { callReasons, sipAccounts, voiceCalls } from '../../db/schema/index.ts';
import {
  contactByNumber,
  recordCallAnswer,
  recordCallEnd,
  recordCallHold,
  recordCallStart,
  recordCallTransfer,
} from './calls.ts';
import { defaultSipDomain } from './settings.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let attendant: Actor;
let colleague: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  colleague = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (actor: Actor, method: Method, url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, payload });

const settingsInput = {
  pbx: 'embedded',
  ws_url: null,
  sip_domain: 'acme.example.com',
  ice_servers: [{ urls: ['stun:stun.example.com:3478'] }],
  wrap_up_seconds: 15,
  ring_timeout_seconds: 20,
};

describe('phone settings', () => {
  it('start with the embedded PBX and a domain named after the company; administrators change them', async () => {
    const initial = (await call(admin, 'GET', '/center/phone/settings')).json<CenterPhoneSettings>();
    expect(initial).toMatchObject({
      pbx: 'embedded',
      ws_url: null,
      sip_domain: defaultSipDomain(admin.company.slug),
      wrap_up_seconds: 30,
      ring_timeout_seconds: 30,
      editable: true,
    });
    expect(initial.carrier_password).toMatch(/^[\w-]{20,}$/);
    // Supervisors read, without the carrier password, and may not change them.
    expect((await call(supervisor, 'GET', '/center/phone/settings')).json()).toMatchObject({
      editable: false,
      carrier_password: null,
    });
    expect((await call(supervisor, 'PUT', '/center/phone/settings', settingsInput)).statusCode).toBe(403);
    expect((await call(attendant, 'GET', '/center/phone/settings')).statusCode).toBe(403);

    const saved = await call(admin, 'PUT', '/center/phone/settings', settingsInput);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      sip_domain: 'acme.example.com',
      ice_servers: [{ urls: ['stun:stun.example.com:3478'], username: null, credential: null }],
      wrap_up_seconds: 15,
      carrier_password: initial.carrier_password,
    });
    // The softphone reads them with the PBX address: this server's /sip while the PBX is embedded.
    const softphone = (await call(attendant, 'GET', '/phone/settings')).json<PhoneSettings>();
    expect(softphone).toMatchObject({
      ws_url: `${t.config.publicUrl.replace(/^http/, 'ws')}/sip`,
      sip_domain: 'acme.example.com',
      wrap_up_seconds: 15,
      account: null,
    });
  });

  it('refuses an external PBX without its address, bad values, and a domain another company holds', async () => {
    const external = await call(admin, 'PUT', '/center/phone/settings', {
      ...settingsInput,
      pbx: 'external',
    });
    expect(external.statusCode).toBe(400);
    expect(external.json()).toMatchObject({ field: 'ws_url' });
    for (const [field, value] of [
      ['sip_domain', 'not a domain'],
      ['wrap_up_seconds', 601],
      ['ring_timeout_seconds', 2],
      ['ice_servers', [{ urls: ['http://stun.example.com'] }]],
      ['ws_url', 'https://pbx.example.com/ws'],
    ] as const) {
      const refused = await call(admin, 'PUT', '/center/phone/settings', {
        ...settingsInput,
        pbx: 'external',
        ws_url: 'wss://pbx.example.com/ws',
        [field]: value,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json<{ field: string }>().field.split('.')[0], field).toBe(field);
    }
    const taken = await call(stranger, 'PUT', '/center/phone/settings', settingsInput);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'sip_domain_taken' });
    expect((await call(stranger, 'GET', '/center/phone/settings')).json().sip_domain).toBe(
      defaultSipDomain(stranger.company.slug),
    );

    const external2 = await call(admin, 'PUT', '/center/phone/settings', {
      ...settingsInput,
      pbx: 'external',
      ws_url: 'wss://pbx.example.com:8089/ws',
    });
    expect(external2.statusCode).toBe(200);
    expect((await call(attendant, 'GET', '/phone/settings')).json().ws_url).toBe(
      'wss://pbx.example.com:8089/ws',
    );
    await call(admin, 'PUT', '/center/phone/settings', settingsInput);
  });
});

describe('SIP accounts', () => {
  it('are given by administrators, the password sealed at rest and handed only to its own softphone', async () => {
    const given = await call(admin, 'PUT', `/center/phone/sip-accounts/${attendant.user.id}`, {
      username: '1001',
      password: 'segredo-do-ramal',
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ user_id: attendant.user.id, username: '1001' });
    expect(JSON.stringify(given.json())).not.toContain('segredo');
    const [row] = await t.database.db
      .select()
      .from(sipAccounts)
      .where(eq(sipAccounts.userId, attendant.user.id));
    expect(row!.secret).not.toContain('segredo');

    expect((await call(attendant, 'GET', '/phone/settings')).json<PhoneSettings>().account).toEqual({
      username: '1001',
      password: 'segredo-do-ramal',
      uri: 'sip:1001@acme.example.com',
      display_name: attendant.user.name,
    });
    expect((await call(colleague, 'GET', '/phone/settings')).json().account).toBeNull();

    // Without a password an existing one is kept; a new account gets a generated one.
    await call(admin, 'PUT', `/center/phone/sip-accounts/${attendant.user.id}`, { username: 'ana' });
    expect((await call(attendant, 'GET', '/phone/settings')).json().account.password).toBe(
      'segredo-do-ramal',
    );
    await call(admin, 'PUT', `/center/phone/sip-accounts/${colleague.user.id}`, { username: '1002' });
    expect((await call(colleague, 'GET', '/phone/settings')).json().account.password).toMatch(/^[\w-]{20,}$/);

    const listed = (await call(supervisor, 'GET', '/center/phone/sip-accounts')).json();
    expect(listed.data.map((account: { username: string }) => account.username)).toEqual(['1002', 'ana']);
    expect(JSON.stringify(listed)).not.toContain('password');
  });

  it('refuse a taken or bad username, a short password, other roles and another company’s user', async () => {
    const taken = await call(admin, 'PUT', `/center/phone/sip-accounts/${supervisor.user.id}`, {
      username: 'ANA',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'sip_username_taken' });
    for (const body of [{ username: 'ana maria' }, { username: '' }, { username: 'x', password: 'curta' }]) {
      expect(
        (await call(admin, 'PUT', `/center/phone/sip-accounts/${supervisor.user.id}`, body)).statusCode,
      ).toBe(400);
    }
    expect(
      (await call(supervisor, 'PUT', `/center/phone/sip-accounts/${supervisor.user.id}`, { username: '3' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(stranger, 'PUT', `/center/phone/sip-accounts/${attendant.user.id}`, { username: '9' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'DELETE', `/center/phone/sip-accounts/${attendant.user.id}`)).statusCode,
    ).toBe(404);
    // Another company may use the same username: usernames are unique per company.
    expect(
      (await call(stranger, 'PUT', `/center/phone/sip-accounts/${stranger.user.id}`, { username: 'ana' }))
        .statusCode,
    ).toBe(200);

    expect((await call(admin, 'DELETE', `/center/phone/sip-accounts/${colleague.user.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await call(colleague, 'GET', '/phone/settings')).json().account).toBeNull();
    expect((await call(admin, 'DELETE', `/center/phone/sip-accounts/${colleague.user.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('call records', () => {
  it('follow a call from ringing to its end, with ring, talk and hold times, once per Call-ID', async () => {
    const db = t.database.db;
    const companyId = admin.company.id;
    const customer = await makeContact(db, admin.company, {
      channel: { kind: 'voice', address: '+55 11 98888-0001' },
    });
    expect(await contactByNumber(db, companyId, 'sip:5511988880001')).toBe(customer.id);
    expect(await contactByNumber(db, stranger.company.id, '5511988880001')).toBeNull();

    const t0 = new Date('2026-11-28T10:00:00Z');
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const start = {
      companyId,
      callId: 'call-1@test',
      direction: 'inbound' as const,
      typeId: 0 as const,
      fromNumber: '5511988880001',
      toNumber: 'atende',
      operatorId: null,
      contactId: customer.id,
      startedAt: t0,
    };
    await recordCallStart(db, start);
    await recordCallStart(db, { ...start, startedAt: at(3) });
    await recordCallAnswer(db, companyId, 'call-1@test', attendant.user.id, at(4));
    await recordCallHold(db, companyId, 'call-1@test', true, at(10));
    await recordCallHold(db, companyId, 'call-1@test', false, at(17));
    await recordCallHold(db, companyId, 'call-1@test', true, at(20));
    expect(
      await recordCallEnd(db, companyId, 'call-1@test', { side: 'customer', cause: 'normal' }, at(25)),
    ).toBe(true);
    expect(
      await recordCallEnd(db, companyId, 'call-1@test', { side: 'operator', cause: 'normal' }, at(26)),
    ).toBe(false);
    // A call that nobody answered: the customer gave up while it rang.
    await recordCallStart(db, { ...start, callId: 'call-2@test', startedAt: at(100) });
    await recordCallEnd(
      db,
      companyId,
      'call-2@test',
      { side: 'customer', cause: 'cancelled', sipStatus: 487 },
      at(112),
    );

    const history = await call(attendant, 'GET', `/phone/cdr-calls/${customer.id}`);
    expect(history.statusCode).toBe(200);
    const [missed, answered] = history.json<{ data: CallRecord[] }>().data;
    expect(history.json().data).toHaveLength(2);
    expect(answered).toMatchObject({
      call_id: 'call-1@test',
      direction: 'inbound',
      type_id: 0,
      state: 'ended',
      from_number: '5511988880001',
      operator_id: attendant.user.id,
      operator_name: attendant.user.name,
      contact_id: customer.id,
      started_at: t0.toISOString(),
      ring_seconds: 4,
      talk_seconds: 21,
      hold_seconds: 12,
      hangup_side: 'customer',
      hangup_cause: 'normal',
      reason_id: null,
    });
    expect(missed).toMatchObject({
      ring_seconds: 12,
      talk_seconds: 0,
      hangup_cause: 'cancelled',
      sip_status: 487,
      operator_id: null,
    });
    expect(
      (await call(attendant, 'GET', `/phone/cdr-calls/${customer.id}?direction=outbound`)).json().data,
    ).toEqual([]);
    expect((await call(stranger, 'GET', `/phone/cdr-calls/${customer.id}`)).statusCode).toBe(404);

    // The company's list: supervisors and administrators; filtered by type.
    expect((await call(supervisor, 'GET', '/center/phone/calls?type_id=0')).json().data).toHaveLength(2);
    expect((await call(supervisor, 'GET', '/center/phone/calls?type_id=1')).json().data).toEqual([]);
    expect((await call(attendant, 'GET', '/center/phone/calls')).statusCode).toBe(403);
    expect((await call(stranger, 'GET', '/center/phone/calls')).json().data).toEqual([]);
    expect((await call(admin, 'GET', '/center/phone/calls?type_id=3')).statusCode).toBe(400);
  });

  it('are classified by their operator with a reason of the company once ended', async () => {
    const db = t.database.db;
    const companyId = admin.company.id;
    const [reason] = await db.insert(callReasons).values({ companyId, name: 'Dúvida de fatura' }).returning();
    const [archived] = await db
      .insert(callReasons)
      .values({ companyId, name: 'Antigo', archivedAt: new Date() })
      .returning();
    const [foreignReason] = await db
      .insert(callReasons)
      .values({ companyId: stranger.company.id, name: 'Motivo alheio' })
      .returning();
    const base = {
      companyId,
      direction: 'outbound' as const,
      typeId: 1 as const,
      fromNumber: '1001',
      toNumber: '5511988880002',
      operatorId: attendant.user.id,
      contactId: null,
    };
    await recordCallStart(db, { ...base, callId: 'live@test' });
    await recordCallStart(db, { ...base, callId: 'done@test' });
    await recordCallEnd(db, companyId, 'done@test', { side: 'customer', cause: 'rejected', sipStatus: 603 });
    const list = (await call(supervisor, 'GET', '/center/phone/calls?direction=outbound')).json<{
      data: CallRecord[];
    }>().data;
    const live = list.find((row) => row.call_id === 'live@test')!;
    const done = list.find((row) => row.call_id === 'done@test')!;

    // The softphone finds its own call by the SIP Call-ID it knows; a colleague or another company does not.
    const byCallId = (actor: Actor, callId: string) =>
      call(actor, 'GET', `/phone/calls/by-call-id/${encodeURIComponent(callId)}`);
    expect((await byCallId(attendant, 'done@test')).json()).toMatchObject({ id: done.id, state: 'ended' });
    expect((await byCallId(colleague, 'done@test')).statusCode).toBe(404);
    expect((await byCallId(stranger, 'done@test')).statusCode).toBe(404);
    expect((await byCallId(attendant, 'nobody@test')).statusCode).toBe(404);

    const classify = (actor: Actor, id: string, body: object) =>
      call(actor, 'POST', `/phone/calls/${id}/classification`, body);
    expect((await classify(attendant, live.id, { reason_id: reason!.id })).json()).toMatchObject({
      code: 'call_not_ended',
    });
    for (const other of [archived!, foreignReason!]) {
      const refused = await classify(attendant, done.id, { reason_id: other.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'call_reason_unknown' });
    }
    expect((await classify(attendant, done.id, { reason_id: 'nope' })).statusCode).toBe(400);
    expect((await classify(colleague, done.id, { reason_id: reason!.id })).statusCode).toBe(404);
    expect((await classify(stranger, done.id, { reason_id: reason!.id })).statusCode).toBe(404);

    const classified = await classify(attendant, done.id, {
      reason_id: reason!.id,
      notes: '  Ligar amanhã  ',
    });
    expect(classified.statusCode).toBe(200);
    expect(classified.json()).toMatchObject({
      reason_id: reason!.id,
      reason_name: 'Dúvida de fatura',
      notes: 'Ligar amanhã',
      hangup_cause: 'rejected',
      sip_status: 603,
    });
    expect(classified.json().classified_at).not.toBeNull();
  });

  it('come from the softphone on an external PBX, step by step and once each; the embedded PBX keeps its own', async () => {
    const db = t.database.db;
    const companyId = admin.company.id;
    await db
      .insert(sipAccounts)
      .values({ companyId, userId: attendant.user.id, username: '2001', secret: 'sealed-elsewhere' })
      .onConflictDoNothing();
    // The attendant's extension (an earlier test may have given them one).
    const [{ extension } = { extension: '' }] = await db
      .select({ extension: sipAccounts.username })
      .from(sipAccounts)
      .where(eq(sipAccounts.userId, attendant.user.id));
    const customer = await makeContact(db, admin.company, {
      name: 'Cliente Kamailio',
      channel: { kind: 'voice', address: '5511977770001' },
    });
    const report = (actor: Actor, body: object) => call(actor, 'POST', '/phone/calls/report', body);
    const started = {
      event: 'started',
      call_id: 'ext-1@pbx',
      direction: 'inbound',
      number: '+55 11 97777-0001',
    };

    // On the embedded PBX the softphone's report changes nothing: the PBX writes the record itself.
    expect((await report(attendant, started)).json()).toEqual({ recorded: false });
    expect(await db.select().from(voiceCalls).where(eq(voiceCalls.callId, 'ext-1@pbx'))).toHaveLength(0);

    await call(admin, 'PUT', '/center/phone/settings', {
      ...settingsInput,
      pbx: 'external',
      ws_url: 'wss://pbx.example.com:8089/ws',
    });
    try {
      for (let i = 0; i < 2; i++)
        expect((await report(attendant, started)).json()).toEqual({ recorded: true });
      // Only its operator reports the rest of a call: a colleague's report is refused.
      const answered = { event: 'answered', call_id: 'ext-1@pbx' };
      expect((await report(colleague, answered)).statusCode).toBe(404);
      // Another company's user reports into their own company only (on the embedded PBX there: nothing).
      expect((await report(stranger, answered)).json()).toEqual({ recorded: false });
      expect((await report(attendant, { event: 'hung', call_id: 'ext-1@pbx' })).statusCode).toBe(400);
      expect((await report(attendant, { ...started, number: '' })).statusCode).toBe(400);
      await report(attendant, answered);
      await report(attendant, { event: 'held', call_id: 'ext-1@pbx', on: true });
      await report(attendant, { event: 'held', call_id: 'ext-1@pbx', on: false });
      const ended = { event: 'ended', call_id: 'ext-1@pbx', side: 'customer', cause: 'normal' };
      await report(attendant, ended);
      await report(attendant, { ...ended, side: 'operator' });

      const record = (
        await call(attendant, 'GET', `/phone/calls/by-call-id/${encodeURIComponent('ext-1@pbx')}`)
      ).json<CallRecord>();
      expect(record).toMatchObject({
        direction: 'inbound',
        type_id: 0,
        from_number: '+5511977770001',
        to_number: extension,
        operator_id: attendant.user.id,
        contact_id: customer.id,
        state: 'ended',
        hangup_side: 'customer',
        hangup_cause: 'normal',
      });
      expect(record.answered_at).not.toBeNull();
      const rows = await db.select().from(voiceCalls).where(eq(voiceCalls.callId, 'ext-1@pbx'));
      expect(rows).toHaveLength(1);

      // An outbound call the customer refused: placed by the operator, ended by the customer.
      const out = { call_id: 'ext-2@pbx' };
      await report(attendant, { ...out, event: 'started', direction: 'outbound', number: '5511977770001' });
      await report(attendant, { ...out, event: 'ended', side: 'customer', cause: 'rejected' });
      expect(
        (await call(attendant, 'GET', `/phone/calls/by-call-id/${encodeURIComponent('ext-2@pbx')}`)).json(),
      ).toMatchObject({
        direction: 'outbound',
        type_id: 1,
        from_number: extension,
        hangup_cause: 'rejected',
      });
    } finally {
      await call(admin, 'PUT', '/center/phone/settings', settingsInput);
    }
  });

  it('list an external PBX’s operators as their softphones say: registered, on a call, in the wrap-up', async () => {
    const db = t.database.db;
    // A fresh operator: earlier tests leave calls of the attendant's still ringing.
    const operator = await makeActor(t.app, db, 'attendant', admin.company);
    await db
      .insert(sipAccounts)
      .values({ companyId: admin.company.id, userId: operator.user.id, username: '2099', secret: 'x' })
      .onConflictDoNothing();
    const register = (actor: Actor, registered: boolean) =>
      call(actor, 'PUT', '/phone/registration', { registered });
    const operators = async () =>
      (await call(supervisor, 'GET', '/phone/operators'))
        .json<{ data: { user_id: string; state: string }[] }>()
        .data.filter((row) => row.user_id === operator.user.id)
        .map((row) => row.state);
    // The embedded PBX knows its registrations itself: a report changes nothing there.
    expect((await register(operator, true)).json()).toEqual({ recorded: false });
    await call(admin, 'PUT', '/center/phone/settings', {
      ...settingsInput,
      pbx: 'external',
      ws_url: 'wss://pbx.example.com:8089/ws',
    });
    try {
      expect(await operators()).toEqual([]);
      expect((await register(operator, true)).json()).toEqual({ recorded: true });
      expect(await operators()).toEqual(['available']);
      // A user without a SIP account has nothing to register.
      expect((await register(supervisor, true)).json()).toMatchObject({ code: 'sip_account_missing' });

      const report = (body: object) => call(operator, 'POST', '/phone/calls/report', body);
      await report({ event: 'started', call_id: 'ops@pbx', direction: 'inbound', number: '5511977770009' });
      await report({ event: 'answered', call_id: 'ops@pbx' });
      expect(await operators()).toEqual(['on_call']);
      await report({ event: 'ended', call_id: 'ops@pbx', side: 'operator', cause: 'normal' });
      // The company's wrap-up (15 s here) runs from the talked call's end.
      expect(await operators()).toEqual(['wrap_up']);

      // A registration not said again for longer than a re-registration has gone; one withdrawn, at once.
      await db
        .update(sipAccounts)
        .set({ registeredAt: new Date(Date.now() - 331_000) })
        .where(eq(sipAccounts.userId, operator.user.id));
      expect(await operators()).toEqual([]);
      await register(operator, true);
      await register(operator, false);
      expect(await operators()).toEqual([]);
    } finally {
      await call(admin, 'PUT', '/center/phone/settings', settingsInput);
    }
  });

  it('are listed with filters, paged by keyset, and exported as CSV with the same filters', async () => {
    const db = t.database.db;
    const companyId = admin.company.id;
    const customer = await makeContact(db, admin.company, {
      name: 'Dona Filtrada',
      channel: { kind: 'voice', address: '5521955550001' },
    });
    const [reason] = await db.insert(callReasons).values({ companyId, name: 'Segunda via' }).returning();
    const day = new Date('2026-12-01T12:00:00Z');
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    const start = async (
      callId: string,
      minutes: number,
      fields: Partial<Parameters<typeof recordCallStart>[1]> = {},
    ) =>
      recordCallStart(db, {
        companyId,
        callId,
        direction: 'inbound',
        typeId: 0,
        fromNumber: '5521955550001',
        toNumber: 'atende',
        operatorId: attendant.user.id,
        contactId: customer.id,
        startedAt: at(minutes),
        ...fields,
      });
    // Five calls in a day: answered and classified, missed, placed by a colleague, transferred, and one of
    // another number; plus one of the stranger's company in the same day.
    await start('f1', 0);
    await recordCallAnswer(db, companyId, 'f1', attendant.user.id, at(1));
    await recordCallEnd(db, companyId, 'f1', { side: 'customer', cause: 'normal' }, at(5));
    await db.update(voiceCalls).set({ reasonId: reason!.id }).where(eq(voiceCalls.callId, 'f1'));
    await start('f2', 10, { operatorId: null });
    await recordCallEnd(
      db,
      companyId,
      'f2',
      { side: 'customer', cause: 'cancelled', sipStatus: 487 },
      at(11),
    );
    await start('f3', 20, {
      direction: 'outbound',
      typeId: 1,
      fromNumber: '1002',
      toNumber: '5521955550001',
      operatorId: colleague.user.id,
    });
    await recordCallAnswer(db, companyId, 'f3', null, at(21));
    await start('f4', 30);
    await recordCallAnswer(db, companyId, 'f4', attendant.user.id, at(31));
    await recordCallTransfer(db, companyId, 'f4', colleague.user.id);
    await recordCallEnd(db, companyId, 'f4', { side: 'operator', cause: 'transferred' }, at(32));
    await start('f5', 40, { fromNumber: '5531944440000', contactId: null });
    await recordCallStart(db, {
      companyId: stranger.company.id,
      callId: 'f-alheia',
      direction: 'inbound',
      typeId: 0,
      fromNumber: '5521955550001',
      toNumber: 'atende',
      operatorId: null,
      contactId: null,
      startedAt: at(15),
    });

    const period = `from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(60).toISOString())}`;
    const ids = async (actor: Actor, query: string) =>
      (await call(actor, 'GET', `/center/phone/calls?${period}&${query}`))
        .json<{ data: CallRecord[] }>()
        .data.map((row) => row.call_id);
    expect(await ids(supervisor, '')).toEqual(['f5', 'f4', 'f3', 'f2', 'f1']);
    expect(await ids(supervisor, `operator_id=${attendant.user.id}`)).toEqual(['f5', 'f4', 'f1']);
    expect(await ids(supervisor, 'direction=outbound')).toEqual(['f3']);
    expect(await ids(supervisor, 'outcome=answered')).toEqual(['f3', 'f1']);
    expect(await ids(supervisor, 'outcome=unanswered')).toEqual(['f2']);
    expect(await ids(supervisor, 'outcome=transferred')).toEqual(['f4']);
    expect(await ids(supervisor, `reason_id=${reason!.id}`)).toEqual(['f1']);
    expect(await ids(supervisor, `number=${encodeURIComponent('(31) 94444')}`)).toEqual(['f5']);
    const morning = `from=${encodeURIComponent(at(0).toISOString())}&to=${encodeURIComponent(at(20).toISOString())}`;
    expect(
      (await call(supervisor, 'GET', `/center/phone/calls?${morning}`))
        .json<{ data: CallRecord[] }>()
        .data.map((row) => row.call_id),
    ).toEqual(['f2', 'f1']);
    // Another company's filters never reach these calls, nor these theirs.
    expect(await ids(stranger, '')).toEqual(['f-alheia']);
    expect(await ids(stranger, `operator_id=${attendant.user.id}`)).toEqual([]);

    const [transferred] = (
      await call(supervisor, 'GET', `/center/phone/calls?${period}&outcome=transferred`)
    ).json<{ data: CallRecord[] }>().data;
    expect(transferred).toMatchObject({
      contact_name: 'Dona Filtrada',
      transferred_to_id: colleague.user.id,
      transferred_to_name: colleague.user.name,
      hangup_cause: 'transferred',
    });

    // Keyset pages: two at a time, none repeated nor skipped; the customer's history pages the same way.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: CallRecord[]; next_cursor: string | null } = (
        await call(
          supervisor,
          'GET',
          `/center/phone/calls?${period}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      seen.push(...page.data.map((row) => row.call_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['f5', 'f4', 'f3', 'f2', 'f1']);
    const customerPage = (
      await call(attendant, 'GET', `/phone/cdr-calls/${customer.id}?limit=1&outcome=answered`)
    ).json<{ data: CallRecord[]; next_cursor: string }>();
    expect(customerPage.data.map((row) => row.call_id)).toEqual(['f3']);
    const customerNext = (
      await call(
        attendant,
        'GET',
        `/phone/cdr-calls/${customer.id}?limit=1&outcome=answered&cursor=${customerPage.next_cursor}`,
      )
    ).json<{ data: CallRecord[]; next_cursor: string | null }>();
    expect(customerNext).toMatchObject({ next_cursor: null });
    expect(customerNext.data.map((row) => row.call_id)).toEqual(['f1']);

    // Bad filters are refused with a reason, and change nothing.
    for (const [query, field] of [
      ['cursor=123', 'cursor'],
      ['outcome=lost', 'outcome'],
      ['operator_id=nope', 'operator_id'],
      ['number=a1', 'number'],
      ['from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z', 'to'],
    ] as const) {
      const refused = await call(supervisor, 'GET', `/center/phone/calls?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ field: string }>().field, query).toBe(field);
    }
    expect(
      (
        await call(supervisor, 'GET', '/center/phone/calls?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z')
      ).json(),
    ).toMatchObject({ code: 'call_invalid_period' });

    // The export: every call the filters select, as CSV, for supervisors and administrators only.
    const exported = await call(supervisor, 'GET', `/center/phone/calls.csv?${period}&direction=inbound`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="calls-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^"started_at","direction","type_id","from_number"/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      [40, 30, 10, 0].map((minutes) => `"${at(minutes).toISOString()}"`),
    );
    expect(lines[2]).toContain('"Dona Filtrada"');
    expect(lines[2]).toContain(`"${colleague.user.name}"`);
    expect(lines[4]).toContain('"Segunda via"');
    expect((await call(attendant, 'GET', '/center/phone/calls.csv')).statusCode).toBe(403);
    expect((await call(supervisor, 'GET', '/center/phone/calls.csv?outcome=lost')).statusCode).toBe(400);
    const foreign = await call(stranger, 'GET', `/center/phone/calls.csv?${period}`);
    expect(foreign.body.trim().split('\r\n')).toHaveLength(2);
    expect(foreign.body).not.toContain('Dona Filtrada');
  });
});

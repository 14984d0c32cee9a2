import type { AuditPage, CenterCompanySettings, Resources, WidgetConfig } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeChatWidget, type Actor } from '../../../test/factories.ts';
import { findCompanyById } from '../companies/service.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let attendant: Actor;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  other = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const read = (actor: Actor) => injectAs(t.app, actor, { method: 'GET', url: '/api/center/company' });
const patch = (actor: Actor, payload: object, language = 'en') =>
  injectAs(t.app, actor, {
    method: 'PATCH',
    url: '/api/center/company',
    payload,
    headers: { 'accept-language': language },
  });
const stored = async (actor: Actor) => (await findCompanyById(t.database.db, actor.company.id))!.settings;
const closedAllWeek = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
const openAllWeek = Object.fromEntries(
  Object.keys(closedAllWeek).map((day) => [day, [{ start: '00:00', end: '24:00' }]]),
);

describe('the company’s settings', () => {
  it('answers the product’s defaults to a company that never chose', async () => {
    const answer = await read(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<CenterCompanySettings>()).toEqual({
      editable: true,
      settings: {
        timezone: 'America/Sao_Paulo',
        currency: 'BRL',
        language: 'pt_br',
        business_hours: null,
        holidays: [],
        service_level_seconds: 300,
        broadcast_max: 1000,
        retention_months: null,
        csat_enabled: true,
      },
    });
  });

  it('saves each setting; the console’s resources follow the time zone, currency and language', async () => {
    const hours = {
      ...closedAllWeek,
      mon: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '18:00' },
      ],
      sat: [{ start: '09:00', end: '13:00' }],
    };
    const saved = await patch(admin, {
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      language: 'pt_pt',
      business_hours: hours,
      holidays: [{ date: '2026-12-25', name: 'Natal' }],
      service_level_seconds: 600,
      broadcast_max: 250,
      retention_months: 24,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CenterCompanySettings>().settings).toMatchObject({
      timezone: 'Europe/Lisbon',
      business_hours: hours,
      retention_months: 24,
    });
    const resources = (
      await injectAs(t.app, attendant, { method: 'GET', url: '/api/resources' })
    ).json<Resources>();
    expect(resources.live_defaults).toEqual({
      language: 'pt_pt',
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
    });
    // Only what is sent changes; null keeps messages forever again.
    const back = await patch(admin, { retention_months: null });
    expect(back.json<CenterCompanySettings>().settings).toMatchObject({
      retention_months: null,
      currency: 'EUR',
    });
    // Another company keeps the defaults.
    expect((await read(other)).json<CenterCompanySettings>().settings.timezone).toBe('America/Sao_Paulo');
  });

  it('refuses bad input with a translated 400 and changes nothing', async () => {
    const before = await stored(admin);
    const refusals: [object, string, string | RegExp][] = [
      [{ timezone: 'Mars/Olympus' }, 'invalid_timezone', 'Unknown time zone.'],
      [{ currency: 'XXX' }, 'validation_failed', 'The “currency” field has a value that is not accepted.'],
      [{ language: 'de' }, 'validation_failed', /“language”/],
      [
        { business_hours: { ...closedAllWeek, mon: [{ start: '18:00', end: '08:00' }] } },
        'business_hours_order',
        'The start time must be before the end time.',
      ],
      [
        {
          business_hours: {
            ...closedAllWeek,
            tue: [
              { start: '08:00', end: '12:00' },
              { start: '11:00', end: '14:00' },
            ],
          },
        },
        'business_hours_overlap',
        'The intervals of one day must not overlap.',
      ],
      [
        { business_hours: { ...closedAllWeek, wed: [{ start: '8h', end: '12:00' }] } },
        'validation_failed',
        /“start”/,
      ],
      [{ business_hours: { mon: [] } }, 'validation_failed', /“tue”|“business hours”|required/],
      [
        { holidays: [{ date: '2026-02-30', name: 'Nunca' }] },
        'validation_failed',
        /“date” field has an invalid format/,
      ],
      [
        {
          holidays: [
            { date: '2026-12-25', name: 'Natal' },
            { date: '2026-12-25', name: 'Outro' },
          ],
        },
        'holiday_duplicate',
        'Two holidays fall on the same date.',
      ],
      [
        { holidays: Array.from({ length: 101 }, (_, i) => ({ date: `2027-01-01`, name: `H${i}` })) },
        'validation_failed',
        /at most 100/,
      ],
      [{ holidays: [{ date: '2026-12-25', name: ' ' }] }, 'validation_failed', /“name” field is required/],
      [{ service_level_seconds: 5 }, 'validation_failed', /“service level” field must be at least 10/],
      [{ broadcast_max: 100_001 }, 'validation_failed', /at most 100000/],
      [{ broadcast_max: 1.5 }, 'validation_failed', /broadcast maximum/],
      [{ retention_months: 0 }, 'validation_failed', /“data retention” field must be at least 1/],
      [{ retention_months: 121 }, 'validation_failed', /at most 120/],
      [{}, 'validation_failed', 'Provide at least one field to change.'],
    ];
    for (const [body, code, message] of refusals) {
      const answer = await patch(admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code, JSON.stringify(body)).toBe(code);
      expect(answer.json().message, answer.body).toMatch(message);
    }
    // In the default language too.
    const portuguese = await patch(
      admin,
      { business_hours: { ...closedAllWeek, mon: [{ start: '10:00', end: '09:00' }] } },
      'pt-BR',
    );
    expect(portuguese.json().message).toBe('O horário de início deve ser anterior ao de término.');
    expect(await stored(admin)).toEqual(before);
  });

  it('lets supervisors read only; attendants neither read nor change', async () => {
    const before = await stored(admin);
    const asSupervisor = await read(supervisor);
    expect(asSupervisor.statusCode).toBe(200);
    expect(asSupervisor.json<CenterCompanySettings>().editable).toBe(false);
    expect((await patch(supervisor, { broadcast_max: 5 })).statusCode).toBe(403);
    const preview = (actor: Actor) =>
      injectAs(t.app, actor, { method: 'GET', url: '/api/center/company/retention-preview?months=3' });
    expect((await preview(supervisor)).statusCode).toBe(403);
    expect((await read(attendant)).statusCode).toBe(403);
    expect((await patch(attendant, { broadcast_max: 5 })).statusCode).toBe(403);
    expect((await preview(attendant)).statusCode).toBe(403);
    expect((await preview(admin)).statusCode).toBe(200);
    expect(await stored(admin)).toEqual(before);
  });

  it('tells the widget whether the company attends now, by its hours and holidays in its zone', async () => {
    await makeChatWidget(t.database.db, other.company.id, 'settings-widget');
    const config = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/widget/settings-widget/config' })).json<WidgetConfig>();
    expect((await config()).open).toBe(true);
    expect((await patch(other, { business_hours: closedAllWeek })).statusCode).toBe(200);
    expect((await config()).open).toBe(false);
    expect((await patch(other, { business_hours: openAllWeek })).statusCode).toBe(200);
    expect((await config()).open).toBe(true);
    // Today in the company's zone is a holiday: closed whatever the hours.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await patch(other, { holidays: [{ date: today, name: 'Feriado' }] })).statusCode).toBe(200);
    expect((await config()).open).toBe(false);
  });

  it('writes who changed which setting to the audit log', async () => {
    const page = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit' })
    ).json<AuditPage>();
    const changes = page.data.filter((event) => event.kind === 'company_settings_changed').reverse();
    expect(changes.every((event) => event.actor_id === admin.user.id)).toBe(true);
    expect(changes.map((event) => event.details.field)).toEqual([
      'timezone',
      'currency',
      'language',
      'business_hours',
      'holidays',
      'service_level_seconds',
      'broadcast_max',
      'retention_months',
      'retention_months',
    ]);
    expect(changes[0]!.details).toEqual({
      field: 'timezone',
      from: 'America/Sao_Paulo',
      to: 'Europe/Lisbon',
    });
    expect(changes[3]!.details).toEqual({ field: 'business_hours', from: null, to: null });
    expect(changes.at(-1)!.details).toEqual({ field: 'retention_months', from: 24, to: null });
  });
});

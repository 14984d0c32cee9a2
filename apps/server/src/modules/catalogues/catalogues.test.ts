import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCompanyBySlug } from '../companies/service.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs } from '../../../test/factories.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(t.database.db)).toBe(true);
  expect(await seedDemo(t.database.db)).toBe(false);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { company: 'demo', username: 'attendant', password: DEMO_PASSWORD },
  });
  token = response.json().access_token;
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await injectAs(t.app, { token }, { method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>[];
};

describe('catalogues of the demo company', () => {
  it('every demo user logs in with demo1234', async () => {
    for (const username of ['admin', 'supervisor', 'attendant', 'attendant2', 'root']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { company: 'Demo', username, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, username).toBe(200);
    }
  });

  it('lists channels of every kind', async () => {
    const channels = await get('/api/channels');
    expect(new Set(channels.map((c) => c.kind))).toEqual(
      new Set([
        'email',
        'sms',
        'whatsapp',
        'chat',
        'messenger',
        'telegram',
        'voice',
        'instagram_direct',
        'viber',
      ]),
    );
    expect(channels[0]).toEqual({
      id: expect.any(String),
      kind: expect.any(String),
      name: expect.any(String),
      address: expect.any(String),
    });
  });

  it.each([
    ['/api/events/actions', 'Venda realizada', ['amount', 'annotation_required']],
    ['/api/wallets', 'Varejo', []],
    ['/api/pause/reasons', 'Almoço', ['max_minutes']],
    ['/api/phone/reasons', 'Suporte técnico', []],
  ])('%s lists named entries in their order', async (url, expected, rules) => {
    const data = await get(url);
    expect(data.length).toBeGreaterThan(3);
    expect(data.map((item) => item.name)).toContain(expected);
    expect(Object.keys(data[0]!).sort()).toEqual(['id', 'name', ...rules].sort());
  });

  it('lists the attendant’s own phrase, then the company’s', async () => {
    const data = await get('/api/v2/phrases');
    expect(data.map((phrase) => phrase.scope)).toEqual(['own', ...Array<string>(6).fill('company')]);
    expect(data[0]).toMatchObject({ editable: true, title: null });
    expect(data[1]).toEqual({
      id: expect.any(String),
      text: 'Olá! Obrigado por entrar em contato. Como posso ajudar?',
      author_id: null,
      editable: false,
      scope: 'company',
      title: 'Saudação',
    });
  });

  it('filters responsibles by search, role, ids and online state', async () => {
    const all = await get('/api/responsibles');
    // Ordered by name: Juliana, Marina, Pedro, Ricardo, Suporte.
    expect(all.map((r) => r.username)).toEqual(['attendant', 'admin', 'attendant2', 'supervisor', 'root']);
    expect((await get('/api/responsibles?search=ouza')).map((r) => r.username)).toEqual(['attendant']);
    expect((await get('/api/responsibles?role=admin,supervisor')).map((r) => r.role).sort()).toEqual([
      'admin',
      'supervisor',
    ]);
    const [first] = all;
    expect((await get(`/api/responsibles?ids=${String(first!.id)}`)).length).toBe(1);
    expect(await get('/api/responsibles?online=true')).toEqual([]);
    expect((await get('/api/responsibles?online=false')).length).toBe(5);
    const bad = await injectAs(t.app, { token }, { method: 'GET', url: '/api/responsibles?role=king' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('role.0');
  });
});

describe('GET /api/resources', () => {
  it('answers the defaults before login, and the company branding when known', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/resources' });
    expect(anonymous.json()).toMatchObject({
      company: null,
      color_light: '#29a4ff',
      color_dark: '#448aff',
      logo: '/brand/logo.svg',
      favicon: '/favicon.svg',
      accounts_url: null,
      live_defaults: { language: 'pt_br', timezone: 'America/Sao_Paulo', currency: 'BRL' },
    });
    const demo = (await findCompanyBySlug(t.database.db, 'demo'))!;
    const { companies } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(companies)
      .set({
        host: 'atende.demo.example',
        branding: { color_light: '#ff6600', logo: 'https://cdn.example/logo.svg' },
      })
      .where(eq(companies.id, demo.id));

    const byName = (await t.app.inject({ method: 'GET', url: '/api/resources?company=DEMO' })).json();
    // Before login the company is never named: its branding applies, and an unknown name answers the
    // defaults in the same shape.
    expect(byName).toMatchObject({
      company: null,
      color_light: '#ff6600',
      color_dark: '#448aff',
      logo: 'https://cdn.example/logo.svg',
    });
    const byHost = (
      await t.app.inject({
        method: 'GET',
        url: '/api/resources',
        headers: { host: 'atende.demo.example:3000' },
      })
    ).json();
    expect(byHost).toMatchObject({ company: null, color_light: '#ff6600' });
    const unknown = (await t.app.inject({ method: 'GET', url: '/api/resources?company=nobody' })).json();
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(byName).sort());
    expect(unknown).toMatchObject({ company: null, color_light: '#29a4ff' });
    expect(JSON.stringify(byName)).not.toContain(demo.id);
    const byToken = (await injectAs(t.app, { token }, { method: 'GET', url: '/api/resources' })).json();
    expect(byToken.company?.id).toBe(demo.id);
    const staleToken = await t.app.inject({
      method: 'GET',
      url: '/api/resources',
      headers: { authorization: 'Bearer stale' },
    });
    expect(staleToken.statusCode).toBe(200);
  });
});

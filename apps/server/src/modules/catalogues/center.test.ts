import {
  CATALOGUES,
  type AuditEvent,
  type Catalogue,
  type CatalogueEntry,
  type CataloguePage,
} from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let attendant: Actor;
let stranger: Actor;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

/** What an entry needs beyond its name, by catalogue: a phrase's text. */
const REQUIRED: Partial<Record<Catalogue, Record<string, unknown>>> = {
  phrases: { text: 'Olá! Como posso ajudar?' },
};
const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  // An entry's name (created or replaced) goes with what its catalogue requires, unless the test sends it.
  const required = REQUIRED[url.split(/[/?]/)[0] as Catalogue];
  const body =
    payload && typeof payload === 'object' && 'name' in payload ? { ...required, ...payload } : payload;
  return injectAs(t.app, actor, {
    method,
    url: `/api/center/catalogues/${url}`,
    headers: { 'accept-language': 'en' },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
};
const names = (page: CataloguePage) => page.data.map((entry) => entry.name);
const create = async (catalogue: string, name: string, extra: Record<string, unknown> = {}) => {
  const response = await call(admin, 'POST', catalogue, { name, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CatalogueEntry>();
};

describe.each(CATALOGUES)('the %s catalogue in the Center', (catalogue) => {
  it('creates, edits, moves, archives and unarchives, each audited', async () => {
    const first = await create(catalogue, 'Alfa');
    const second = await create(catalogue, 'Bravo');
    const third = await create(catalogue, 'Charlie');
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);

    const renamed = await call(admin, 'PUT', `${catalogue}/${second.id}`, { name: '  Beta ' });
    expect(renamed.json()).toMatchObject({ name: 'Beta', position: 1 });
    const moved = await call(admin, 'POST', `${catalogue}/${third.id}/move`, { position: 0 });
    expect(moved.json()).toMatchObject({ name: 'Charlie', position: 0 });
    expect(names((await call(admin, 'GET', catalogue)).json())).toEqual(['Charlie', 'Alfa', 'Beta']);

    const archived = await call(admin, 'POST', `${catalogue}/${first.id}/archive`);
    expect(archived.json<CatalogueEntry>().archived_at).not.toBeNull();
    expect(names((await call(admin, 'GET', catalogue)).json())).toEqual(['Charlie', 'Beta']);
    expect(names((await call(admin, 'GET', `${catalogue}?archived=true`)).json())).toEqual([
      'Charlie',
      'Alfa',
      'Beta',
    ]);
    // Archiving twice changes nothing and audits nothing.
    await call(admin, 'POST', `${catalogue}/${first.id}/archive`);
    const back = await call(admin, 'POST', `${catalogue}/${first.id}/unarchive`);
    expect(back.json()).toMatchObject({ archived_at: null, position: 1 });

    const audit = (await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit?limit=200' }))
      .json()
      .data.filter((event: AuditEvent) => event.details.catalogue === catalogue)
      .reverse() as AuditEvent[];
    expect(audit.map((event) => [event.kind, event.subject])).toEqual([
      ['catalogue_created', 'Alfa'],
      ['catalogue_created', 'Bravo'],
      ['catalogue_created', 'Charlie'],
      ['catalogue_updated', 'Beta'],
      ['catalogue_moved', 'Charlie'],
      ['catalogue_archived', 'Alfa'],
      ['catalogue_unarchived', 'Alfa'],
    ]);
    expect(audit[3]).toMatchObject({
      actor_id: admin.user.id,
      details: { catalogue, entry_id: second.id, previous_name: 'Bravo' },
    });
    expect(audit[4]!.details).toMatchObject({ position: 0 });
  });

  it('pages, sorts by name or order and searches by name', async () => {
    for (const name of ['Zulu', 'yankee', 'Xray']) await create(catalogue, name);
    const byName = (await call(admin, 'GET', `${catalogue}?sort=name&limit=2`)).json<CataloguePage>();
    expect(byName.data).toHaveLength(2);
    expect(byName.total).toBeGreaterThanOrEqual(6);
    const desc = (await call(admin, 'GET', `${catalogue}?sort=name&direction=desc&limit=3`)).json();
    expect(names(desc)).toEqual(['Zulu', 'yankee', 'Xray']);
    const next = (await call(admin, 'GET', `${catalogue}?sort=name&direction=desc&limit=3&offset=1`)).json();
    expect(names(next)[0]).toBe('yankee');
    const found = (await call(admin, 'GET', `${catalogue}?search=ANK`)).json<CataloguePage>();
    expect(found).toMatchObject({ total: 1, data: [{ name: 'yankee' }] });
    expect((await call(admin, 'GET', `${catalogue}?search=%25`)).json().total).toBe(0);
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const before = (await call(admin, 'GET', `${catalogue}?archived=true`)).json<CataloguePage>();
    const empty = await call(admin, 'POST', catalogue, { name: ' \u200b ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'name', message: expect.stringContaining('required') });
    const long = await call(admin, 'POST', catalogue, { name: 'x'.repeat(121) });
    expect(long.json()).toMatchObject({ field: 'name', message: expect.stringContaining('120') });
    const taken = await call(admin, 'POST', catalogue, { name: 'ALFA' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'catalogue_name_taken',
      message: '“ALFA” already exists in this list (perhaps archived): choose another name.',
    });
    const beta = before.data.find((entry) => entry.name === 'Beta')!;
    expect((await call(admin, 'PUT', `${catalogue}/${beta.id}`, { name: 'charlie' })).statusCode).toBe(409);
    expect((await call(admin, 'POST', `${catalogue}/${beta.id}/move`, { position: -1 })).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'GET', `${catalogue}?sort=colour`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${catalogue}?archived=true`)).json()).toEqual(before);
  });

  it('answers 404 for another company’s entry, whoever asks', async () => {
    const foreign = (await call(stranger, 'POST', catalogue, { name: 'Alheio' })).json<CatalogueEntry>();
    for (const actor of [admin, supervisor, attendant]) {
      expect((await call(actor, 'PUT', `${catalogue}/${foreign.id}`, { name: 'Meu' })).statusCode).toBe(404);
      expect((await call(actor, 'POST', `${catalogue}/${foreign.id}/move`, { position: 0 })).statusCode).toBe(
        404,
      );
      expect((await call(actor, 'POST', `${catalogue}/${foreign.id}/archive`)).statusCode).toBe(404);
      expect((await call(actor, 'POST', `${catalogue}/${foreign.id}/unarchive`)).statusCode).toBe(404);
    }
    expect(names((await call(admin, 'GET', `${catalogue}?archived=true`)).json())).not.toContain('Alheio');
    expect(names((await call(stranger, 'GET', catalogue)).json())).toEqual(['Alheio']);
  });

  it('lets supervisors read only, and attendants not at all', async () => {
    const [entry] = (await call(admin, 'GET', catalogue)).json<CataloguePage>().data;
    expect((await call(supervisor, 'GET', catalogue)).statusCode).toBe(200);
    for (const actor of [supervisor, attendant]) {
      expect((await call(actor, 'POST', catalogue, { name: 'Novo' })).statusCode).toBe(403);
      expect((await call(actor, 'PUT', `${catalogue}/${entry!.id}`, { name: 'Novo' })).statusCode).toBe(403);
      expect((await call(actor, 'POST', `${catalogue}/${entry!.id}/move`, { position: 3 })).statusCode).toBe(
        403,
      );
      expect((await call(actor, 'POST', `${catalogue}/${entry!.id}/archive`)).statusCode).toBe(403);
    }
    expect((await call(attendant, 'GET', catalogue)).statusCode).toBe(403);
  });
});

describe('catalogue rules and the console', () => {
  it('keeps a pause reason’s maximum duration, bounded, and offers it to the console', async () => {
    const reason = await create('pause_reasons', 'Treinamento', { max_minutes: 45 });
    expect(reason).toMatchObject({ max_minutes: 45, amount: null, annotation_required: null });
    for (const max_minutes of [0, 1441, 2.5, '30']) {
      const bad = await call(admin, 'PUT', `pause_reasons/${reason.id}`, {
        name: 'Treinamento',
        max_minutes,
      });
      expect(bad.json(), String(max_minutes)).toMatchObject({ field: 'max_minutes' });
    }
    const offered = await injectAs(t.app, attendant, { method: 'GET', url: '/api/pause/reasons' });
    expect(offered.json().data).toContainEqual({ id: reason.id, name: 'Treinamento', max_minutes: 45 });
    const unlimited = await call(admin, 'PUT', `pause_reasons/${reason.id}`, { name: 'Treinamento' });
    expect(unlimited.json().max_minutes).toBeNull();
  });

  it('keeps an event action’s value and annotation rules and offers them to the console', async () => {
    const action = await create('event_actions', 'Venda', { amount: 'required', annotation_required: true });
    expect(action).toMatchObject({ amount: 'required', annotation_required: true, max_minutes: null });
    const bad = await call(admin, 'PUT', `event_actions/${action.id}`, { name: 'Venda', amount: 'maybe' });
    expect(bad.json()).toMatchObject({ field: 'amount' });
    const offered = await injectAs(t.app, attendant, { method: 'GET', url: '/api/events/actions' });
    expect(offered.json().data).toContainEqual({
      id: action.id,
      name: 'Venda',
      amount: 'required',
      annotation_required: true,
    });
  });

  it('stops offering archived entries to the console and tells open consoles of every change', async () => {
    const socket = await connectSocket(baseUrl, attendant.token);
    try {
      const wallet = await create('wallets', 'Atacado');
      await socket.next('catalogue.changed', (event: { catalogue: string }) => event.catalogue === 'wallets');
      const offered = async () =>
        (await injectAs(t.app, attendant, { method: 'GET', url: '/api/wallets' })).json().data as {
          name: string;
        }[];
      expect((await offered()).map((entry) => entry.name)).toContain('Atacado');
      socket.received.length = 0;
      await call(admin, 'POST', `wallets/${wallet.id}/archive`);
      await socket.next('catalogue.changed', (event: { catalogue: string }) => event.catalogue === 'wallets');
      expect((await offered()).map((entry) => entry.name)).not.toContain('Atacado');
    } finally {
      socket.close();
    }
  });
});

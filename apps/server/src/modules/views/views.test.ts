import { SAVED_VIEWS_MAX, type SavedList, type SavedView } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;

const list: SavedList = {
  filter: 'mine',
  only_my_segments: false,
  order: 'critical',
  direction: 'desc',
  filters: { priority: ['high'], channel: ['whatsapp', 'email'], critical: true },
};

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url, payload, headers: { 'accept-language': 'pt-BR' } });
const views = async (actor: Actor) =>
  ((await call(actor, 'GET', '/api/views')).json() as { data: SavedView[] }).data;

describe('saved views', () => {
  it('saves, lists, renames, re-saves and deletes a user’s own views', async () => {
    const created = await call(me, 'POST', '/api/views', { name: 'Urgentes', list });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json() as SavedView;
    expect(view).toMatchObject({ name: 'Urgentes', list });
    await call(me, 'POST', '/api/views', {
      name: 'adiados',
      list: { ...list, filters: { status: ['snoozed'] } },
    });
    expect((await views(me)).map((v) => v.name)).toEqual(['adiados', 'Urgentes']);

    const renamed = await call(me, 'PATCH', `/api/views/${view.id}`, { name: 'Críticos' });
    expect(renamed.json()).toMatchObject({ name: 'Críticos', list });
    const resaved = await call(me, 'PATCH', `/api/views/${view.id}`, { list: { ...list, order: 'name' } });
    expect((resaved.json() as SavedView).list.order).toBe('name');

    expect((await call(me, 'DELETE', `/api/views/${view.id}`)).statusCode).toBe(200);
    expect((await views(me)).map((v) => v.name)).toEqual(['adiados']);
    expect((await call(me, 'DELETE', `/api/views/${view.id}`)).statusCode).toBe(404);
  });

  it('keeps each user’s views their own: a colleague neither sees nor changes them', async () => {
    const view = (await call(me, 'POST', '/api/views', { name: 'Minha', list })).json() as SavedView;
    expect(await views(colleague)).toEqual([]);
    expect((await call(colleague, 'PATCH', `/api/views/${view.id}`, { name: 'Tomada' })).statusCode).toBe(
      404,
    );
    expect((await call(colleague, 'DELETE', `/api/views/${view.id}`)).statusCode).toBe(404);
    // The same name is free for someone else.
    expect((await call(colleague, 'POST', '/api/views', { name: 'Minha', list })).statusCode).toBe(201);
    expect((await views(me)).find((v) => v.id === view.id)?.name).toBe('Minha');
  });

  it('refuses a taken name (any case), bad lists and names, and more than the limit, in the caller’s language', async () => {
    const actor = await makeActor(t.app, t.database.db, 'supervisor');
    await call(actor, 'POST', '/api/views', { name: 'Fila', list });
    const taken = await call(actor, 'POST', '/api/views', { name: 'FILA', list });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'saved_view_name_taken',
      message: 'Você já tem uma visão com este nome.',
    });

    for (const payload of [
      { name: '   ', list },
      { name: 'x'.repeat(61), list },
      { name: 'Ruim', list: { ...list, filters: { priority: ['urgent'] } } },
      { name: 'Ruim', list: { ...list, order: 'random' } },
    ]) {
      const refused = await call(actor, 'POST', '/api/views', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect((refused.json() as { code: string }).code).toBe('validation_failed');
    }
    expect((await call(actor, 'PATCH', `/api/views/${(await views(actor))[0]!.id}`, {})).statusCode).toBe(
      400,
    );

    for (let i = 1; i < SAVED_VIEWS_MAX; i++) {
      expect((await call(actor, 'POST', '/api/views', { name: `Visão ${i}`, list })).statusCode).toBe(201);
    }
    const over = await call(actor, 'POST', '/api/views', { name: 'Uma a mais', list });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'saved_view_limit',
      message: `Você pode guardar no máximo ${SAVED_VIEWS_MAX} visões: exclua uma antes.`,
    });
    expect(await views(actor)).toHaveLength(SAVED_VIEWS_MAX);
  });
});

import type { Phrase } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', me.company);
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = '', payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api/v2/phrases${url}`, payload });

describe('ready phrases', () => {
  it('creates, searches, edits and deletes; only the author or a supervisor may change one', async () => {
    const created = await call(me, 'POST', '', { text: '  Seu pedido já saiu para entrega.  ' });
    expect(created.statusCode).toBe(201);
    const phrase: Phrase = created.json();
    expect(phrase).toMatchObject({
      text: 'Seu pedido já saiu para entrega.',
      author_id: me.user.id,
      editable: true,
    });
    await call(colleague, 'POST', '', { text: 'Bom dia! Como posso ajudar?' });

    expect((await call(me, 'GET', '?search=ENTREGA')).json().data.map((p: Phrase) => p.text)).toEqual([
      'Seu pedido já saiu para entrega.',
    ]);
    const seenByColleague = (await call(colleague, 'GET'))
      .json()
      .data.find((p: Phrase) => p.id === phrase.id);
    expect(seenByColleague.editable).toBe(false);

    expect((await call(colleague, 'PUT', `/${phrase.id}`, { text: 'mudada' })).statusCode).toBe(403);
    expect((await call(colleague, 'DELETE', `/${phrase.id}`)).statusCode).toBe(403);
    expect(
      (await call(supervisor, 'PUT', `/${phrase.id}`, { text: 'Seu pedido saiu para entrega hoje.' })).json()
        .text,
    ).toBe('Seu pedido saiu para entrega hoje.');
    expect((await call(me, 'DELETE', `/${phrase.id}`)).json()).toEqual({ ok: true });
    expect((await call(me, 'GET')).json().data.map((p: Phrase) => p.id)).not.toContain(phrase.id);
    expect((await call(me, 'DELETE', `/${phrase.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty phrase with the field named', async () => {
    expect((await call(me, 'POST', '', { text: '   ' })).json()).toMatchObject({
      code: 'validation_failed',
      field: 'text',
    });
  });
});

import type { Phrase } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', me.company);
  admin = await makeActor(t.app, t.database.db, 'admin', me.company);
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = '', payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api/v2/phrases${url}`, payload });
const center = (method: 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, admin, { method, url: `/api/center/catalogues/phrases${url}`, payload: payload ?? {} });
const texts = async (actor: Actor, query = '') =>
  (await call(actor, 'GET', query)).json<{ data: Phrase[] }>().data.map((p) => p.text);

describe('own ready phrases', () => {
  it('creates, searches, edits and deletes; only the author sees and changes one', async () => {
    const created = await call(me, 'POST', '', { text: '  Seu pedido já saiu para entrega.  ' });
    expect(created.statusCode).toBe(201);
    const phrase: Phrase = created.json();
    expect(phrase).toMatchObject({
      text: 'Seu pedido já saiu para entrega.',
      author_id: me.user.id,
      editable: true,
      scope: 'own',
      title: null,
    });
    await call(colleague, 'POST', '', { text: 'Bom dia! Como posso ajudar?' });

    expect(await texts(me, '?search=ENTREGA')).toEqual(['Seu pedido já saiu para entrega.']);
    // Own phrases are private: a colleague, even a supervisor, neither sees nor reaches one.
    expect(await texts(colleague)).not.toContain(phrase.text);
    expect(await texts(supervisor)).not.toContain(phrase.text);
    for (const other of [colleague, supervisor]) {
      expect((await call(other, 'PUT', `/${phrase.id}`, { text: 'mudada' })).statusCode).toBe(404);
      expect((await call(other, 'DELETE', `/${phrase.id}`)).statusCode).toBe(404);
    }
    expect(
      (await call(me, 'PUT', `/${phrase.id}`, { text: 'Seu pedido saiu para entrega hoje.' })).json().text,
    ).toBe('Seu pedido saiu para entrega hoje.');
    expect((await call(me, 'DELETE', `/${phrase.id}`)).json()).toEqual({ ok: true });
    expect((await call(me, 'GET')).json().data.map((p: Phrase) => p.id)).not.toContain(phrase.id);
    expect((await call(me, 'DELETE', `/${phrase.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty or too long phrase with the field named', async () => {
    expect((await call(me, 'POST', '', { text: '   ' })).json()).toMatchObject({
      code: 'validation_failed',
      field: 'text',
    });
    expect((await call(me, 'POST', '', { text: 'x'.repeat(2001) })).json()).toMatchObject({ field: 'text' });
  });
});

describe('the company’s ready phrases', () => {
  it('are offered to everyone after their own, marked, in the company’s order, searched by title or text', async () => {
    const own = (await call(me, 'POST', '', { text: 'Minha frase de sempre' })).json<Phrase>();
    const second = (
      await center('POST', '', { name: 'Prazo', text: 'O prazo de entrega é de 3 dias úteis.' })
    ).json();
    const first = (
      await center('POST', '', { name: 'Boas-vindas', text: 'Olá {{first_name}}, bem-vindo!' })
    ).json();
    await center('POST', `/${first.id}/move`, { position: 0 });

    const listed = (await call(me, 'GET')).json<{ data: Phrase[] }>().data;
    expect(listed.map((p) => [p.scope, p.title ?? p.text])).toEqual([
      ['own', own.text],
      ['company', 'Boas-vindas'],
      ['company', 'Prazo'],
    ]);
    expect(listed[1]).toEqual({
      id: first.id,
      text: 'Olá {{first_name}}, bem-vindo!',
      author_id: null,
      editable: false,
      scope: 'company',
      title: 'Boas-vindas',
    });
    expect(await texts(colleague, '?search=prazo')).toEqual(['O prazo de entrega é de 3 dias úteis.']);
    expect(await texts(colleague, '?search=bem-vindo')).toEqual(['Olá {{first_name}}, bem-vindo!']);

    // Archived, a company phrase is no longer offered; back, it is again.
    await center('POST', `/${second.id}/archive`);
    expect(await texts(me)).not.toContain('O prazo de entrega é de 3 dias úteis.');
    await center('POST', `/${second.id}/unarchive`);
    expect(await texts(me)).toContain('O prazo de entrega é de 3 dias úteis.');
  });

  it('may be used but not changed by attendants (nor supervisors) through the phrases API', async () => {
    const shared = (await center('POST', '', { name: 'Horário', text: 'Atendemos das 8h às 18h.' })).json();
    for (const actor of [me, supervisor, admin]) {
      const edit = await call(actor, 'PUT', `/${shared.id}`, { text: 'Atendemos 24h.' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({ code: 'forbidden' });
      expect((await call(actor, 'DELETE', `/${shared.id}`)).statusCode).toBe(403);
    }
    expect(await texts(me)).toContain('Atendemos das 8h às 18h.');
  });

  it('keep titles unique and a text required, refused with the field named', async () => {
    await center('POST', '', { name: 'Pix', text: 'Nossa chave Pix é o CNPJ.' });
    const taken = await center('POST', '', { name: 'PIX', text: 'Outra' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'catalogue_name_taken' });
    expect((await center('POST', '', { name: 'Sem texto' })).json()).toMatchObject({ field: 'text' });
    expect((await center('POST', '', { name: 'Vazio', text: ' \u200b ' })).json()).toMatchObject({
      field: 'text',
    });
    expect((await center('POST', '', { name: 'Longo', text: 'x'.repeat(2001) })).json()).toMatchObject({
      field: 'text',
    });
    expect(await texts(me)).not.toContain('Outra');
  });
});

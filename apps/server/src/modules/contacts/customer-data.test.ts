import type { Contact } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let me: Actor;
let supervisor: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', me.company);
});
afterAll(() => t.close());

const edit = (actor: Actor, id: string, payload: object) =>
  injectAs(t.app, actor, { method: 'POST', url: `/api/conversation/${id}`, payload });

describe('customer data', () => {
  it('edits fields; documents are stored normalised and checked', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const edited: Contact = (
      await edit(me, contact.id, {
        name: 'Maria da Silva',
        document: '123.456.789-09',
        code: 'CLI-9',
        tag: 'Recife',
        priority: 'high',
        reason: 'Cobrança indevida',
      })
    ).json();
    expect(edited).toMatchObject({
      name: 'Maria da Silva',
      document: '12345678909',
      code: 'CLI-9',
      tag: 'Recife',
      priority: 'high',
      reason: 'Cobrança indevida',
    });
    for (const document of ['11.222.333/0001-81', '20-12345678-6', '12345678']) {
      expect((await edit(me, contact.id, { document })).statusCode).toBe(200);
    }
    const wrong = await edit(me, contact.id, { document: '123.456.789-00' });
    expect(wrong.json()).toEqual({
      code: 'invalid_document',
      message: 'Documento inválido: confira os dígitos (CPF, CNPJ, DNI ou CUIT).',
    });
    const cleared: Contact = (await edit(me, contact.id, { document: '', code: null })).json();
    expect(cleared).toMatchObject({ document: null, code: null });
    expect((await edit(me, contact.id, {})).json().message).toBe('Informe ao menos um campo para alterar.');
  });

  it('changing the responsible needs change_responsible; giving a contact back puts it in the queue', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    expect((await edit(me, contact.id, { responsible_id: supervisor.user.id })).statusCode).toBe(403);
    const socket = await connectSocket(baseUrl, me.token);
    const released: Contact = (await edit(supervisor, contact.id, { responsible_id: null })).json();
    expect(released).toMatchObject({ responsible: null, on_queue: true });
    await socket.next<{ contact_id: string; responsible_id: string | null }>(
      'contact.assigned',
      (e) => e.contact_id === contact.id && e.responsible_id === null,
    );
    const assigned: Contact = (await edit(supervisor, contact.id, { responsible_id: me.user.id })).json();
    expect(assigned).toMatchObject({ responsible: { id: me.user.id }, on_queue: false });
    const stranger = await makeActor(t.app, t.database.db, 'attendant');
    expect((await edit(supervisor, contact.id, { responsible_id: stranger.user.id })).statusCode).toBe(404);
    socket.close();
  });

  it('adds segments by id or by a new name, and removes them', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const [wallet] = await t.database.db
      .insert(wallets)
      .values({ companyId: me.company.id, name: 'Varejo' })
      .returning();
    const url = `/api/conversation/${contact.id}/wallets`;
    await injectAs(t.app, me, { method: 'POST', url, payload: { wallet_id: wallet!.id } });
    const both: Contact = (
      await injectAs(t.app, me, { method: 'POST', url, payload: { wallet_name: 'Inadimplentes' } })
    ).json();
    expect(both.segments.map((s) => s.wallet_name)).toEqual(['Inadimplentes', 'Varejo']);
    const again: Contact = (
      await injectAs(t.app, me, { method: 'POST', url, payload: { wallet_id: wallet!.id } })
    ).json();
    expect(again.segments).toHaveLength(2);
    const removed: Contact = (
      await injectAs(t.app, me, { method: 'DELETE', url: `${url}/${wallet!.id}` })
    ).json();
    expect(removed.segments.map((s) => s.wallet_name)).toEqual(['Inadimplentes']);
    expect((await injectAs(t.app, me, { method: 'POST', url, payload: {} })).statusCode).toBe(400);
  });
});

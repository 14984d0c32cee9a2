import type { Contact } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccounts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let lines: Record<'whatsapp' | 'email' | 'sms', string>;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  const rows = await t.database.db
    .insert(channelAccounts)
    .values([
      { companyId: me.company.id, kind: 'whatsapp', name: 'WhatsApp' },
      { companyId: me.company.id, kind: 'email', name: 'E-mail' },
      { companyId: me.company.id, kind: 'sms', name: 'SMS' },
    ])
    .returning();
  lines = Object.fromEntries(rows.map((row) => [row.kind, row.id])) as typeof lines;
});
afterAll(() => t.close());

const post = (url: string, payload: object, actor: Actor = me) =>
  injectAs(t.app, actor, { method: 'POST', url, payload });
const listedMainChannel = async (contactId: string) => {
  const page = await injectAs(t.app, me, { method: 'GET', url: '/api/contacts?filter=mine&limit=100' });
  return page.json().data.find((summary: { id: string }) => summary.id === contactId)?.main_channel;
};
const mainOf = (contact: Contact, type: string) => contact.channels.filter((c) => c.type === type && c.main);

describe('channel maintenance', () => {
  it('adds channels: the first of a kind is main, later ones alternatives', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: 'whatsapp', address: '5511911110000' },
    });
    const added = await post(`/api/conversation/${contact.id}/channels`, {
      type: 'whatsapp',
      address: '+55 11 92222-0000',
      output_line_id: lines.whatsapp,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().channels).toHaveLength(2);
    expect(mainOf(added.json(), 'whatsapp').map((c) => c.address)).toEqual(['5511911110000']);
    const email = await post(`/api/conversation/${contact.id}/channels`, {
      type: 'email',
      address: 'Cliente@Exemplo.com.br',
      output_line_id: lines.email,
    });
    expect(mainOf(email.json(), 'email').map((c) => c.address)).toEqual(['cliente@exemplo.com.br']);
  });

  it('validates a new channel: response line, address, duplicates', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const url = `/api/conversation/${contact.id}/channels`;
    expect((await post(url, { type: 'sms', address: '5511933330000' })).json()).toMatchObject({
      field: 'output_line_id',
      message: 'Informe o campo “linha de resposta”.',
    });
    expect(
      (await post(url, { type: 'sms', address: 'abc-def', output_line_id: lines.sms })).json().code,
    ).toBe('invalid_channel_address');
    expect(
      (await post(url, { type: 'sms', address: '5511933330000', output_line_id: lines.email })).json().code,
    ).toBe('output_line_mismatch');
    expect(
      (await post(url, { type: 'sms', address: '5511933330000', output_line_id: lines.sms })).statusCode,
    ).toBe(201);
    const again = await post(url, {
      type: 'sms',
      address: '(11) 93333-0000'.replace('(', '55 ('),
      output_line_id: lines.sms,
    });
    expect(again.json()).toEqual({
      code: 'channel_already_registered',
      message: 'Este canal já está cadastrado na configuração de um contato.',
    });
  });

  it('making a channel main demotes the other main of its kind only', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: 'whatsapp', address: '5511944440000' },
    });
    await post(`/api/conversation/${contact.id}/channels`, {
      type: 'email',
      address: 'a@b.com.br',
      output_line_id: lines.email,
    });
    const withSecond: Contact = (
      await post(`/api/conversation/${contact.id}/channels`, {
        type: 'whatsapp',
        address: '5511944441111',
        output_line_id: lines.whatsapp,
      })
    ).json();
    const second = withSecond.channels.find((c) => c.address === '5511944441111')!;
    const promoted: Contact = (
      await post(`/api/conversation/${contact.id}/channels/${second.id}/active`, { type: 'main' })
    ).json();
    expect(mainOf(promoted, 'whatsapp').map((c) => c.address)).toEqual(['5511944441111']);
    expect(mainOf(promoted, 'email')).toHaveLength(1);
    const demoted: Contact = (
      await post(`/api/conversation/${contact.id}/channels/${second.id}/active`, { type: 'alternative' })
    ).json();
    expect(mainOf(demoted, 'whatsapp')).toHaveLength(0);
    // The contact's main channel is its oldest main one: e-mail once the first WhatsApp is demoted.
    const mainChannels = [withSecond, promoted, demoted].map((c) => c.main_channel);
    expect(mainChannels).toEqual(['whatsapp', 'email', 'email']);
    expect(await listedMainChannel(contact.id)).toBe('email');
  });

  it('edits responsible and kind, and keeps the blacklist with its reason', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: 'sms', address: '5511955550000' },
    });
    const [channel] = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contact.id}` })
    ).json().channels;
    const base = `/api/conversation/${contact.id}/channels/${channel.id}`;
    const moved: Contact = (
      await post(`${base}/update`, { type: 'whatsapp', responsible_id: me.user.id })
    ).json();
    expect(moved.channels[0]).toMatchObject({
      type: 'whatsapp',
      address: '5511955550000',
      responsible_id: me.user.id,
      main: false,
    });
    expect([channel.type, moved.main_channel, await listedMainChannel(contact.id)]).toEqual([
      'sms',
      'whatsapp',
      'whatsapp',
    ]);
    expect((await post(`${base}/update`, {})).json().message).toBe('Informe ao menos um campo para alterar.');

    const blocked: Contact = (
      await post(`${base}/blacklist`, { blacklisted: true, reason: 'Pediu para não receber mensagens' })
    ).json();
    expect(blocked.channels[0]).toMatchObject({
      blacklisted: true,
      blacklist_reason: 'Pediu para não receber mensagens',
    });
    const send = await post(`/api/conversation/${contact.id}/messages`, { text: 'Olá' });
    expect(send.json().code).toBe('channel_blacklisted');
    const freed: Contact = (await post(`${base}/blacklist`, { blacklisted: false })).json();
    expect(freed.channels[0]).toMatchObject({ blacklisted: false, blacklist_reason: null });
  });

  it("refuses channels of contacts the user may not see, and other contacts' channels", async () => {
    const colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const other = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const [channel] = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${other.id}` })
    ).json().channels;
    expect(
      (await post(`/api/conversation/${contact.id}/channels/${channel.id}/active`, { type: 'main' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/conversation/${other.id}/channels/${channel.id}/active`, { type: 'main' }, colleague))
        .statusCode,
    ).toBe(404);
  });
});

// Message actions: a reply quoting a message, a private note, and deletion for everyone, against providers that
// declare what they can do (a stand-in that takes messages back, and one that cannot).
import type { ChannelKind, ItemsPage, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelAdapter } from '../../channels/adapter.ts';
import { contacts, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeContact,
  makeUser,
  loginAs,
  multipartBody,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

/** A provider stand-in recording what it was given; `deletes` says whether it can take a message back. */
function provider(deletes: boolean) {
  const sent: string[] = [];
  const deleted: (string | null)[] = [];
  const adapter: ChannelAdapter = {
    async send(message) {
      sent.push(message.text);
      return { providerMessageId: `prov-${message.messageId}` };
    },
    replyContext: false,
    deleteForEveryone: deletes
      ? async (message) => {
          deleted.push(message.providerMessageId);
        }
      : null,
  };
  return { sent, deleted, adapter };
}

const takesBack = provider(true);
const keepsIt = provider(false);
const ON_KEEPING: ChannelKind = 'telegram';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    adapters: (kind) => (kind === ON_KEEPING ? keepsIt.adapter : takesBack.adapter),
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
  const user = await makeUser(t.database.db, me.company, { role: 'supervisor' });
  colleague = { user, company: me.company, token: await loginAs(t.app, me.company, user) };
});
afterAll(() => t.close());

const send = (contactId: string, payload: object, actor: Actor = me) =>
  injectAs(t.app, actor, {
    method: 'POST',
    url: `/api/conversation/${contactId}/messages`,
    payload,
    headers: { 'accept-language': 'pt-BR' },
  });
const remove = (contactId: string, messageId: string, actor: Actor = me) =>
  injectAs(t.app, actor, {
    method: 'DELETE',
    url: `/api/conversation/${contactId}/messages/${messageId}`,
    headers: { 'accept-language': 'pt-BR' },
  });
const timeline = async (contactId: string): Promise<Message[]> =>
  (await injectAs(t.app, me, { url: `/api/conversation/${contactId}/items` }))
    .json<ItemsPage>()
    .data.flatMap((item) => (item.type === 'message' ? [item.message] : []));
const rowsOf = (contactId: string) =>
  t.database.db.select().from(messages).where(eq(messages.contactId, contactId));

async function statusOf(messageId: string, wanted: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
    if (row?.status === wanted) return row;
    if (Date.now() > deadline) throw new Error(`message ${messageId} stayed ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a reply quoting a message', () => {
  it('stores what it quotes and shows its excerpt in the timeline', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const first = (await send(contact.id, { text: 'Seu pedido é o 123?' })).json<Message>();
    const reply = await send(contact.id, { text: 'Confirmo o 123.', reply_to: first.id });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Message>().reply_to).toEqual({
      id: first.id,
      direction: 'out',
      text: 'Seu pedido é o 123?',
      deleted: false,
    });
    const shown = (await timeline(contact.id)).find((m) => m.id === reply.json<Message>().id);
    expect(shown?.reply_to?.text).toBe('Seu pedido é o 123?');
  });

  it('refuses a message of another conversation or company, translated, storing nothing', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const other = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const elsewhere = (await send(other.id, { text: 'Outra conversa' })).json<Message>();
    const stranger = await makeActor(t.app, t.database.db, 'attendant');
    const foreignContact = await makeContact(t.database.db, stranger.company, {
      responsibleId: stranger.user.id,
    });
    const foreign = (await send(foreignContact.id, { text: 'De outra empresa' }, stranger)).json<Message>();
    for (const quoted of [elsewhere.id, foreign.id]) {
      const refused = await send(contact.id, { text: 'Não deve ficar', reply_to: quoted });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'quoted_message_not_found',
        message: 'A mensagem citada não faz parte desta conversa.',
      });
    }
    expect(await rowsOf(contact.id)).toEqual([]);
    expect((await send(contact.id, { text: 'x', reply_to: 'not-an-id' })).statusCode).toBe(400);
  });
});

describe('a private note', () => {
  it('reaches no provider, leaves the conversation waiting, and shows to colleagues as a note', async () => {
    const waitingSince = new Date(Date.now() - 60_000);
    const contact = await makeContact(t.database.db, me.company, {
      unansweredSince: waitingSince,
      firstResponsePending: true,
      onQueue: true,
    });
    const socket = await connectSocket(baseUrl, colleague.token);
    expect(await socket.timeout(2000).emitWithAck('contact.watch', contact.id)).toBe(true);
    const before = (await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]!;

    const response = await send(contact.id, { text: 'Cliente difícil, cuidado', internal: true });
    expect(response.statusCode).toBe(201);
    const note = response.json<Message>();
    expect(note).toMatchObject({ internal: true, direction: 'out', status: 'sent' });
    const live = await socket.next<Message>('message.created', (m) => m.id === note.id);
    expect(live.internal).toBe(true);
    socket.close();

    // Whatever the worker does meanwhile, the note never reaches the provider.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(takesBack.sent).not.toContain('Cliente difícil, cuidado');
    expect(keepsIt.sent).not.toContain('Cliente difícil, cuidado');
    const after = (await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]!;
    expect(after).toMatchObject({
      lastMessageText: before.lastMessageText,
      lastMessageAt: before.lastMessageAt,
      unansweredSince: waitingSince,
      firstResponsePending: true,
      responsibleId: null,
      onQueue: true,
    });

    // The customer's side shows what a reply quotes: a note is quoted only by another note.
    const leak = await send(contact.id, { text: 'Resposta', reply_to: note.id });
    expect(leak.json()).toMatchObject({ code: 'quoted_message_not_found' });
    expect((await send(contact.id, { text: 'Anotado', reply_to: note.id, internal: true })).statusCode).toBe(
      201,
    );
  });
});

describe('delete for everyone', () => {
  it('takes the author’s message back from the provider and erases its text and files', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'foto.png', type: 'image/png', data: SAMPLE_PNG },
      { name: 'caption', value: 'Segue a foto' },
    ]);
    const sent = (
      await injectAs(t.app, me, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/file`,
        payload,
        headers,
      })
    ).json<Message>();
    await statusOf(sent.id, 'sent');
    const fileUrl = sent.attachments[0]!.url;
    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(200);
    const socket = await connectSocket(baseUrl, colleague.token);
    expect(await socket.timeout(2000).emitWithAck('contact.watch', contact.id)).toBe(true);

    // Only the author takes it back.
    expect((await remove(contact.id, sent.id, colleague)).json()).toMatchObject({
      code: 'message_not_deletable',
      message: 'Só é possível apagar as suas próprias mensagens, uma vez.',
    });
    const response = await remove(contact.id, sent.id);
    expect(response.statusCode).toBe(200);
    const deleted = response.json<Message>();
    expect(deleted).toMatchObject({ text: '', attachments: [] });
    expect(deleted.deleted_at).not.toBeNull();
    expect(takesBack.deleted).toContain(`prov-${sent.id}`);
    const live = await socket.next<Message>('message.updated', (m) => m.id === sent.id);
    expect(live.deleted_at).toBe(deleted.deleted_at);
    socket.close();

    expect((await t.app.inject({ url: fileUrl })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ deletedBy: me.user.id, text: '' });
    const [listed] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(listed!.lastMessageText).toBe('');
    // It keeps its place in the timeline; a second deletion changes nothing.
    expect((await timeline(contact.id)).map((m) => m.id)).toContain(sent.id);
    expect((await remove(contact.id, sent.id)).statusCode).toBe(400);
  });

  it('is refused where the channel cannot take a message back, but a note always can be', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: ON_KEEPING, address: '123456789' },
    });
    const sent = (await send(contact.id, { text: 'Fica no Telegram' })).json<Message>();
    await statusOf(sent.id, 'sent');
    const refused = await remove(contact.id, sent.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'channel_cannot_delete',
      message: 'Este canal não permite apagar uma mensagem já enviada ao cliente.',
    });
    const [kept] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, sent.id), eq(messages.companyId, me.company.id)));
    expect(kept).toMatchObject({ text: 'Fica no Telegram', deletedAt: null });

    const note = (await send(contact.id, { text: 'Nota a apagar', internal: true })).json<Message>();
    expect((await remove(contact.id, note.id, colleague)).statusCode).toBe(400);
    const gone = await remove(contact.id, note.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json<Message>()).toMatchObject({ internal: true, text: '' });
    expect(keepsIt.deleted).toEqual([]);
  });

  it('answers 404 for a message of another company', async () => {
    const stranger = await makeActor(t.app, t.database.db, 'attendant');
    const contact = await makeContact(t.database.db, stranger.company, { responsibleId: stranger.user.id });
    const theirs = (await send(contact.id, { text: 'Deles' }, stranger)).json<Message>();
    expect((await remove(contact.id, theirs.id)).statusCode).toBe(404);
    expect((await rowsOf(contact.id))[0]!.deletedAt).toBeNull();
  });
});

import type { ContactViewers, Item, Message, MessageMetaData } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeContact,
  multipartBody,
  SAMPLE_OGG_OPUS,
  type Actor,
} from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let baseUrl: string;
let contactId: string;
let messageId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
  // Unassigned and waiting: both attendants may open it.
  contactId = (await makeContact(t.database.db, me.company, { onQueue: true })).id;
  const [row] = await t.database.db
    .insert(messages)
    .values({
      companyId: me.company.id,
      contactId,
      kind: 'whatsapp',
      direction: 'in',
      text: 'Bom dia',
      providerMessageId: 'wamid.meta',
    })
    .returning();
  messageId = row!.id;
});
afterAll(() => t.close());

const url = (path: string) => `/api/conversation/${contactId}/messages/${messageId}/${path}`;

describe('message details', () => {
  it('toggles reactions per user and tells the open conversation', async () => {
    const socket = await connectSocket(baseUrl, colleague.token);
    expect(await socket.timeout(2000).emitWithAck('contact.watch', contactId)).toBe(true);
    const added: Message = (
      await injectAs(t.app, me, { method: 'POST', url: url('reaction'), payload: { emoji: '👍' } })
    ).json();
    expect(added.reactions).toEqual([{ emoji: '👍', user_id: me.user.id }]);
    await socket.next<Message>('message.updated', (m) => m.id === messageId && m.reactions.length === 1);
    const both: Message = (
      await injectAs(t.app, colleague, { method: 'POST', url: url('reaction'), payload: { emoji: '👍' } })
    ).json();
    expect(both.reactions).toHaveLength(2);
    // The timeline carries them too, oldest first, as the message itself does.
    const items = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contactId}/items` })
    ).json();
    const shown = items.data.find((item: Item) => item.type === 'message' && item.message.id === messageId);
    expect(shown.message.reactions).toEqual(both.reactions);
    const removed: Message = (
      await injectAs(t.app, me, { method: 'POST', url: url('reaction'), payload: { emoji: '👍' } })
    ).json();
    expect(removed.reactions).toEqual([{ emoji: '👍', user_id: colleague.user.id }]);
    expect(
      (await injectAs(t.app, me, { method: 'POST', url: url('reaction'), payload: { emoji: '' } }))
        .statusCode,
    ).toBe(400);
    socket.close();
  });

  it('shows the message data panel', async () => {
    const meta: MessageMetaData = (
      await injectAs(t.app, me, { method: 'GET', url: url('meta-data') })
    ).json();
    expect(meta).toMatchObject({
      id: messageId,
      direction: 'in',
      provider_message_id: 'wamid.meta',
      status: 'received',
      channel: { type: 'whatsapp' },
      sender: { type: 'customer' },
    });
  });

  it('transcription says clearly that it is not configured, and only for audio', async () => {
    const text = await injectAs(t.app, me, { method: 'POST', url: url('transcribe') });
    expect(text.json()).toEqual({
      code: 'not_audio',
      message: 'Só mensagens de áudio podem ser transcritas.',
    });
    const voice: Message = (
      await injectAs(t.app, me, {
        method: 'POST',
        url: `/api/conversation/${contactId}/audio`,
        ...multipartBody([{ name: 'file', filename: 'voz.ogg', type: 'audio/ogg', data: SAMPLE_OGG_OPUS }]),
      })
    ).json();
    const audio = await injectAs(t.app, me, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/${voice.id}/transcribe`,
    });
    expect(audio.json()).toEqual({
      code: 'transcription_not_configured',
      message: 'A transcrição de áudio não está configurada nesta empresa.',
    });
  });
});

describe('who is viewing and typing', () => {
  it('tells the room who has the conversation open and relays typing to the others', async () => {
    // A waiting customer of its own: the tests above answer theirs, and answering takes it (issue 20).
    const contactId = (await makeContact(t.database.db, me.company, { onQueue: true })).id;
    const mine = await connectSocket(baseUrl, me.token);
    const theirs = await connectSocket(baseUrl, colleague.token);
    await mine.timeout(2000).emitWithAck('contact.watch', contactId);
    await mine.next<ContactViewers>('contact.viewers', (e) => e.viewers.length === 1);
    await theirs.timeout(2000).emitWithAck('contact.watch', contactId);
    const both = await mine.next<ContactViewers>('contact.viewers', (e) => e.viewers.length === 2);
    expect(both.viewers.map((v) => v.id).sort()).toEqual([me.user.id, colleague.user.id].sort());

    theirs.emit('contact.typing', contactId);
    const typing = await mine.next<{ user: { id: string } }>('contact.typing');
    expect(typing.user.id).toBe(colleague.user.id);
    expect(theirs.received.some((e) => e.event === 'contact.typing')).toBe(false);

    theirs.close();
    await mine.next<ContactViewers>(
      'contact.viewers',
      (e) => e.viewers.length === 1 && e.viewers[0]!.id === me.user.id,
    );
    mine.close();
  });
});

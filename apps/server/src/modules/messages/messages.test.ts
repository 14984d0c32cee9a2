import type { MessageItem, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChannels, contacts, messages } from '../../db/schema/index.ts';
import { DeliveryError, type ChannelAdapter } from '../../channels/adapter.ts';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

/**
 * A provider stand-in whose answers the test scripts per message text: a text listed in `plan` fails once
 * (transiently or permanently), everything else is accepted.
 */
function scriptedProvider() {
  const plan = new Map<string, 'transient' | 'permanent'>();
  const sent: string[] = [];
  const adapter: ChannelAdapter = {
    async send(message) {
      const failure = plan.get(message.text);
      plan.delete(message.text);
      if (failure === 'transient') throw new DeliveryError('provider timeout', false);
      if (failure === 'permanent') throw new DeliveryError('recipient not on WhatsApp', true);
      sent.push(message.text);
      return { providerMessageId: `prov-${message.messageId}` };
    },
    replyContext: false,
    deleteForEveryone: null,
  };
  return { plan, sent, adapter };
}

const provider = scriptedProvider();
let t: TestApp;
let me: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ adapters: () => provider.adapter });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await makeActor(t.app, t.database.db, 'attendant');
});
afterAll(() => t.close());

const send = (contactId: string, payload: object, actor: Actor = me) =>
  injectAs(t.app, actor, { method: 'POST', url: `/api/conversation/${contactId}/messages`, payload });

async function statusOf(messageId: string, until: (status: string) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
    if (row && until(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`message ${messageId} stayed ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sending a message', () => {
  it('stores it pending, delivers it through the adapter and tells the open conversation', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      unansweredSince: new Date(),
      firstResponsePending: true,
    });
    const socket = await connectSocket(baseUrl, me.token);
    expect(await socket.timeout(2000).emitWithAck('contact.watch', contact.id)).toBe(true);

    const response = await send(contact.id, {
      text: '  Olá! Como posso ajudar?  ',
      client_id: 'client-hello-1',
    });
    expect(response.statusCode).toBe(201);
    const message: Message = response.json();
    expect(message).toMatchObject({
      direction: 'out',
      text: 'Olá! Como posso ajudar?',
      client_id: 'client-hello-1',
      channel: { type: 'whatsapp' },
      sender: { type: 'user', id: me.user.id, name: 'Test User' },
    });
    expect(['pending', 'sent']).toContain(message.status);

    const delivered = await statusOf(message.id, (status) => status === 'sent');
    expect(delivered.providerMessageId).toBe(`prov-${message.id}`);
    expect(provider.sent).toContain('Olá! Como posso ajudar?');
    // The realtime copy names the send it answers, so the sender's screen shows it once whichever comes first.
    const created = await socket.next<Message>('message.created', (m) => m.id === message.id);
    expect(created.client_id).toBe('client-hello-1');
    await socket.next<{ id: string; status: string }>(
      'message.status',
      (e) => e.id === message.id && e.status === 'sent',
    );
    socket.close();

    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({
      lastMessageText: 'Olá! Como posso ajudar?',
      lastMessageDirection: 'out',
      unansweredSince: null,
      firstResponsePending: false,
    });
  });

  it('a repeated client_id creates nothing new', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const payload = { text: 'Só uma vez', client_id: 'client-abc-123' };
    const [a, b] = await Promise.all([send(contact.id, payload), send(contact.id, payload)]);
    const c = await send(contact.id, payload);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    const rows = await t.database.db.select().from(messages).where(eq(messages.contactId, contact.id));
    expect(rows).toHaveLength(1);
  });

  it('answers, unless told, on the kind of channel the customer last wrote from, else the main one', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    await t.database.db.insert(contactChannels).values({
      companyId: me.company.id,
      contactId: contact.id,
      kind: 'telegram',
      address: `tg${Date.now()}`,
      main: true,
    });
    const channelOfReply = async () => {
      const response = await send(contact.id, { text: 'Resposta' });
      expect(response.statusCode).toBe(201);
      return response.json<Message>().channel.type;
    };
    // No customer message yet: the first main channel (the oldest of the main ones).
    expect(await channelOfReply()).toBe('whatsapp');
    const customerWrote = async (kind: 'telegram' | 'whatsapp', at: Date) => {
      const [channel] = await t.database.db
        .select()
        .from(contactChannels)
        .where(and(eq(contactChannels.contactId, contact.id), eq(contactChannels.kind, kind)));
      await t.database.db.insert(messages).values({
        companyId: me.company.id,
        contactId: contact.id,
        contactChannelId: channel!.id,
        kind,
        direction: 'in',
        text: 'Oi',
        status: 'received',
        createdAt: at,
      });
    };
    await customerWrote('telegram', new Date(Date.now() - 60_000));
    expect(await channelOfReply()).toBe('telegram');
    await customerWrote('whatsapp', new Date());
    expect(await channelOfReply()).toBe('whatsapp');
  });

  it('answers on the channel asked for, refusing one of another contact or on the blacklist', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const other = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const [otherChannel] = await t.database.db
      .select()
      .from(contactChannels)
      .where(eq(contactChannels.contactId, other.id));
    const foreign = await send(contact.id, { text: 'x', channel_id: otherChannel!.id });
    expect(foreign.json()).toEqual({
      code: 'channel_not_of_contact',
      message: 'O canal escolhido não pertence a este contato.',
    });

    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: true })
      .where(eq(contactChannels.contactId, contact.id));
    const blocked = await send(contact.id, { text: 'x' });
    expect(blocked.json().code).toBe('channel_blacklisted');
    expect(
      await t.database.db.select().from(messages).where(eq(messages.contactId, contact.id)),
    ).toHaveLength(0);
  });

  it('validates the text and refuses contacts the user may not see', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const empty = await send(contact.id, { text: '   ' });
    expect(empty.json()).toMatchObject({ code: 'message_empty', field: 'text' });
    const colleague = await makeActor(t.app, t.database.db, 'attendant', me.company);
    expect((await send(contact.id, { text: 'oi' }, colleague)).statusCode).toBe(404);
  });

  it('holds what leaves to its channel’s length, and a note to ours', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      channel: { kind: 'instagram_direct', address: 'ig-1001' },
    });
    const long = 'a'.repeat(1001);
    const refused = await send(contact.id, { text: long });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'message_too_long_for_channel' });
    expect(refused.json().message).toContain('1000');
    expect((await send(contact.id, { text: long, internal: true })).statusCode).toBe(201);
    expect((await send(contact.id, { text: 'a'.repeat(1000) })).statusCode).toBe(201);
  });

  it('a permanent failure marks the message failed with the reason; retry delivers it', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    provider.plan.set('Vai falhar', 'permanent');
    const message: Message = (await send(contact.id, { text: 'Vai falhar' })).json();
    const failed = await statusOf(message.id, (status) => status === 'failed');
    expect(failed.failureReason).toBe('recipient not on WhatsApp');

    const retried = await injectAs(t.app, me, {
      method: 'POST',
      url: `/api/conversation/${contact.id}/messages/${message.id}/retry`,
    });
    expect(retried.statusCode).toBe(200);
    await statusOf(message.id, (status) => status === 'sent');
    const again = await injectAs(t.app, me, {
      method: 'POST',
      url: `/api/conversation/${contact.id}/messages/${message.id}/retry`,
    });
    expect(again.json().code).toBe('message_not_retryable');
  });

  it('a transient failure is retried by the queue', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    provider.plan.set('Depois de uma falha', 'transient');
    const message: Message = (await send(contact.id, { text: 'Depois de uma falha' })).json();
    await statusOf(message.id, (status) => status === 'sent', 20_000);
  }, 30_000);

  it('a message sent while no worker runs is delivered once one starts (nothing lost between processes)', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const apiOnly = await buildApp({ ...t.config, role: 'api' }, t.database, {
      adapters: () => provider.adapter,
    });
    await apiOnly.ready();
    await t.app.deps.jobs.stop();
    try {
      const response = await injectAs(apiOnly, me, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/messages`,
        payload: { text: 'Na fila' },
      });
      expect(response.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await statusOf(response.json().id, () => true)).status).toBe('pending');
      const worker = await buildApp({ ...t.config, role: 'worker' }, t.database, {
        adapters: () => provider.adapter,
      });
      await worker.ready();
      await statusOf(response.json().id, (status) => status === 'sent');
      await worker.close();
    } finally {
      await apiOnly.close();
    }
  }, 30_000);
});

describe('delivering a backlog', () => {
  it("runs different conversations' deliveries together, each conversation's in the order written", async () => {
    // Queued while no worker runs, so the worker's first fetch holds them all.
    const apiOnly = await buildApp({ ...t.config, role: 'api' }, t.database, {
      adapters: () => provider.adapter,
    });
    await apiOnly.ready();
    await t.app.deps.jobs.stop();
    const conversations = ['A', 'B', 'C'];
    try {
      const contactIds: string[] = [];
      for (const _ of conversations) {
        contactIds.push((await makeContact(t.database.db, me.company, { responsibleId: me.user.id })).id);
      }
      for (const n of [1, 2, 3]) {
        for (const [i, contactId] of contactIds.entries()) {
          const response = await injectAs(apiOnly, me, {
            method: 'POST',
            url: `/api/conversation/${contactId}/messages`,
            payload: { text: `${conversations[i]}${n}` },
          });
          expect(response.statusCode).toBe(201);
        }
      }
    } finally {
      await apiOnly.close();
    }
    // Each conversation's first message waits (at most 2 s) until the three are in flight at once.
    const delivered: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    let release: () => void = () => {};
    const allInFlight = new Promise<void>((resolve) => (release = resolve));
    const adapter: ChannelAdapter = {
      async send(message) {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        if (inFlight === conversations.length) release();
        if (message.text.endsWith('1'))
          await Promise.race([allInFlight, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        inFlight--;
        delivered.push(message.text);
        return { providerMessageId: `prov-${message.messageId}` };
      },
      replyContext: false,
      deleteForEveryone: null,
    };
    const worker = await buildApp({ ...t.config, role: 'worker' }, t.database, { adapters: () => adapter });
    await worker.ready();
    try {
      const deadline = Date.now() + 20_000;
      while (delivered.length < 9 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.close();
    }
    expect(mostInFlight).toBe(3);
    for (const name of conversations)
      expect(delivered.filter((text) => text.startsWith(name))).toEqual([`${name}1`, `${name}2`, `${name}3`]);
  }, 30_000);
});

describe('timeline', () => {
  it('pages items newest first, older pages continuing without gaps or repeats', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const base = Date.now() - 3_600_000;
    await t.database.db.insert(messages).values(
      Array.from({ length: 23 }, (_, i) => ({
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp' as const,
        direction: (i % 2 ? 'out' : 'in') as 'in' | 'out',
        text: `m${i}`,
        status: (i % 2 ? 'read' : 'received') as 'read' | 'received',
        // Pairs share a timestamp: the id breaks the tie.
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const texts: string[] = [];
    let url = `/api/conversation/${contact.id}/items?limit=5`;
    for (let page = 0; page < 10; page++) {
      const body: { data: MessageItem[]; has_more: boolean } = (
        await injectAs(t.app, me, { method: 'GET', url })
      ).json();
      texts.push(...body.data.map((item) => item.message.text));
      if (!body.has_more) break;
      const last = body.data.at(-1)!;
      url = `/api/conversation/${contact.id}/items?limit=5&before_created_at=${encodeURIComponent(last.created_at)}&before_id=${last.message.id}`;
    }
    expect(texts).toHaveLength(23);
    expect(new Set(texts).size).toBe(23);
    expect(texts[0]).toMatch(/^m2[12]$/);

    const older = await injectAs(t.app, me, {
      method: 'GET',
      url: `/api/conversation/${contact.id}/paginate?limit=100&first_message_created_at=${encodeURIComponent(new Date(base + 5_000).toISOString())}`,
    });
    expect(
      older
        .json()
        .data.map((item: MessageItem) => item.message.text)
        .sort(),
    ).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });
});

describe('read and unread', () => {
  it('reading clears the unread count; unread brings the last customer message back', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      unreadCount: 2,
    });
    await t.database.db.insert(messages).values([
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'a',
        createdAt: new Date(Date.now() - 2000),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'b',
        createdAt: new Date(Date.now() - 1000),
      },
    ]);
    const socket = await connectSocket(baseUrl, me.token);
    const read = await injectAs(t.app, me, {
      method: 'POST',
      url: `/api/conversation/${contact.id}/messages/read`,
    });
    expect(read.json()).toEqual({ ok: true });
    await socket.next<{ contact_id: string; count: number }>(
      'contact.unread',
      (e) => e.contact_id === contact.id && e.count === 0,
    );
    const items = (
      await injectAs(t.app, me, { method: 'GET', url: `/api/conversation/${contact.id}/items` })
    ).json();
    expect(items.data.every((item: MessageItem) => item.message.read)).toBe(true);

    await injectAs(t.app, me, { method: 'POST', url: `/api/conversation/${contact.id}/messages/unread` });
    await socket.next<{ contact_id: string; count: number }>(
      'contact.unread',
      (e) => e.contact_id === contact.id && e.count === 1,
    );
    const unread = await t.database.db
      .select({ text: messages.text, readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.contactId, contact.id)));
    expect(unread.find((m) => m.text === 'b')!.readAt).toBeNull();
    expect(unread.find((m) => m.text === 'a')!.readAt).not.toBeNull();
    socket.close();
  });
});

describe('search in a conversation', () => {
  it('finds fragments ignoring case and accents, and Portuguese word forms, newest first', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const other = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.db.insert(messages).values([
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'Fiz os pagamentos ontem',
        createdAt: at(30),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'out',
        text: 'A AÇÃO foi registrada',
        status: 'read',
        createdAt: at(20),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'Qual o prazo do pagamento?',
        createdAt: at(10),
      },
      {
        companyId: me.company.id,
        contactId: other.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'pagamento de outro cliente',
        createdAt: at(5),
      },
    ]);
    const search = (term: string) =>
      injectAs(t.app, me, {
        method: 'GET',
        url: `/api/conversation/${contact.id}/messages/search?term=${encodeURIComponent(term)}`,
      });
    expect((await search('pagamento')).json().data.map((m: Message) => m.text)).toEqual([
      'Qual o prazo do pagamento?',
      'Fiz os pagamentos ontem',
    ]);
    expect((await search('acao')).json().data.map((m: Message) => m.text)).toEqual(['A AÇÃO foi registrada']);
    expect((await search('100%')).json().data).toEqual([]);
    const short = await search('ab');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      field: 'term',
      message: 'O termo de pesquisa deve conter 3 caractéres ou mais.',
    });
  });
});

describe('export', () => {
  const exportUrl = (contactId: string, query: string) =>
    `/api/conversation/${contactId}/items/export?${query}`;

  it('gives a 30-day HTML transcript of the messages in the user time zone, escaped', async () => {
    const contact = await makeContact(t.database.db, me.company, {
      responsibleId: me.user.id,
      name: 'Ana <b>Souza</b>',
    });
    await t.database.db.insert(messages).values([
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'antes do período',
        createdAt: new Date('2026-10-01T02:59:00Z'),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'primeiro dia <script>alert(1)</script>',
        createdAt: new Date('2026-10-01T03:00:00Z'),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'email',
        direction: 'out',
        senderUserId: me.user.id,
        status: 'read',
        text: 'resposta',
        createdAt: new Date('2026-10-15T12:00:00Z'),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'último dia',
        createdAt: new Date('2026-11-01T02:59:00Z'),
      },
      {
        companyId: me.company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'depois do período',
        createdAt: new Date('2026-11-01T03:00:00Z'),
      },
    ]);
    const response = await injectAs(t.app, me, {
      method: 'GET',
      url: exportUrl(contact.id, 'start_date=2026-10-01&end_date=2026-10-31'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ana-b-souza-b-2026-10-01-2026-10-31.html"',
    );
    const html = response.body;
    expect(html).toContain('Transcrição da conversa');
    expect(html).toContain('Ana &lt;b&gt;Souza&lt;/b&gt;');
    expect(html).toContain('primeiro dia &lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('último dia');
    expect(html).toContain('Test User');
    expect(html).not.toContain('antes do período');
    expect(html).not.toContain('depois do período');
    expect(html).toContain('3 mensagem(ns)');
  });

  it('gives CSV with a BOM, quoted cells and formulas neutralised', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    await t.database.db.insert(messages).values({
      companyId: me.company.id,
      contactId: contact.id,
      kind: 'sms',
      direction: 'in',
      text: '=HYPERLINK("http://x") "aspas", vírgula',
      createdAt: new Date('2026-10-10T15:00:00Z'),
    });
    const response = await injectAs(t.app, me, {
      method: 'GET',
      url: exportUrl(contact.id, 'start_date=2026-10-10&end_date=2026-10-10&format=csv'),
      headers: { 'accept-language': 'en' },
    });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(header).toBe('"Date","From","Channel","Message","Status"');
    expect(row).toContain(`"'=HYPERLINK(""http://x"") ""aspas"", vírgula"`);
    expect(row).toContain('"SMS"');
  });

  it.each([
    [
      'start_date=2026-10-01&end_date=2026-12-30',
      'pt-BR',
      'O intervalo entre as datas não pode ser maior que 90 dias.',
    ],
    [
      'start_date=2026-10-01&end_date=2026-12-30',
      'es',
      'El intervalo entre las fechas no debe superar los 90 días.',
    ],
    ['start_date=2026-13-01&end_date=2026-12-30', 'pt-BR', 'Informe uma data válida.'],
    ['start_date=2026-10-01', 'es', 'Debe informar una fecha válida.'],
    ['start_date=2026-10-31&end_date=2026-10-01', 'pt-BR', 'Informe uma data válida.'],
  ])('refuses %s (%s)', async (query, language, message) => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const response = await injectAs(t.app, me, {
      method: 'GET',
      url: exportUrl(contact.id, query),
      headers: { 'accept-language': language },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts exactly 90 days', async () => {
    const contact = await makeContact(t.database.db, me.company, { responsibleId: me.user.id });
    const response = await injectAs(t.app, me, {
      method: 'GET',
      url: exportUrl(contact.id, 'start_date=2026-10-01&end_date=2026-12-29'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Nenhuma mensagem no período.');
  });
});

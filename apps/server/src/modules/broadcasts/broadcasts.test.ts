// Broadcasts through the real WhatsApp and Telegram adapters against their simulators, each limiting its
// throughput as the provider does: lists from a filter, picked contacts and a CSV (its bad rows explained,
// nothing saved before confirming), the review's skipped counts, the company's maximum, an invalid message
// refused before anything is queued, one message per recipient at the provider's pace, pause / resume /
// cancel, a file sent from one stored copy (uploaded to WhatsApp once), abandoned uploads swept, sends spaced
// per account and batches' slots reserved together, replies counted, the report and its CSV, and another
// company's broadcasts out of reach.
import type {
  Broadcast,
  BroadcastCsvPreview,
  BroadcastFile,
  BroadcastList,
  BroadcastPreview,
  BroadcastReport,
  CenterChannelAccount,
  ItemsPage,
  WhatsappTemplateList,
} from '@atende/contract';
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { and, eq, inArray } from 'drizzle-orm';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  injectAs,
  makeActor,
  makeContact,
  multipartBody,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { eventually, startProviderApp, type ProviderApp } from '../../../test/provider-app.ts';
import {
  broadcastFiles,
  broadcastRecipients,
  channelAccounts,
  companies,
  contactChannels,
  contacts,
  messages,
} from '../../db/schema/index.ts';
import { createFileStorage } from '../../platform/storage.ts';
import { purgeCompany } from '../company-settings/retention.ts';
import { sweepUnusedBroadcastFiles } from './files.ts';
import { reserveSendSlots, waitForSendSlot } from './pace.ts';

let wa: WhatsappSimulator;
let tg: TelegramSimulator;
let p: ProviderApp;
let supervisor: Actor;
let telegram: CenterChannelAccount;
let templateId: string;

/** An id no row has. */
const CONTACT_OF_NOBODY = '01a201b8-7800-7000-8000-00000000dead';
const TAG_WA = 'campanha';
const TAG_TG = 'bot';
const WA_RECIPIENTS = 240;
const TG_RECIPIENTS = 120;

const api = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(p.t.app, actor, { method, url, ...(payload ? { payload } : {}) });

async function makeFilterList(name: string, tag: string): Promise<BroadcastList> {
  const created = await api(supervisor, 'POST', '/api/broadcasts/lists', {
    source: 'filter',
    name,
    filter: { tag },
  });
  expect(created.statusCode).toBe(201);
  return created.json<BroadcastList>();
}

const uploadFile = (filename: string, type = 'image/png', data = SAMPLE_PNG) =>
  injectAs(p.t.app, supervisor, {
    method: 'POST',
    url: '/api/broadcasts/files',
    ...multipartBody([{ name: 'file', filename, type, data }]),
  });

/** The first `limit` Telegram contacts of the company, with their chat ids. */
const telegramChats = (limit: number) =>
  p.t.database.db
    .select({ id: contacts.id, address: contactChannels.address })
    .from(contactChannels)
    .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
    .where(and(eq(contactChannels.kind, 'telegram'), eq(contacts.companyId, p.admin.company.id)))
    .limit(limit);

/** The files our server uploaded to the WhatsApp number so far. */
const mediaUploads = () =>
  wa.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/media')).length;

const getBroadcast = async (id: string, actor = supervisor) =>
  (await api(actor, 'GET', `/api/broadcasts/${id}`)).json<Broadcast>();

/** Times at which the simulator's count of received messages grew, polled. */
function watchArrivals(sent: () => number) {
  const seen: { at: number; count: number }[] = [];
  const timer = setInterval(() => seen.push({ at: Date.now(), count: sent() }), 50);
  return {
    stop() {
      clearInterval(timer);
      const growth = seen.filter((point, i) => i === 0 || point.count > seen[i - 1]!.count);
      return growth;
    },
  };
}

beforeAll(async () => {
  wa = await startWhatsappSimulator({ messagesPerSecond: 80, autoStatusMs: 50 });
  tg = await startTelegramSimulator({ messagesPerSecond: 30 });
  p = await startProviderApp(wa, 'WhatsApp');
  telegram = await p.createAccount(p.admin, tg, 'Telegram');
  tg.setWebhookUrl(telegram.provider!.webhook_url);
  supervisor = await makeActor(p.t.app, p.t.database.db, 'supervisor', p.admin.company);
  const synced = await api(p.admin, 'POST', `/api/center/channels/${p.account.id}/whatsapp-templates/sync`);
  templateId = synced.json<WhatsappTemplateList>().data.find((each) => each.name === 'order_update')!.id;
  for (let i = 0; i < WA_RECIPIENTS; i++) {
    await makeContact(p.t.database.db, p.admin.company, {
      name: `Cliente ${i}`,
      code: `P-${i}`,
      tag: TAG_WA,
      channel: { kind: 'whatsapp', address: `55119${String(10_000_000 + i)}` },
    });
  }
  for (let i = 0; i < TG_RECIPIENTS; i++) {
    await makeContact(p.t.database.db, p.admin.company, {
      tag: TAG_TG,
      channel: { kind: 'telegram', address: String(900_000 + i) },
    });
  }
}, 120_000);

afterAll(async () => {
  await p?.t.close();
  await wa?.close();
  await tg?.close();
});

describe('transmission lists', () => {
  it('previews a CSV row by row — bad encoding, no number, malformed, repeated — and saves nothing', async () => {
    const [known] = await p.t.database.db
      .select({ address: contactChannels.address })
      .from(contactChannels)
      .where(eq(contactChannels.kind, 'whatsapp'))
      .limit(1);
    const file = Buffer.concat([
      Buffer.from(`name;phone\nConhecido;+${known!.address}\nNovo;(11) 98888-7777\n`),
      Buffer.from('Jos'),
      Buffer.from([0xe9]), // "José" in Latin-1: not UTF-8
      Buffer.from(';11977776666\nSem número;\nErrado;12ab\nRepetido;11 98888 7777\n'),
    ]);
    const before = await p.t.database.db.select({ id: contacts.id }).from(contacts);
    const body = multipartBody([{ name: 'file', filename: 'lista.csv', type: 'text/csv', data: file }]);
    const preview = await injectAs(p.t.app, supervisor, {
      method: 'POST',
      url: '/api/broadcasts/lists/csv-preview?kind=whatsapp',
      ...body,
    });
    expect(preview.statusCode).toBe(200);
    const result = preview.json<BroadcastCsvPreview>();
    expect(result).toMatchObject({ matched: 1, new: 1, invalid: 4 });
    expect(result.rows.map((row) => [row.line, row.outcome, row.problem])).toEqual([
      [2, 'matched', null],
      [3, 'new', null],
      [4, 'invalid', 'encoding'],
      [5, 'invalid', 'missing_phone'],
      [6, 'invalid', 'malformed'],
      [7, 'invalid', 'duplicate'],
    ]);
    expect(await p.t.database.db.select({ id: contacts.id }).from(contacts)).toHaveLength(before.length);

    const missing = await injectAs(p.t.app, supervisor, {
      method: 'POST',
      url: '/api/broadcasts/lists/csv-preview?kind=whatsapp',
      ...multipartBody([
        { name: 'file', filename: 'x.csv', type: 'text/csv', data: Buffer.from('name\nAna\n') },
      ]),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'csv_missing_columns' });

    // Confirmed with the usable rows: the matched contact and a new one for the new number.
    const saved = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'csv',
      name: 'Importada',
      kind: 'whatsapp',
      rows: result.rows
        .filter((row) => row.outcome !== 'invalid')
        .map(({ line, phone, name }) => ({ line, phone, name })),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<BroadcastList>()).toMatchObject({ source: 'csv', contacts: 2 });
    expect(await p.t.database.db.select({ id: contacts.id }).from(contacts)).toHaveLength(before.length + 1);
  });

  it('keeps picked contacts, and lists the company’s lists', async () => {
    const picked = await p.t.database.db.select({ id: contacts.id }).from(contacts).limit(3);
    const created = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'contacts',
      name: 'Escolhidos',
      contact_ids: picked.map((row) => row.id),
    });
    expect(created.json<BroadcastList>()).toMatchObject({ source: 'contacts', contacts: 3 });
    const lists = (await api(supervisor, 'GET', '/api/broadcasts/lists')).json<{ data: BroadcastList[] }>();
    expect(lists.data.map((list) => list.name)).toEqual(expect.arrayContaining(['Escolhidos', 'Importada']));
  });

  it('is refused to attendants without the broadcast permission', async () => {
    const attendant = await makeActor(p.t.app, p.t.database.db, 'attendant', p.admin.company);
    expect((await api(attendant, 'GET', '/api/broadcasts')).statusCode).toBe(403);
  });
});

describe('review and rules', () => {
  it('counts who is skipped and why, and refuses free text outside the WhatsApp window', async () => {
    const list = await makeFilterList('Revisão', 'revisao');
    const open = await makeContact(p.t.database.db, p.admin.company, { tag: 'revisao' });
    // The customer wrote an hour ago: the window is open.
    await p.t.database.db.insert(messages).values({
      companyId: p.admin.company.id,
      contactId: open.id,
      contactChannelId: (
        await p.t.database.db.select().from(contactChannels).where(eq(contactChannels.contactId, open.id))
      )[0]!.id,
      kind: 'whatsapp',
      direction: 'in',
      text: 'oi',
      status: 'received',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await makeContact(p.t.database.db, p.admin.company, { tag: 'revisao' }); // window closed
    const blocked = await makeContact(p.t.database.db, p.admin.company, { tag: 'revisao' });
    await p.t.database.db
      .update(contactChannels)
      .set({ blacklisted: true })
      .where(eq(contactChannels.contactId, blocked.id));
    const optedOut = await makeContact(p.t.database.db, p.admin.company, { tag: 'revisao' });
    expect(
      (await api(supervisor, 'PUT', `/api/contacts/${optedOut.id}/broadcast-opt-out`, { opted_out: true }))
        .statusCode,
    ).toBe(200);
    await makeContact(p.t.database.db, p.admin.company, { tag: 'revisao', channel: { kind: 'telegram' } });

    const text = await api(supervisor, 'POST', '/api/broadcasts/preview', {
      list_id: list.id,
      channel_account_id: p.account.id,
      message: { type: 'text', text: 'Promoção!' },
    });
    expect(text.json<BroadcastPreview>()).toEqual({
      recipients: 1,
      skipped: { blacklisted: 1, opted_out: 1, no_channel: 1, window_closed: 1 },
    });
    const template = await api(supervisor, 'POST', '/api/broadcasts/preview', {
      list_id: list.id,
      channel_account_id: p.account.id,
      message: { type: 'template', template_id: templateId, variables: [{ field: 'name' }, { text: 'X' }] },
    });
    expect(template.json<BroadcastPreview>()).toMatchObject({ recipients: 2, skipped: { window_closed: 0 } });
  });

  it('refuses an empty or invalid message before anything is queued', async () => {
    const list = await makeFilterList('Inválida', TAG_WA);
    const count = async () =>
      (await p.t.database.db.select({ id: broadcastRecipients.id }).from(broadcastRecipients)).length;
    const before = await count();
    const empty = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Vazia',
      list_id: list.id,
      channel_account_id: p.account.id,
      message: { type: 'text', text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'message_empty' });
    const wrongVariables = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Modelo',
      list_id: list.id,
      channel_account_id: p.account.id,
      message: { type: 'template', template_id: templateId, variables: [{ field: 'name' }] },
    });
    expect(wrongVariables.json()).toMatchObject({ code: 'template_variables_mismatch' });
    const templateOnTelegram = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Modelo',
      list_id: list.id,
      channel_account_id: telegram.id,
      message: { type: 'template', template_id: templateId, variables: [{ field: 'name' }, { text: 'X' }] },
    });
    expect(templateOnTelegram.json()).toMatchObject({ code: 'not_a_whatsapp_channel' });
    expect(await count()).toBe(before);
  });

  it('refuses a list above the company’s maximum, naming it', async () => {
    const list = await makeFilterList('Grande', TAG_WA);
    await p.t.database.db
      .update(companies)
      .set({ settings: { broadcast_max: 100 } })
      .where(eq(companies.id, p.admin.company.id));
    const refused = await injectAs(p.t.app, supervisor, {
      method: 'POST',
      url: '/api/broadcasts/preview',
      headers: { 'accept-language': 'pt-BR' },
      payload: {
        list_id: list.id,
        channel_account_id: p.account.id,
        message: { type: 'template', template_id: templateId, variables: [{ field: 'name' }, { text: 'X' }] },
      },
    });
    await p.t.database.db.update(companies).set({ settings: {} }).where(eq(companies.id, p.admin.company.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'broadcast_too_many_recipients',
      message: expect.stringContaining('100'),
    });
  });
});

describe('sending', () => {
  it('sends a template once to each WhatsApp recipient, at the number’s pace, and counts replies', async () => {
    const list = await makeFilterList('WhatsApp', TAG_WA);
    const arrivals = watchArrivals(() => wa.sent().length);
    const created = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Entrega',
      list_id: list.id,
      channel_account_id: p.account.id,
      message: {
        type: 'template',
        template_id: templateId,
        variables: [{ field: 'name' }, { field: 'code' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Broadcast>().id;
    const done = await eventually(async () => {
      const broadcast = await getBroadcast(id);
      return broadcast.status === 'completed' && broadcast.counts.queued === 0 ? broadcast : null;
      // Generous: the machines these run on are shared (the send path is CPU-bound).
    }, 180_000);
    const growth = arrivals.stop();
    expect(done.counts.total).toBe(WA_RECIPIENTS);
    const sent = wa.sent().filter((each) => each.text?.includes('saiu para entrega'));
    expect(sent).toHaveLength(WA_RECIPIENTS);
    expect(new Set(sent.map((each) => each.to)).size).toBe(WA_RECIPIENTS);
    expect(sent.find((each) => each.to === '5511910000007')?.text).toBe(
      'Olá Cliente 7, seu pedido P-7 saiu para entrega.',
    );
    // At the number's pace: 240 messages at 80 a second take at least two seconds, and the number rarely had
    // to refuse one (a refused one waits and goes once).
    expect(growth.at(-1)!.at - growth[0]!.at).toBeGreaterThanOrEqual(1_900);
    expect(wa.throttled).toBeLessThan(WA_RECIPIENTS / 10);

    await eventually(async () => (await getBroadcast(id)).counts.read === WA_RECIPIENTS, 90_000);
    await wa.customerWrites({ from: '5511910000003', text: 'Obrigado!' });
    const replied = await eventually(async () => {
      const broadcast = await getBroadcast(id);
      return broadcast.counts.replied === 1 ? broadcast : null;
    }, 60_000);
    expect(replied.counts.replied).toBe(1);

    const report = (
      await api(supervisor, 'GET', `/api/broadcasts/${id}/recipients?limit=500`)
    ).json<BroadcastReport>();
    const [answered] = report.data.filter((row) => row.replied);
    expect(report.data.filter((row) => row.replied)).toHaveLength(1);
    expect(report.data.every((row) => row.status === 'read')).toBe(true);
    // The customer's conversation names the broadcast on the message it sent and on the reply.
    const items = (
      await api(supervisor, 'GET', `/api/conversation/${answered!.contact_id}/items`)
    ).json<ItemsPage>();
    const labelled = items.data.flatMap((item) =>
      item.type === 'message' ? [[item.message.direction, item.message.broadcast]] : [],
    );
    expect(labelled).toEqual([
      ['in', { id, name: 'Entrega' }],
      ['out', { id, name: 'Entrega' }],
    ]);
    const csv = await api(supervisor, 'GET', `/api/broadcasts/${id}/recipients.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(WA_RECIPIENTS + 1);
    expect(lines[0]).toContain('"status"');
  }, 360_000);

  it('pauses, resumes and cancels a Telegram broadcast at the bot’s pace', async () => {
    const list = await makeFilterList('Telegram', TAG_TG);
    const created = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Bot',
      list_id: list.id,
      channel_account_id: telegram.id,
      message: { type: 'text', text: 'Novidades no bot' },
    });
    const id = created.json<Broadcast>().id;
    const received = () => tg.sent().filter((each) => each.text === 'Novidades no bot').length;
    // Early on, and again early after resuming: a second and a half of the bot's throughput is claimed ahead
    // of the sends (sender.ts), and the cancel must find recipients not yet claimed.
    await eventually(async () => received() >= 10, 60_000);
    const paused = await api(supervisor, 'POST', `/api/broadcasts/${id}/pause`);
    expect(paused.json<Broadcast>().status).toBe('paused');
    // What was already handed over finishes; nothing more is claimed while paused.
    const handedOverSent = () =>
      eventually(async () => {
        const inFlight = await p.t.database.db
          .select({ id: broadcastRecipients.id })
          .from(broadcastRecipients)
          .innerJoin(messages, eq(messages.id, broadcastRecipients.messageId))
          .where(and(eq(broadcastRecipients.broadcastId, id), eq(messages.status, 'pending')));
        return inFlight.length === 0;
      }, 60_000);
    await handedOverSent();
    const atPause = received();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received()).toBe(atPause);
    expect(atPause).toBeLessThan(TG_RECIPIENTS);
    expect((await api(supervisor, 'POST', `/api/broadcasts/${id}/pause`)).statusCode).toBe(409);

    expect((await api(supervisor, 'POST', `/api/broadcasts/${id}/resume`)).json<Broadcast>().status).toBe(
      'sending',
    );
    await eventually(async () => received() >= atPause + 10, 60_000);
    const cancelled = (await api(supervisor, 'POST', `/api/broadcasts/${id}/cancel`)).json<Broadcast>();
    expect(cancelled.status).toBe('cancelled');
    await handedOverSent();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const final = await getBroadcast(id);
    const sentCount = received();
    expect(final.counts.cancelled).toBeGreaterThan(0);
    expect(final.counts.cancelled + sentCount).toBe(TG_RECIPIENTS);
    expect(
      new Set(
        tg
          .sent()
          .filter((each) => each.text === 'Novidades no bot')
          .map((each) => each.to),
      ).size,
    ).toBe(sentCount);
    expect((await api(supervisor, 'POST', `/api/broadcasts/${id}/resume`)).statusCode).toBe(409);
    expect(tg.throttled).toBeLessThan(TG_RECIPIENTS / 10);
  }, 240_000);

  it('schedules at a wall time of the company’s time zone, and a paused schedule resumes as scheduled', async () => {
    const list = await makeFilterList('Agendada', TAG_TG);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const create = (scheduled_at: string) =>
      api(supervisor, 'POST', '/api/broadcasts', {
        name: 'Agendada',
        list_id: list.id,
        channel_account_id: telegram.id,
        message: { type: 'text', text: 'Amanhã' },
        scheduled_at,
      });
    expect((await create('2020-01-01T09:00')).json()).toMatchObject({ code: 'broadcast_schedule_in_past' });
    const created = (await create(`${tomorrow}T09:30`)).json<Broadcast>();
    // The company's zone is America/Sao_Paulo (UTC−3, no daylight saving).
    expect(created).toMatchObject({ status: 'scheduled', scheduled_at: `${tomorrow}T12:30:00.000Z` });
    expect(
      (await api(supervisor, 'POST', `/api/broadcasts/${created.id}/pause`)).json<Broadcast>().status,
    ).toBe('paused');
    expect(
      (await api(supervisor, 'POST', `/api/broadcasts/${created.id}/resume`)).json<Broadcast>().status,
    ).toBe('scheduled');
    const cancelled = (
      await api(supervisor, 'POST', `/api/broadcasts/${created.id}/cancel`)
    ).json<Broadcast>();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.counts.cancelled).toBe(TG_RECIPIENTS);
  });

  it('sends a file with its caption, the one stored copy outliving the messages purged', async () => {
    const refused = await uploadFile('virus.png', 'image/png', Buffer.from('MZ\x90\x00 not a picture'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'file_type_not_allowed' });
    const uploaded = await uploadFile('oferta.png');
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<BroadcastFile>();
    expect(file).toMatchObject({ kind: 'image', filename: 'oferta.png', size: SAMPLE_PNG.length });

    const chats = await telegramChats(3);
    const listed = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'contacts',
      name: 'Oferta com imagem',
      contact_ids: chats.map((chat) => chat.id),
    });
    const request = {
      name: 'Oferta com imagem',
      list_id: listed.json<BroadcastList>().id,
      channel_account_id: telegram.id,
    };
    const unknown = await api(supervisor, 'POST', '/api/broadcasts/preview', {
      ...request,
      message: { type: 'file', file_id: CONTACT_OF_NOBODY, caption: '' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'broadcast_file_not_found' });

    const created = await api(supervisor, 'POST', '/api/broadcasts', {
      ...request,
      message: { type: 'file', file_id: file.id, caption: 'Só hoje: 20% off' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<Broadcast>().id;
    await eventually(async () => {
      const broadcast = await getBroadcast(id);
      return broadcast.status === 'completed' && broadcast.counts.sent === 3 ? broadcast : null;
    }, 60_000);
    const received = tg.sent().filter((each) => each.text === 'Só hoje: 20% off');
    expect(received.map((each) => each.to).sort()).toEqual(chats.map((chat) => chat.address).sort());
    expect(received.every((each) => each.media !== null)).toBe(true);

    // The retention purge takes the messages and their attachment rows: the broadcast's one stored copy stays,
    // and goes again with the next broadcast that names it.
    const storage = createFileStorage(join(p.t.config.dataDir, 'files'));
    const purged = await purgeCompany(
      p.t.database.db,
      storage,
      p.admin.company.id,
      new Date(Date.now() + 1_000),
    );
    expect(purged.files).toBeGreaterThanOrEqual(3);
    const again = await api(supervisor, 'POST', '/api/broadcasts', {
      ...request,
      name: 'Oferta de novo',
      message: { type: 'file', file_id: file.id, caption: 'Última chance' },
    });
    expect(again.statusCode).toBe(201);
    await eventually(async () => {
      const broadcast = await getBroadcast(again.json<Broadcast>().id);
      return broadcast.status === 'completed' && broadcast.counts.queued === 0 ? broadcast : null;
    }, 60_000);
    const resent = tg.sent().filter((each) => each.text === 'Última chance');
    expect(resent).toHaveLength(3);
    expect(resent.every((each) => each.media !== null)).toBe(true);
  });

  it('uploads a WhatsApp broadcast’s file to the number once, every recipient’s message naming its media id', async () => {
    const addresses = ['5511910000020', '5511910000021', '5511910000022'];
    // Free text and files reach WhatsApp customers whose 24-hour window is open: they wrote first.
    for (const from of addresses) await wa.customerWrites({ from, text: 'Oi' });
    const chats = await eventually(async () => {
      const rows = await p.t.database.db
        .select({ id: contacts.id, address: contactChannels.address })
        .from(contactChannels)
        .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
        .innerJoin(messages, eq(messages.contactChannelId, contactChannels.id))
        .where(and(eq(contactChannels.kind, 'whatsapp'), eq(messages.direction, 'in')));
      const wrote = rows.filter((row) => addresses.includes(row.address));
      return wrote.length === addresses.length ? wrote : null;
    }, 30_000);
    const file = (await uploadFile('cardapio.png')).json<BroadcastFile>();
    const listed = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'contacts',
      name: 'Cardápio',
      contact_ids: chats.map((chat) => chat.id),
    });
    const uploadsBefore = mediaUploads();
    const created = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Cardápio',
      list_id: listed.json<BroadcastList>().id,
      channel_account_id: p.account.id,
      message: { type: 'file', file_id: file.id, caption: 'Cardápio novo' },
    });
    expect(created.statusCode).toBe(201);
    const done = await eventually(async () => {
      const broadcast = await getBroadcast(created.json<Broadcast>().id);
      return broadcast.status === 'completed' && broadcast.counts.queued === 0 ? broadcast : null;
    }, 60_000);
    expect(done.counts.failed).toBe(0);
    const received = wa.sent().filter((each) => each.text === 'Cardápio novo');
    expect(received.map((each) => each.to).sort()).toEqual(addresses);
    const mediaIds = received.map((each) => (each.media as { id: string | null }).id);
    expect(mediaIds[0]).toBeTruthy();
    expect(new Set(mediaIds).size).toBe(1);
    expect(mediaUploads() - uploadsBefore).toBe(1);
  });

  it('deletes uploads no broadcast named a day later, and keeps those named or recent', async () => {
    const upload = async (filename: string) => (await uploadFile(filename)).json<BroadcastFile>();
    const [abandoned, recent, named] = [
      await upload('abandonado.png'),
      await upload('recente.png'),
      await upload('usado.png'),
    ];
    const [chat] = await telegramChats(1);
    const listed = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'contacts',
      name: 'Usado',
      contact_ids: [chat!.id],
    });
    const sent = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Usado',
      list_id: listed.json<BroadcastList>().id,
      channel_account_id: telegram.id,
      message: { type: 'file', file_id: named.id, caption: 'Usado' },
    });
    expect(sent.statusCode).toBe(201);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await p.t.database.db
      .update(broadcastFiles)
      .set({ createdAt: twoDaysAgo })
      .where(inArray(broadcastFiles.id, [abandoned.id, named.id]));
    const stored = async (id: string) => {
      const [row] = await p.t.database.db
        .select({ key: broadcastFiles.storageKey })
        .from(broadcastFiles)
        .where(eq(broadcastFiles.id, id));
      return row ? storage.read(row.key) : null;
    };
    const storage = createFileStorage(join(p.t.config.dataDir, 'files'));
    const [abandonedRow] = await p.t.database.db
      .select({ key: broadcastFiles.storageKey })
      .from(broadcastFiles)
      .where(eq(broadcastFiles.id, abandoned.id));
    expect(await storage.read(abandonedRow!.key)).not.toBeNull();

    expect(await sweepUnusedBroadcastFiles(p.t.database.db, storage)).toBe(1);
    expect(await stored(abandoned.id)).toBeNull();
    expect(await storage.read(abandonedRow!.key)).toBeNull();
    expect(await stored(recent.id)).not.toBeNull();
    expect(await stored(named.id)).not.toBeNull();
    // A broadcast naming the swept upload is refused, before anything is queued.
    const late = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Tarde',
      list_id: listed.json<BroadcastList>().id,
      channel_account_id: telegram.id,
      message: { type: 'file', file_id: abandoned.id, caption: 'Tarde' },
    });
    expect(late.json()).toMatchObject({ code: 'broadcast_file_not_found' });
  });

  it('keeps to the account’s own broadcast rate when the Center sets one', async () => {
    const account = async (broadcastRate: string) => {
      const [row] = await p.t.database.db
        .select({ settings: channelAccounts.settings })
        .from(channelAccounts)
        .where(eq(channelAccounts.id, telegram.id));
      await p.t.database.db
        .update(channelAccounts)
        .set({ settings: { ...row!.settings, broadcast_rate: broadcastRate } })
        .where(eq(channelAccounts.id, telegram.id));
    };
    await account('10');
    const chats = await telegramChats(25);
    const listed = await api(supervisor, 'POST', '/api/broadcasts/lists', {
      source: 'contacts',
      name: 'Devagar',
      contact_ids: chats.map((chat) => chat.id),
    });
    const arrivals = watchArrivals(() => tg.sent().length);
    const created = await api(supervisor, 'POST', '/api/broadcasts', {
      name: 'Devagar',
      list_id: listed.json<BroadcastList>().id,
      channel_account_id: telegram.id,
      message: { type: 'text', text: 'Uma por vez' },
    });
    expect(created.statusCode).toBe(201);
    await eventually(async () => {
      const broadcast = await getBroadcast(created.json<Broadcast>().id);
      return broadcast.status === 'completed' && broadcast.counts.queued === 0 ? broadcast : null;
    }, 60_000);
    const growth = arrivals.stop();
    await account('');
    expect(tg.sent().filter((each) => each.text === 'Uma por vez')).toHaveLength(25);
    // 25 messages at 10 a second span 24 slots of a tenth of a second (at the bot's 30 a second, under one).
    expect(growth.at(-1)!.at - growth[0]!.at).toBeGreaterThanOrEqual(2_000);
  });

  it('spaces one account’s sends at its throughput, however many senders ask at once', async () => {
    // Two broadcasts' worth of senders on one bot at once: 45 sends at 30 a second span 44 slots of 1/30 s.
    const started = Date.now();
    const slot = () =>
      waitForSendSlot(p.t.database.db, {
        companyId: p.admin.company.id,
        accountId: telegram.id,
        perSecond: 30,
      });
    await Promise.all(Array.from({ length: 45 }, slot));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  });

  it('reserves a batch’s slots in one go, after those another batch of the account holds', async () => {
    const pace = { companyId: p.admin.company.id, accountId: telegram.id, perSecond: 30 };
    const [first, second] = await Promise.all([
      reserveSendSlots(p.t.database.db, pace, 30),
      reserveSendSlots(p.t.database.db, pace, 30),
    ]);
    const [earlier, later] = first![0]! <= second![0]! ? [first!, second!] : [second!, first!];
    // Each batch's slots are a thirtieth of a second apart; the later batch starts a second after the other.
    for (const slots of [earlier, later]) {
      expect(slots).toHaveLength(30);
      expect(slots[29]! - slots[0]!).toBeCloseTo((29 * 1000) / 30, 0);
    }
    expect(later[0]! - earlier[0]!).toBeGreaterThanOrEqual(950);
  });

  it('keeps another company’s broadcasts and lists out of reach', async () => {
    const [broadcast] = (await api(supervisor, 'GET', '/api/broadcasts')).json<{ data: Broadcast[] }>().data;
    const stranger = await makeActor(p.t.app, p.t.database.db, 'admin');
    expect((await api(stranger, 'GET', `/api/broadcasts/${broadcast!.id}`)).statusCode).toBe(404);
    expect((await api(stranger, 'GET', `/api/broadcasts/${broadcast!.id}/recipients`)).statusCode).toBe(404);
    expect((await api(stranger, 'GET', `/api/broadcasts/${broadcast!.id}/recipients.csv`)).statusCode).toBe(
      404,
    );
    expect((await api(stranger, 'POST', `/api/broadcasts/${broadcast!.id}/cancel`)).statusCode).toBe(404);
    expect((await api(stranger, 'GET', '/api/broadcasts')).json<{ data: Broadcast[] }>().data).toEqual([]);
    const list = broadcast!.list_id!;
    expect((await api(stranger, 'DELETE', `/api/broadcasts/lists/${list}`)).statusCode).toBe(404);
    const preview = await api(stranger, 'POST', '/api/broadcasts/preview', {
      list_id: list,
      channel_account_id: p.account.id,
      message: { type: 'text', text: 'x' },
    });
    expect(preview.statusCode).toBe(404);
  });
});

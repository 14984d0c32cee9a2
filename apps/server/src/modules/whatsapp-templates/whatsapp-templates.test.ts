// The 24-hour customer-service window and WhatsApp templates against the WhatsApp simulator: free text refused
// once the customer's last message is older than the window (nothing stored), the window's start shown with the
// contact's channels, templates synced from Meta page by page, and a template sent as `type: "template"` with
// its body variables while free text is closed.
import type { CenterChannelAccount, Contact, Message, WhatsappTemplateList } from '@atende/contract';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { CHANNEL_ADAPTERS } from '../../channels/index.ts';
import { createAdapterRegistry } from '../../channels/registry.ts';
import { messages } from '../../db/schema/index.ts';

let t: TestApp;
let sim: WhatsappSimulator;
let admin: Actor;
let account: CenterChannelAccount;
let contactId: string;

const CUSTOMER = '5511911112222';
const HOUR = 3_600_000;

const companyMessages = () =>
  t.database.db.select().from(messages).where(eq(messages.companyId, admin.company.id));

async function statusBecomes(id: string, status: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`message stayed ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reply = (to: string, text: string) =>
  injectAs(t.app, admin, { method: 'POST', url: `/api/conversation/${to}/messages`, payload: { text } });

beforeAll(async () => {
  sim = await startWhatsappSimulator({
    // More templates than one page of the sync's requests, so paging is followed.
    templates: [
      ...Array.from({ length: 120 }, (_, index) => ({
        id: String(5000 + index),
        name: `filler_${String(index).padStart(3, '0')}`,
        language: 'en_US',
        status: 'PENDING' as const,
        category: 'MARKETING' as const,
        components: [{ type: 'BODY' as const, text: `Filler ${index}` }],
      })),
      {
        id: '1001',
        name: 'order_update',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Pedido' },
          { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.' },
        ],
      },
    ],
  });
  t = await createTestApp({ adapters: createAdapterRegistry(CHANNEL_ADAPTERS) });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  const created = await injectAs(t.app, admin, {
    method: 'POST',
    url: '/api/center/channels',
    payload: {
      kind: 'whatsapp',
      name: 'WhatsApp',
      address: sim.account.address,
      settings: { ...sim.account.settings, api_base_url: sim.apiBaseUrl },
      secrets: sim.account.secrets,
    },
  });
  account = created.json<CenterChannelAccount>();
  sim.setWebhookUrl(`${baseUrl}${new URL(account.provider!.webhook_url).pathname}`);
  await sim.customerWrites({ from: CUSTOMER, name: 'Bruno', text: 'Oi' });
  contactId = (await companyMessages())[0]!.contactId;
}, 30_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('customer-service window', () => {
  it('shows when the customer last wrote on each channel, and lets free text through inside the window', async () => {
    const contact = (await injectAs(t.app, admin, { url: `/api/conversation/${contactId}` })).json<Contact>();
    const [channel] = contact.channels;
    expect(Date.now() - Date.parse(channel!.last_inbound_at!)).toBeLessThan(60_000);
    expect(Date.parse(channel!.customer_window_closes_at!)).toBe(
      Date.parse(channel!.last_inbound_at!) + 24 * HOUR,
    );
    const response = await reply(contactId, 'Olá Bruno!');
    expect(response.statusCode).toBe(201);
    await statusBecomes(response.json<Message>().id, 'sent');
  });

  it('refuses free text once the last message is older than 24 hours, in the user’s language, storing nothing', async () => {
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(and(eq(messages.contactId, contactId), eq(messages.direction, 'in')));
    const before = (await companyMessages()).length;
    const refused = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages`,
      payload: { text: 'Ainda está aí?' },
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'customer_window_closed',
      message: expect.stringContaining('24 horas'),
    });
    expect(await companyMessages()).toHaveLength(before);
  });

  it('refuses free text to a customer who never wrote on a line a provider carries', async () => {
    const silent = await makeContact(t.database.db, admin.company, { channel: { kind: 'whatsapp' } });
    const refused = await reply(silent.id, 'Olá!');
    expect(refused.json()).toMatchObject({ code: 'customer_window_closed' });
    // Notes are for colleagues: no window.
    const note = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${silent.id}/messages`,
      payload: { text: 'Cliente novo', internal: true },
    });
    expect(note.statusCode).toBe(201);
  });

  it('leaves kinds without a provider account alone (the demo’s lines, the loopback tests)', async () => {
    const messenger = await makeContact(t.database.db, admin.company, { channel: { kind: 'messenger' } });
    const response = await reply(messenger.id, 'Olá!');
    expect(response.statusCode).toBe(201);
  });
});

describe('WhatsApp templates', () => {
  let templateId: string;

  it('are synced from Meta page by page by an administrator, replacing what was there', async () => {
    const empty = await injectAs(t.app, admin, {
      url: `/api/center/channels/${account.id}/whatsapp-templates`,
    });
    expect(empty.json<WhatsappTemplateList>().data).toEqual([]);
    const synced = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/whatsapp-templates/sync`,
    });
    expect(synced.statusCode, synced.body).toBe(200);
    const { data } = synced.json<WhatsappTemplateList>();
    expect(data).toHaveLength(121);
    const order = data.find((template) => template.name === 'order_update')!;
    expect(order).toMatchObject({
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      body: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
      variables: 2,
    });
    templateId = order.id;
    expect(sim.calls.filter((call) => call.path.includes('/message_templates')).length).toBeGreaterThan(1);
    // Synced again: the same set, not twice.
    const again = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/whatsapp-templates/sync`,
    });
    expect(again.json<WhatsappTemplateList>().data).toHaveLength(121);
  });

  it('are synced by administrators only, and a refusal of Meta’s is told in its words', async () => {
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const denied = await injectAs(t.app, attendant, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/whatsapp-templates/sync`,
    });
    expect(denied.statusCode).toBe(403);
    // The composer's list: approved ones only, for any attendant.
    const approved = await injectAs(t.app, attendant, { url: '/api/whatsapp-templates' });
    expect(approved.json<WhatsappTemplateList>().data.map((each) => each.name)).toEqual(['order_update']);
    sim.failNext('expired_token');
    const failed = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/whatsapp-templates/sync`,
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({ code: 'template_sync_failed' });
  });

  it('is sent outside the window as type "template" with body parameters, its text the body filled', async () => {
    const wrong = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/template`,
      payload: { template_id: templateId, variables: ['Bruno'] },
    });
    expect(wrong.json()).toMatchObject({ code: 'template_variables_mismatch' });
    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/template`,
      payload: { template_id: templateId, variables: ['Bruno', '#123'] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json<Message>();
    expect(message.text).toBe('Olá Bruno, seu pedido #123 saiu para entrega.');
    await statusBecomes(message.id, 'sent');
    const call = sim.calls.findLast((each) => each.path.endsWith('/messages'))!;
    expect(call.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: CUSTOMER,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Bruno' },
              { type: 'text', text: '#123' },
            ],
          },
        ],
      },
    });
    expect(sim.sent().at(-1)?.text).toBe('Olá Bruno, seu pedido #123 saiu para entrega.');
  });

  it('goes through even in the simulator’s closed-window mode, where free text would fail', async () => {
    sim.setWindowOpen(false);
    try {
      const response = await injectAs(t.app, admin, {
        method: 'POST',
        url: `/api/conversation/${contactId}/messages/template`,
        payload: { template_id: templateId, variables: ['Bruno', '#124'] },
      });
      await statusBecomes(response.json<Message>().id, 'sent');
    } finally {
      sim.setWindowOpen(true);
    }
  });
});

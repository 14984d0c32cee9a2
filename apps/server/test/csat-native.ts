// The harness of the CSAT tests over providers' native forms (modules/csat/*native*.test.ts, csat-comment):
// the real server on a loopback port with the real adapters, an administrator, accounts connected through the
// Center for the simulators given, and a conversation that is resolved until its request has left.
import type { CenterChannelAccount, ChannelKind, ProviderKind } from '@atende/contract';
import { freePort } from '@atende/simulators/email';
import type { ProviderSimulator } from '@atende/simulators/provider';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CHANNEL_ADAPTERS } from '../src/channels/index.ts';
import { createAdapterRegistry } from '../src/channels/registry.ts';
import { contacts, csatRequests, messages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { injectAs, makeActor, type Actor } from './factories.ts';

export type NativeHarness = {
  t: TestApp;
  admin: Actor;
  /** Connects an account of `kind` in the Center: it and our webhook address as the simulator calls it. */
  connect(
    kind: ProviderKind,
    body: Record<string, unknown>,
  ): Promise<{ account: CenterChannelAccount; url: string }>;
  /** Connects the simulator's account as it describes it, and points its webhooks at us. */
  connectSimulator(sim: ProviderSimulator): Promise<CenterChannelAccount>;
  /**
   * The customer writes, the admin resolves, and the request job sends: the contact, the request's token and
   * our request message's id at the provider.
   */
  asked(
    sim: ProviderSimulator,
    from: string,
  ): Promise<{ contactId: string; token: string; providerMessageId: string }>;
  /** The contact's request row (undefined before it is asked). */
  requestOf(contactId: string): Promise<typeof csatRequests.$inferSelect | undefined>;
  /** The contact's messages, oldest first. */
  messagesOf(contactId: string): Promise<(typeof messages.$inferSelect)[]>;
  close(): Promise<void>;
};

const pause = () => new Promise((done) => setTimeout(done, 50));

export async function startNativeHarness(): Promise<NativeHarness> {
  const port = await freePort();
  const t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  const baseUrl = await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await makeActor(t.app, t.database.db, 'admin');
  const db = t.database.db;

  async function connect(kind: ProviderKind, body: Record<string, unknown>) {
    const created = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/center/channels',
      payload: { kind, name: `${kind} ACME`, ...body },
    });
    expect(created.statusCode, created.body).toBe(201);
    const account = created.json<CenterChannelAccount>();
    return { account, url: `${baseUrl}${new URL(account.provider!.webhook_url).pathname}` };
  }

  const contactOf = async (kind: ChannelKind, text: string) => {
    for (let i = 0; i < 100; i++) {
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .innerJoin(messages, eq(messages.contactId, contacts.id))
        .where(
          and(eq(contacts.companyId, admin.company.id), eq(messages.kind, kind), eq(messages.text, text)),
        )
        .limit(1);
      if (rows[0]) return rows[0].id;
      await pause();
    }
    throw new Error('contact never stored');
  };

  const requestOf = async (contactId: string) =>
    (await db.select().from(csatRequests).where(eq(csatRequests.contactId, contactId)))[0];

  return {
    t,
    admin,
    connect,
    async connectSimulator(sim) {
      const { account, url } = await connect(sim.kind as ProviderKind, {
        address: sim.account.address,
        settings: { ...sim.account.settings, api_base_url: sim.apiBaseUrl },
        secrets: sim.account.secrets,
      });
      sim.setWebhookUrl(url);
      return account;
    },
    async asked(sim, from) {
      const text = `Olá ${from}`;
      expect((await sim.customerWrites({ from, text })).status).toBe(200);
      const contactId = await contactOf(sim.kind, text);
      await db.update(contacts).set({ responsibleId: admin.user.id }).where(eq(contacts.id, contactId));
      const resolved = await injectAs(t.app, admin, {
        method: 'POST',
        url: `/api/conversation/${contactId}/resolve`,
        payload: {},
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
      for (let i = 0; i < 200; i++) {
        const request = await requestOf(contactId);
        const [message] = request?.messageId
          ? await db.select().from(messages).where(eq(messages.id, request.messageId))
          : [];
        if (request && message?.status === 'sent') {
          return { contactId, token: request.token, providerMessageId: message.providerMessageId! };
        }
        await pause();
      }
      throw new Error('csat request never sent');
    },
    requestOf,
    messagesOf: (contactId) =>
      db
        .select()
        .from(messages)
        .where(eq(messages.contactId, contactId))
        .orderBy(messages.createdAt, messages.id),
    close: () => t.close(),
  };
}

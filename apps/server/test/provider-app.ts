// A test app for a provider channel driven by its simulator: listening on a real port (the simulator posts
// webhooks to it and fetches our signed file addresses), the real adapters, an administrator, and the account
// created through the Center with the simulator's settings; plus the conversation helpers those tests share.
import type { CenterChannelAccount, ItemsPage, Message, ProviderKind } from '@atende/contract';
import type { ProviderSimulator } from '@atende/simulators/provider';
import { freePort } from '@atende/simulators/email';
import { expect } from 'vitest';
import { CHANNEL_ADAPTERS } from '../src/channels/index.ts';
import { createAdapterRegistry } from '../src/channels/registry.ts';
import { createTestApp, type TestApp } from './app.ts';
import { injectAs, makeActor, type Actor } from './factories.ts';

export type ProviderApp = {
  t: TestApp;
  admin: Actor;
  account: CenterChannelAccount;
  /** Creates an account of the simulator's kind for `actor`'s company. */
  createAccount(actor: Actor, simulator: ProviderSimulator, name: string): Promise<CenterChannelAccount>;
};

export async function startProviderApp(sim: ProviderSimulator, name: string): Promise<ProviderApp> {
  const port = await freePort();
  const t = await createTestApp({
    adapters: createAdapterRegistry(CHANNEL_ADAPTERS),
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await makeActor(t.app, t.database.db, 'admin');
  async function createAccount(actor: Actor, simulator: ProviderSimulator, accountName: string) {
    const created = await injectAs(t.app, actor, {
      method: 'POST',
      url: '/api/center/channels',
      payload: {
        kind: simulator.kind as ProviderKind,
        name: accountName,
        address: simulator.account.address,
        settings: { ...simulator.account.settings, api_base_url: simulator.apiBaseUrl },
        secrets: simulator.account.secrets,
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json<CenterChannelAccount>();
  }
  const account = await createAccount(admin, sim, name);
  sim.setWebhookUrl(account.provider!.webhook_url);
  return { t, admin, account, createAccount };
}

/** `probe()` once it answers something truthy, polling; fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A contact's conversation as the console reads it, and replies sent into it. */
export function conversation(t: TestApp, actor: Actor, contactId: () => string) {
  async function items(): Promise<Message[]> {
    const response = await injectAs(t.app, actor, { url: `/api/conversation/${contactId()}/items` });
    return response.json<ItemsPage>().data.flatMap((item) => (item.type === 'message' ? [item.message] : []));
  }
  return {
    messageOf: async (id: string) => (await items()).find((each) => each.id === id),
    async reply(text: string): Promise<string> {
      const sent = await injectAs(t.app, actor, {
        method: 'POST',
        url: `/api/conversation/${contactId()}/messages`,
        payload: { text },
      });
      expect(sent.statusCode).toBe(201);
      return sent.json<Message>().id;
    },
  };
}

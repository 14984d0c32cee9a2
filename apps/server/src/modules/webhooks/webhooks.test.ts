// The webhook route's account: opened once and remembered between calls, forgotten as soon as it changes —
// through the Center (this process's event) or by anyone else (the database's notification at commit, which
// another process's change reaches this one by).
import type { CenterChannelAccount } from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { eventually, injectAs, makeActor, type Actor } from '../../../test/factories.ts';
import { CHANNEL_ADAPTERS } from '../../channels/index.ts';
import { createAdapterRegistry } from '../../channels/registry.ts';
import { channelAccounts } from '../../db/schema/index.ts';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let sequence = 0;

/** Nothing listens there: inbound text makes no call out. */
const UNREACHABLE_API = 'https://api.unreachable.invalid';

async function connectBot(name: string): Promise<CenterChannelAccount> {
  const created = await injectAs(app, admin, {
    method: 'POST',
    url: '/api/center/channels',
    payload: {
      kind: 'telegram',
      name,
      address: '@atende_test_bot',
      settings: { api_base_url: UNREACHABLE_API },
      secrets: { bot_token: `1234567:${'a'.repeat(35)}` },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<CenterChannelAccount>();
}

/** A customer's text to the account's webhook, with its secret: the status Telegram would get. */
async function customerWrites(account: CenterChannelAccount): Promise<number> {
  sequence += 1;
  const person = { id: 777_000, first_name: 'Ana' };
  const update = {
    update_id: sequence,
    message: {
      message_id: sequence,
      from: { ...person, is_bot: false },
      chat: { ...person, type: 'private' },
      date: 1,
      text: `oi ${sequence}`,
    },
  };
  const response = await app.inject({
    method: 'POST',
    url: new URL(account.provider!.webhook_url).pathname,
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': account.provider!.generated.webhook_secret!,
    },
    payload: JSON.stringify(update),
  });
  return response.statusCode;
}

/** Changes the account's row as another process or an operator would, the database's triggers on or off. */
async function disableBehindTheBack(account: CenterChannelAccount, triggers: boolean): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    // A replica's session fires no ordinary trigger: a change nobody is told of.
    if (!triggers) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(channelAccounts).set({ enabled: false }).where(eq(channelAccounts.id, account.id));
  });
}

beforeAll(async () => {
  t = await createTestApp({ adapters: createAdapterRegistry(CHANNEL_ADAPTERS) });
  app = t.app;
  admin = await makeActor(app, t.database.db, 'admin');
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('a webhook’s channel account', () => {
  it('is remembered between calls: a change nobody tells of is not read again', async () => {
    const account = await connectBot('Lembrado');
    expect(await customerWrites(account)).toBe(200);
    await disableBehindTheBack(account, false);
    expect(await customerWrites(account)).toBe(200);
  });

  it('is forgotten at once when the Center changes it', async () => {
    const account = await connectBot('Central');
    expect(await customerWrites(account)).toBe(200);
    const { provider: _provider, ...current } = account;
    const disabled = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/center/channels/${account.id}`,
      payload: {
        kind: 'telegram',
        name: current.name,
        address: current.address,
        enabled: false,
        settings: { api_base_url: UNREACHABLE_API },
        secrets: {},
      },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await customerWrites(account)).toBe(404);
  });

  it('is forgotten when another process (or an operator) changes its row: the database tells at commit', async () => {
    const account = await connectBot('Outro processo');
    expect(await customerWrites(account)).toBe(200);
    await disableBehindTheBack(account, true);
    expect(await eventually(() => customerWrites(account), 404)).toBe(404);
  });
});

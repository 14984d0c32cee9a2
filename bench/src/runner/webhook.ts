// Inbound through the providers' public webhook route, POST /api/webhooks/<kind>/<account id>: a channel
// account of the kind made by the bench company's administrator (its API root unreachable: inbound text needs
// no outbound call), then customers' text messages in the provider's own payload, signed per request as the
// provider signs it (Telegram's secret-token header, Meta's X-Hub-Signature-256 over the exact bytes), each
// with a new provider message id, from known customers of the kind and new ones; timed to the 200 (stored).
import { Agent, request } from 'node:http';
import type { CenterChannelAccount, Contact, ContactPage, ProviderKind } from '@atende/contract';
import { metaJson, metaSignature } from '../../../packages/simulators/src/providers/meta-messaging.ts';
import { CUSTOMER } from '../../../apps/server/src/modules/demo/vocabulary.ts';
import { api, login } from './fixtures.ts';
import { timedAtRate, type LatencyScenario, type ScenarioEnvironment } from './scenarios.ts';

type WebhookKind = Extract<ProviderKind, 'telegram' | 'whatsapp'>;

/** Known customers of the kind the messages come from (4 in 5; the fifth is a new customer each time). */
const KNOWN_CUSTOMERS = 400;
/** Nothing listens there (a reserved name never resolves): a call out would fail, and none is made. */
const UNREACHABLE_API = 'https://api.unreachable.invalid';

type Payload = { body: string; headers: Record<string, string> };

/** A customer's text in the provider's payload, signed; `from` is the provider's id of the customer. */
type Signer = (i: number, from: string, name: string, text: string) => Payload;

type Channel = {
  /** The webhook's path as the Center shows it. */
  path: string;
  sign: Signer;
  /** The provider's id of the i-th new customer. */
  newCustomer: (i: number) => string;
};

/** The index of the unmeasured first call: apart from the measured ones (0, 1, 2…). */
const PROBE = 9_999_999;

/** Unique within a run and across runs on one data set (PGlite's is not restored between runs). */
const runBase = () => Math.floor(Date.now() / 1000) % 1_000_000_000;

async function createAccount(
  env: ScenarioEnvironment,
  token: string,
  kind: WebhookKind,
  appSecret: string,
): Promise<CenterChannelAccount> {
  const common = { kind, name: `Bench ${kind} ${Date.now()}`, enabled: true };
  const input =
    kind === 'telegram'
      ? {
          ...common,
          address: '@atende_bench_bot',
          settings: { api_base_url: UNREACHABLE_API },
          secrets: { bot_token: `1234567:${'b'.repeat(35)}` },
        }
      : {
          ...common,
          address: '+15550001234',
          settings: {
            phone_number_id: '109000000000001',
            business_account_id: '209000000000001',
            api_base_url: UNREACHABLE_API,
          },
          secrets: { access_token: `EAAB${'x'.repeat(60)}`, app_secret: appSecret },
        };
  return api<CenterChannelAccount>(env.baseUrl, '/api/center/channels', token, input);
}

/** Telegram: an update per message, its secret token the account's generated webhook_secret. */
function telegramChannel(account: CenterChannelAccount): Channel {
  const secret = account.provider!.generated.webhook_secret!;
  const base = runBase();
  return {
    path: new URL(account.provider!.webhook_url).pathname,
    newCustomer: (i) => String(5_000_000_000 + base + i),
    sign: (i, from, name, text) => {
      const chatId = Number(from);
      const [firstName, ...rest] = name.split(' ');
      const person = { id: chatId, first_name: firstName, ...(rest.length && { last_name: rest.join(' ') }) };
      const update = {
        update_id: base * 10 + i,
        message: {
          // Unique within the chat (Telegram's ids are per chat), so each is a new message.
          message_id: base * 100_000 + i,
          from: { ...person, is_bot: false, language_code: 'pt-br' },
          chat: { ...person, type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text,
        },
      };
      return {
        body: JSON.stringify(update),
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      };
    },
  };
}

/** WhatsApp Cloud (CHANNELS.md §1): the messages change of a business account, signed with the app secret. */
function whatsappChannel(account: CenterChannelAccount, appSecret: string): Channel {
  const { phone_number_id: phoneNumberId, business_account_id: businessId } = account.provider!.settings;
  const base = runBase();
  return {
    path: new URL(account.provider!.webhook_url).pathname,
    newCustomer: (i) => `5598${String((base + i) % 1_000_000_000).padStart(9, '0')}`,
    sign: (i, from, name, text) => {
      const value = {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550001234', phone_number_id: phoneNumberId },
        contacts: [{ profile: { name }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.bench${base}x${i}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      };
      const body = metaJson({
        object: 'whatsapp_business_account',
        entry: [{ id: businessId, changes: [{ field: 'messages', value }] }],
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': metaSignature(appSecret, body),
        },
      };
    },
  };
}

/** Addresses on `kind` of up to KNOWN_CUSTOMERS of the company's contacts, as the supervisor sees them. */
async function knownCustomers(env: ScenarioEnvironment, kind: WebhookKind): Promise<string[]> {
  const token = env.fixtures.supervisor.token;
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ channel: kind, limit: '200', ...(cursor && { cursor }) });
    const page: ContactPage = await api<ContactPage>(env.baseUrl, `/api/contacts?${query}`, token);
    ids.push(...page.data.map((contact) => contact.id));
    cursor = page.next_cursor;
  } while (cursor && ids.length < KNOWN_CUSTOMERS);
  const addresses: string[] = [];
  for (let at = 0; at < Math.min(ids.length, KNOWN_CUSTOMERS); at += 20) {
    const details = await Promise.all(
      ids.slice(at, at + 20).map((id) => api<Contact>(env.baseUrl, `/api/conversation/${id}`, token)),
    );
    for (const contact of details) {
      const channel = contact.channels.find((c) => c.type === kind && !c.blacklisted);
      if (channel) addresses.push(channel.address);
    }
  }
  return addresses;
}

/**
 * The provider's side of the line: a bounded pool of kept-alive connections, as Telegram opens at most 40 to a
 * webhook (setWebhook's max_connections default; Meta is given the same); a message waits for a free
 * connection, and that wait counts in its time (open loop), rather than the bench opening a socket per message.
 */
const PROVIDER_CONNECTIONS = 40;

type Post = (path: string, payload: Payload) => Promise<number>;

function providerClient(baseUrl: string): { post: Post; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: PROVIDER_CONNECTIONS });
  const post: Post = (path, payload) =>
    new Promise((resolve, reject) => {
      const call = request(new URL(path, baseUrl), { method: 'POST', agent, headers: payload.headers });
      call.on('response', (response) => {
        response.on('end', () => resolve(response.statusCode ?? 0)).on('error', reject);
        response.resume();
      });
      call.on('error', reject);
      call.end(payload.body);
    });
  return { post, close: () => agent.destroy() };
}

export const webhookIngest = (kind: WebhookKind): LatencyScenario => ({
  kind: 'latency',
  name: `webhook_ingest_${kind}`,
  description: `${kind} webhooks at a fixed rate (signed per request, 4 of 5 from known customers), POST → 200 (stored)`,
  async prepare(env, options) {
    const admin = await login(env.baseUrl, 'admin');
    const appSecret = `bench${runBase()}`;
    const account = await createAccount(env, admin.token, kind, appSecret);
    const channel = kind === 'telegram' ? telegramChannel(account) : whatsappChannel(account, appSecret);
    const known = await knownCustomers(env, kind);
    const customer = (i: number) =>
      i % 5 === 4 || !known.length
        ? { from: channel.newCustomer(i), name: `Cliente novo ${i}` }
        : { from: known[i % known.length]!, name: `Cliente ${i % known.length}` };
    const message = (i: number) => {
      const { from, name } = customer(i);
      return channel.sign(i, from, name, `${CUSTOMER[i % CUSTOMER.length]} (${env.runId}w-${i})`);
    };
    const client = providerClient(env.baseUrl);
    // The first call, unmeasured: a server without the kind's adapter answers 404 (no such webhook).
    const first = await client.post(channel.path, message(PROBE));
    if (first !== 200) client.close();
    if (first === 404) return { skip: `no ${kind} adapter on this server (its webhook answered 404)` };
    if (first !== 200) throw new Error(`${kind} webhook answered ${first} to the first call`);
    return {
      measure: async () => {
        try {
          return await timedAtRate(options.ingestRate, env.durationSeconds * 1000, async (i) => {
            const status = await client.post(channel.path, message(i));
            if (status !== 200) throw new Error(`${kind} webhook answered ${status}`);
          });
        } finally {
          client.close();
        }
      },
    };
  },
});

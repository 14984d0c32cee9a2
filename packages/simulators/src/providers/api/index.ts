// An integrator of the generic channel API: an HTTP server that takes our `message_created` and `ping` events
// only when signed with the account's outbound secret within the 5-minute window (401 otherwise), records each
// delivery once per Idempotency-Key, answers 429 (Retry-After), 500 or 401 on demand, and serves the files its
// customers send by URL; and the integrator's client, which posts customers' messages and delivery statuses
// to our webhook signed with the inbound secret over the exact bytes it sends.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomerMessage, InjectedFailure, ProviderSimulator, ReceivedCall } from '../../provider.ts';

const WINDOW_SECONDS = 300;

/** `sha256=` + hex HMAC-SHA256(secret, "<timestamp>.<body>"): the protocol's signature, both ways. */
export const channelApiSignature = (secret: string, timestamp: string, body: string | Buffer): string =>
  `sha256=${createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]))
    .digest('hex')}`;

export type ApiSecrets = { inbound_secret: string; outbound_secret: string };

/** A delivery the integrator accepted. */
type Delivered = {
  providerMessageId: string;
  to: string;
  text: string | null;
  media: unknown;
  replyTo: string | null;
};

export type ApiSimulator = ProviderSimulator & {
  /** The secrets the server generated for the account (shown in the Center), needed to sign and verify. */
  useSecrets(secrets: ApiSecrets): void;
  /**
   * Posts any body to our webhook, signed unless told otherwise: `timestamp` (unix seconds) to sign as of
   * another time, `secret` to sign with another key, `url` to call another account's address.
   */
  post(
    body: unknown,
    options?: { timestamp?: number; secret?: string; url?: string; raw?: string },
  ): Promise<{ status: number; body: unknown }>;
  /** Pings received (the Center's connection test). */
  pings: number;
};

export async function startApiSimulator(options: { address?: string } = {}): Promise<ApiSimulator> {
  let secrets: ApiSecrets | null = null;
  let webhookUrl = '';
  let sequence = 0;
  const failures: InjectedFailure[] = [];
  const calls: ReceivedCall[] = [];
  const delivered = new Map<string, Delivered>();
  const media = new Map<string, { contentType: string; data: Buffer }>();

  function verified(request: IncomingMessage, body: Buffer): boolean {
    const timestamp = String(request.headers['x-atende-timestamp'] ?? '');
    const given = Buffer.from(String(request.headers['x-atende-signature'] ?? ''));
    if (!secrets || !/^\d+$/.test(timestamp)) return false;
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WINDOW_SECONDS) return false;
    const expected = Buffer.from(channelApiSignature(secrets.outbound_secret, timestamp, body));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function answer(response: ServerResponse, status: number, body: unknown, headers = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = new URL(request.url ?? '/', 'http://sim').pathname;
    if (request.method === 'GET' && path.startsWith('/media/')) {
      const file = media.get(path.slice('/media/'.length));
      if (!file) return answer(response, 404, { error: 'no such file' });
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length });
      return response.end(file.data);
    }
    if (request.method !== 'POST' || path !== '/webhook')
      return answer(response, 404, { error: 'not found' });
    let body: unknown = null;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      // Recorded as null: an unsigned or broken call is refused below anyway.
    }
    calls.push({ method: 'POST', path, headers: request.headers, body });
    if (!verified(request, raw)) return answer(response, 401, { error: 'invalid signature' });
    const failure = failures.shift();
    if (failure === 'rate_limit')
      return answer(response, 429, { error: 'slow down' }, { 'retry-after': '1' });
    if (failure === 'server_error') return answer(response, 500, { error: 'integrator is down' });
    if (failure) return answer(response, 403, { error: 'contact blocked this bot' });
    const event = body as { event?: string; message?: Record<string, unknown> };
    if (event.event === 'ping') {
      simulator.pings++;
      return answer(response, 200, { ok: true });
    }
    if (event.event !== 'message_created' || !event.message) {
      return answer(response, 422, { error: 'unknown event' });
    }
    const key = String(request.headers['idempotency-key'] ?? '');
    const message = event.message as {
      id: string;
      contact: { identifier: string };
      text: string;
      attachments: unknown[];
      reply_to?: string;
    };
    if (!delivered.has(key)) {
      delivered.set(key, {
        providerMessageId: message.id,
        to: message.contact.identifier,
        text: message.text,
        media: message.attachments.length > 0 ? message.attachments : null,
        replyTo: message.reply_to ?? null,
      });
    }
    return answer(response, 200, { ok: true });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => answer(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post(
    body: unknown,
    options: { timestamp?: number; secret?: string; url?: string; raw?: string } = {},
  ) {
    if (!secrets && options.secret === undefined) throw new Error('useSecrets() first');
    const bytes = options.raw ?? JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const response = await fetch(options.url ?? webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-atende-timestamp': timestamp,
        'x-atende-signature': channelApiSignature(
          options.secret ?? secrets!.inbound_secret,
          timestamp,
          bytes,
        ),
      },
      body: bytes,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body: parsed };
  }

  const simulator: ApiSimulator = {
    kind: 'api',
    apiBaseUrl: base,
    account: { settings: { webhook_url: `${base}/webhook` }, secrets: {}, address: options.address ?? 'Bot' },
    pings: 0,
    calls,
    useSecrets(given) {
      secrets = given;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    post,
    async customerWrites(message: CustomerMessage) {
      const id = `sim-${++sequence}`;
      const attachments: unknown[] = [];
      if (message.media) {
        const name = `${id}-${message.media.filename}`;
        media.set(name, { contentType: message.media.contentType, data: message.media.data });
        attachments.push({
          url: `${base}/media/${encodeURIComponent(name)}`,
          filename: message.media.filename,
        });
      }
      const location = message.location
        ? `${message.location.name ?? 'Location'}: https://maps.google.com/?q=${message.location.latitude},${message.location.longitude}`
        : '';
      const { status } = await post({
        type: 'message',
        id,
        contact: { identifier: message.from, ...(message.name ? { name: message.name } : {}) },
        text: [message.text, location].filter(Boolean).join('\n'),
        ...(attachments.length ? { attachments } : {}),
      });
      return { status, providerMessageId: id };
    },
    async reportStatus(providerMessageId, status, error) {
      const answer = await post({
        type: 'status',
        message_id: providerMessageId,
        status,
        ...(error ? { error } : {}),
      });
      return answer.status;
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    sent: () => [...delivered.values()],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return simulator;
}

// The Meta messaging products' shared imitation (Messenger, Instagram Direct): a Graph API on a loopback port
// that takes our Send API calls (JSON, or multipart with `filedata`) as Meta does — token in the query or as
// Bearer, the account id in the path, {recipient_id, message_id} on success and Graph's error bodies (190 bad
// token, 613 rate limit, 10/2018278 window closed, 2 transient) — answers the profile read, serves the CDN
// files customers send, and posts the webhooks: customers' messages (and their taps on our quick replies,
// shown only under our latest message until the customer answers), echoes of our sends, delivery and read
// watermarks, each signed X-Hub-Signature-256 over exactly the bytes sent (non-ASCII escaped as \uXXXX).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomerMessage, InjectedFailure, ProviderSimulator, ReceivedCall } from '../provider.ts';

/** What tells one Meta product's imitation from the other's. */
export type MetaProduct = {
  kind: 'messenger' | 'instagram_direct';
  /** The webhook envelope's object. */
  object: 'page' | 'instagram';
  /** The id messages go to and come from (page id or Instagram id), as in the account's settings. */
  accountId: string;
  /** The id in the Send API's path, when not the account's (Instagram through Facebook Login: the page). */
  sendId?: string;
  /** Every other account setting the server needs (id fields, login). */
  settings: Record<string, string>;
  /** The secret field names of the access token. */
  tokenField: 'page_access_token' | 'access_token';
  /** How our server authenticates: the token in the query (Graph for pages) or as a Bearer header. */
  auth: 'query' | 'bearer';
  /** The profile the read answers ({name} of a page, {username} of an Instagram account). */
  profile: Record<string, string>;
  /** How read receipts look: a watermark (Messenger) or the mid seen (Instagram's messaging_seen). */
  reads: 'watermark' | 'mid';
  /** Whether the product sends delivery receipts (Instagram does not). */
  deliveries: boolean;
  address: string;
};

export type MetaSimulatorOptions = {
  appSecret?: string;
  accessToken?: string;
};

export type MetaSimulator = ProviderSimulator & {
  /** Posts raw bytes to our webhook, signed with the app secret (or with `signature` as given). */
  post(body: string | Buffer, signature?: string): Promise<number>;
  /** Delivery (or read) of everything sent to `to` up to `watermark` (default: now), as one receipt. */
  watermark(to: string, status: 'delivered' | 'read', watermark?: Date): Promise<number>;
  /** Meta's echo of one of our sends (message.is_echo, from the account to the customer). */
  echo(providerMessageId: string): Promise<number>;
  /** The JSON of a webhook envelope holding these events under the account's entry. */
  envelope(events: unknown[], entryId?: string): string;
  /** The quick replies a sent message offered ([] for none). */
  quickReplies(providerMessageId: string): QuickReply[];
  /**
   * The customer taps the quick reply with this payload under our message: Meta sends a message whose text is
   * the reply's title with `quick_reply.payload`. Only the latest message to the customer shows its quick
   * replies, and only until the customer sends anything: a tap on any other throws. Answers the webhook's status
   * and the posted bytes (to replay them).
   */
  customerTaps(
    providerMessageId: string,
    payload: string,
  ): Promise<{ status: number; providerMessageId: string; body: string }>;
};

export type QuickReply = { content_type: string; title: string; payload: string };

type SentMessage = {
  providerMessageId: string;
  to: string;
  text: string | null;
  media: { type: string; filename: string; contentType: string; size: number } | null;
  replyTo: string | null;
  quickReplies: QuickReply[];
  at: number;
};

/** The Send API's limits on quick replies: 13 of them, title ≤ 20 characters, payload ≤ 1000. */
const QUICK_REPLIES_MAX = 13;
const QUICK_REPLY_TITLE_MAX = 20;
const QUICK_REPLY_PAYLOAD_MAX = 1000;

/** The message's quick replies when valid as Meta validates them (text ones only here); null when refused. */
function quickRepliesOf(value: unknown): QuickReply[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length === 0 || value.length > QUICK_REPLIES_MAX) return null;
  const replies = value as Partial<QuickReply>[];
  const valid = replies.every(
    (reply) =>
      reply.content_type === 'text' &&
      typeof reply.title === 'string' &&
      reply.title.length > 0 &&
      reply.title.length <= QUICK_REPLY_TITLE_MAX &&
      typeof reply.payload === 'string' &&
      reply.payload.length > 0 &&
      reply.payload.length <= QUICK_REPLY_PAYLOAD_MAX,
  );
  return valid ? (replies as QuickReply[]) : null;
}

/** Meta escapes every non-ASCII character in its webhook JSON; the signature is over those bytes. */
export const metaJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export const metaSignature = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const newMid = () => `m_${randomBytes(24).toString('base64url')}`;

const graphError = (message: string, code: number, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: randomBytes(8).toString('hex') },
});

const FAILURES: Record<InjectedFailure, { status: number; body: unknown; headers?: Record<string, string> }> =
  {
    rate_limit: {
      status: 429,
      headers: { 'retry-after': '1' },
      body: graphError('(#613) Calls to this api have exceeded the rate limit.', 613),
    },
    expired_token: {
      status: 401,
      body: graphError(
        'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.',
        190,
        { error_subcode: 463 },
      ),
    },
    window_closed: {
      status: 400,
      body: graphError(
        '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
        10,
        { error_subcode: 2018278 },
      ),
    },
    server_error: {
      status: 500,
      body: graphError('An unexpected error has occurred. Please retry your request later.', 2, {
        is_transient: true,
      }),
    },
  };

const MEDIA_TYPES: Record<NonNullable<CustomerMessage['media']>['kind'], string> = {
  image: 'image',
  document: 'file',
  audio: 'audio',
  video: 'video',
  sticker: 'image',
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A JSON body, or a multipart one read the way Meta reads it (JSON fields decoded, the file described). */
async function parseBody(request: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://meta.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(raw),
    }).formData();
    const body: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        try {
          body[name] = JSON.parse(value) as unknown;
        } catch {
          body[name] = value;
        }
      } else {
        body[name] = { filename: value.name, contentType: value.type, size: value.size };
      }
    }
    return body;
  }
  if (raw.length === 0) return {};
  return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
}

export async function startMetaSimulator(
  product: MetaProduct,
  options: MetaSimulatorOptions = {},
): Promise<MetaSimulator> {
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const token = options.accessToken ?? `EAAG${randomBytes(16).toString('hex')}`;
  const calls: ReceivedCall[] = [];
  const messages: SentMessage[] = [];
  const media = new Map<string, { data: Buffer; contentType: string }>();
  const failures: InjectedFailure[] = [];
  /** Per customer, our latest message while its quick replies still show (the customer sent nothing since). */
  const showing = new Map<string, string>();
  let webhookUrl: string | null = null;

  function send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  }

  function authorised(request: IncomingMessage, url: URL): boolean {
    const given =
      product.auth === 'bearer'
        ? request.headers.authorization?.replace(/^Bearer /, '')
        : url.searchParams.get('access_token');
    return given === token;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://meta.local');
    const cdn = /^\/cdn\/([^/]+)\//.exec(url.pathname);
    if (request.method === 'GET' && cdn) {
      const file = media.get(cdn[1]!);
      if (!file) return send(response, 404, graphError('not found', 100));
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length });
      response.end(file.data);
      return;
    }
    const raw = await readBody(request);
    const body = await parseBody(request, raw).catch(() => null);
    calls.push({ method: request.method ?? 'GET', path: url.pathname, headers: request.headers, body });
    if (!authorised(request, url)) {
      return send(response, 400, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    const failure = failures.shift();
    if (failure) {
      const { status, body: failed, headers } = FAILURES[failure];
      return send(response, status, failed, headers);
    }
    const path = url.pathname.split('/').filter(Boolean);
    if (request.method === 'GET' && path.length === 1 && path[0] === product.accountId) {
      return send(response, 200, { ...product.profile, id: product.accountId });
    }
    if (
      request.method === 'POST' &&
      path.length === 2 &&
      path[0] === (product.sendId ?? product.accountId) &&
      path[1] === 'messages'
    ) {
      return sendApi(response, body);
    }
    send(response, 400, graphError(`Unsupported ${request.method} request.`, 100, { error_subcode: 33 }));
  }

  function sendApi(response: ServerResponse, body: Record<string, unknown> | null) {
    const recipient = (body?.recipient as { id?: unknown } | undefined)?.id;
    const message = body?.message as
      { text?: unknown; attachment?: { type?: unknown }; quick_replies?: unknown } | undefined;
    const file = body?.filedata as { filename: string; contentType: string; size: number } | undefined;
    const text = typeof message?.text === 'string' ? message.text : null;
    const attachmentType = message?.attachment?.type;
    if (typeof recipient !== 'string' || (!text && !(typeof attachmentType === 'string' && file))) {
      return send(response, 400, graphError('(#100) Invalid parameter', 100));
    }
    const quickReplies = quickRepliesOf(message?.quick_replies);
    if (!quickReplies) return send(response, 400, graphError('(#100) Invalid quick_replies', 100));
    const replyTo = (body?.reply_to as { mid?: unknown } | undefined)?.mid;
    const sent: SentMessage = {
      providerMessageId: newMid(),
      to: recipient,
      text,
      media: file && typeof attachmentType === 'string' ? { type: attachmentType, ...file } : null,
      replyTo: typeof replyTo === 'string' ? replyTo : null,
      quickReplies,
      at: Date.now(),
    };
    messages.push(sent);
    // A new message to the customer hides the quick replies of the one before.
    showing.set(recipient, sent.providerMessageId);
    send(response, 200, { recipient_id: recipient, message_id: sent.providerMessageId });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      send(response, 500, graphError(error instanceof Error ? error.message : String(error), 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const envelope = (events: unknown[], entryId = product.accountId) =>
    metaJson({ object: product.object, entry: [{ id: entryId, time: Date.now(), messaging: events }] });

  async function post(body: string | Buffer, signature = metaSignature(appSecret, body)): Promise<number> {
    if (!webhookUrl) throw new Error('setWebhookUrl first');
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    await response.arrayBuffer();
    return response.status;
  }

  const fromCustomer = (to: string) => ({ sender: { id: to }, recipient: { id: product.accountId } });
  const byId = (id: string) => {
    const found = messages.find((message) => message.providerMessageId === id);
    if (!found) throw new Error(`no message ${id} was sent`);
    return found;
  };

  async function watermark(to: string, status: 'delivered' | 'read', at = new Date()): Promise<number> {
    const receipt =
      status === 'delivered'
        ? { delivery: { watermark: at.getTime() } }
        : { read: { watermark: at.getTime() } };
    return post(envelope([{ ...fromCustomer(to), timestamp: Date.now(), ...receipt }]));
  }

  return {
    kind: product.kind,
    apiBaseUrl,
    account: {
      settings: { ...product.settings, api_base_url: apiBaseUrl },
      secrets: { [product.tokenField]: token, app_secret: appSecret },
      address: product.address,
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async customerWrites(message) {
      showing.delete(message.from);
      const mid = newMid();
      const attachments: unknown[] = [];
      if (message.media) {
        const id = randomBytes(8).toString('hex');
        media.set(id, { data: message.media.data, contentType: message.media.contentType });
        const url = `${apiBaseUrl}/cdn/${id}/${encodeURIComponent(message.media.filename)}?_nc_sid=${id}`;
        attachments.push({
          type: MEDIA_TYPES[message.media.kind],
          payload: { url, ...(message.media.kind === 'sticker' ? { sticker_id: 369239263222822 } : {}) },
        });
      }
      if (message.location) {
        const { latitude: lat, longitude: long, name } = message.location;
        attachments.push({
          type: 'location',
          ...(name ? { title: name } : {}),
          payload: { coordinates: { lat, long } },
        });
      }
      const event = {
        ...fromCustomer(message.from),
        timestamp: Date.now(),
        message: {
          mid,
          ...(message.text ? { text: message.text } : {}),
          ...(attachments.length ? { attachments } : {}),
          ...(message.replyTo ? { reply_to: { mid: message.replyTo } } : {}),
        },
      };
      return { status: await post(envelope([event])), providerMessageId: mid };
    },
    async reportStatus(providerMessageId, status) {
      const sent = byId(providerMessageId);
      // Meta reports no "sent" or "failed" by webhook, and Instagram no deliveries: nothing to post.
      if (status === 'sent' || status === 'failed') return 200;
      if (status === 'delivered') {
        if (!product.deliveries) return 200;
        return post(
          envelope([
            {
              ...fromCustomer(sent.to),
              timestamp: Date.now(),
              delivery: { mids: [providerMessageId], watermark: sent.at },
            },
          ]),
        );
      }
      if (product.reads === 'mid') {
        return post(
          envelope([{ ...fromCustomer(sent.to), timestamp: Date.now(), read: { mid: providerMessageId } }]),
        );
      }
      return watermark(sent.to, 'read', new Date(sent.at));
    },
    watermark,
    async echo(providerMessageId) {
      const sent = byId(providerMessageId);
      const event = {
        sender: { id: product.accountId },
        recipient: { id: sent.to },
        timestamp: Date.now(),
        message: { mid: providerMessageId, is_echo: true, text: sent.text ?? '' },
      };
      return post(envelope([event]));
    },
    post,
    envelope,
    quickReplies: (providerMessageId) => byId(providerMessageId).quickReplies,
    async customerTaps(providerMessageId, payload) {
      const sent = byId(providerMessageId);
      const reply = sent.quickReplies.find((each) => each.payload === payload);
      if (!reply) throw new Error(`message ${providerMessageId} offers no quick reply ${payload}`);
      if (showing.get(sent.to) !== providerMessageId) {
        throw new Error(`the quick replies of ${providerMessageId} no longer show`);
      }
      showing.delete(sent.to);
      const mid = newMid();
      const body = envelope([
        {
          ...fromCustomer(sent.to),
          timestamp: Date.now(),
          message: { mid, text: reply.title, quick_reply: { payload } },
        },
      ]);
      return { status: await post(body), providerMessageId: mid, body };
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    calls,
    sent: () => messages.map(({ at: _at, quickReplies: _replies, ...message }) => message),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

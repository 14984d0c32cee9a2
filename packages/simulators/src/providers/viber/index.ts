// Viber's REST Bot API on a loopback port: send_message, set_webhook (which probes our webhook with a signed
// `webhook` event first, as Viber does) and get_account_info, authenticated by X-Viber-Auth-Token and answered
// HTTP 200 with {status, status_message} (0 is ok; 2 invalidAuthToken, 6 receiverNotSubscribed, 12
// tooManyRequests); customers' messages (and their taps on the `reply` buttons of the keyboard our latest
// message carries, sent as the button's ActionBody) and delivery receipts posted to our webhook, signed
// (X-Viber-Content-Signature: hex HMAC-SHA256 of the exact bytes with the auth token), with every
// message_token written as a bare 64-bit integer beyond 2^53, as Viber writes it.
import { createHmac } from 'node:crypto';
import type { CustomerMessage, InjectedFailure, ProviderSimulator } from '../../provider.ts';
import {
  randomHex,
  startLoopbackServer,
  type LoopbackReply,
  type LoopbackRequest,
} from '../../loopback-server.ts';

export type ViberSimulatorOptions = { authToken?: string; senderName?: string };

export type ViberSimulator = ProviderSimulator & {
  /** Posts an event object to our webhook (message_token given as digits is written bare), signed with `token`. */
  post(event: Record<string, unknown>, token?: string): Promise<{ status: number; body: string }>;
  /** The exact JSON text an event object is sent as. */
  encode(event: Record<string, unknown>): string;
  sign(body: string, token?: string): string;
  /** The last set_webhook call's URL (null before one). */
  registeredWebhook(): string | null;
  /** The buttons of the keyboard a sent message carried ([] for none). */
  keyboard(providerMessageId: string): ViberButton[];
  /**
   * The customer taps the `reply` button with this ActionBody on the keyboard showing in their chat (the latest
   * message's; a message without one hides it): Viber sends a text message whose text is the ActionBody. A
   * button not showing throws. Answers the webhook's status and the event (to replay it).
   */
  customerTaps(
    from: string,
    actionBody: string,
  ): Promise<{ status: number; providerMessageId: string; event: Record<string, unknown> }>;
};

export type ViberButton = { ActionType?: string; ActionBody: string; Text?: string; Silent?: boolean };

type Sent = {
  token: string;
  receiver: string;
  type: string;
  text: string | null;
  media: unknown;
  keyboard: ViberButton[];
};

/** Viber's limits on a keyboard: 24 buttons, ActionBody ≤ 250 characters (Text too). */
const BUTTONS_MAX = 24;
const ACTION_BODY_MAX = 250;

/** A send_message body's keyboard buttons when valid as Viber checks them; null when refused (badData). */
function keyboardOf(value: unknown): ViberButton[] | null {
  if (value === undefined) return [];
  const keyboard = value as { Type?: unknown; Buttons?: unknown } | null;
  if (keyboard?.Type !== 'keyboard' || !Array.isArray(keyboard.Buttons)) return null;
  const buttons = keyboard.Buttons as Partial<ViberButton>[];
  if (buttons.length === 0 || buttons.length > BUTTONS_MAX) return null;
  const valid = buttons.every(
    (button) =>
      typeof button.ActionBody === 'string' &&
      button.ActionBody.length > 0 &&
      button.ActionBody.length <= ACTION_BODY_MAX &&
      (button.Text === undefined ||
        (typeof button.Text === 'string' && button.Text.length <= ACTION_BODY_MAX)),
  );
  return valid ? (buttons as ViberButton[]) : null;
}

const FAILURES: Record<InjectedFailure, LoopbackReply> = {
  rate_limit: { status: 200, body: { status: 12, status_message: 'tooManyRequests' } },
  expired_token: { status: 200, body: { status: 2, status_message: 'invalidAuthToken' } },
  window_closed: { status: 200, body: { status: 6, status_message: 'receiverNotSubscribed' } },
  server_error: { status: 500, body: 'Internal Server Error' },
};

/** A message token as Viber makes them: 19 digits, far beyond Number.MAX_SAFE_INTEGER. */
const newToken = () => (5_000_000_000_000_000_000n + BigInt(`0x${randomHex(15)}`)).toString();

const TYPES: Record<NonNullable<CustomerMessage['media']>['kind'], string> = {
  image: 'picture',
  document: 'file',
  audio: 'file',
  video: 'video',
  sticker: 'sticker',
};

export async function startViberSimulator(options: ViberSimulatorOptions = {}): Promise<ViberSimulator> {
  const authToken = options.authToken ?? `${randomHex(16)}-${randomHex(16)}-${randomHex(16)}`;
  const media = new Map<string, { data: Buffer; contentType: string }>();
  const sent: Sent[] = [];
  const users = new Map<string, string>();
  let webhookUrl: string | null = null;
  let registered: string | null = null;

  const encode = (event: Record<string, unknown>) =>
    JSON.stringify(event).replace(/"message_token":"(\d+)"/g, '"message_token":$1');
  const sign = (body: string, token = authToken) => createHmac('sha256', token).update(body).digest('hex');

  /** The customer's message event as Viber posts it. */
  const messageEvent = (from: string, name: string, token: string, content: Record<string, unknown>) => ({
    event: 'message',
    timestamp: Date.now(),
    chat_hostname: 'SN-SIM',
    message_token: token,
    sender: { id: from, name, avatar: '', language: 'pt', country: 'BR', api_version: 10 },
    message: content,
    silent: false,
  });

  async function post(event: Record<string, unknown>, token = authToken, url = webhookUrl) {
    if (!url) throw new Error('the Viber simulator has no webhook URL yet (setWebhookUrl)');
    const body = encode(event);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-viber-content-signature': sign(body, token) },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  const ok = (extra: Record<string, unknown> = {}): LoopbackReply => ({
    status: 200,
    body: { status: 0, status_message: 'ok', ...extra },
  });

  async function handle(request: LoopbackRequest): Promise<LoopbackReply> {
    const file = /^\/media\/([0-9a-f]{24})$/.exec(request.path);
    if (request.method === 'GET' && file) {
      const found = media.get(file[1]!);
      return found
        ? { status: 200, body: found.data, headers: { 'content-type': found.contentType } }
        : { status: 404, body: 'not found' };
    }
    if (request.method !== 'POST') return { status: 405, body: 'Method Not Allowed' };
    if (request.headers['x-viber-auth-token'] !== authToken) {
      return { status: 200, body: { status: 2, status_message: 'invalidAuthToken' } };
    }
    const failure = server.takeFailure();
    if (failure) return FAILURES[failure];
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return { status: 200, body: { status: 3, status_message: 'badData' } };
    }
    switch (request.path) {
      case '/get_account_info':
        return ok({
          id: 'pa:simulated',
          name: options.senderName ?? 'Simulated bot',
          uri: 'simulated',
          webhook: registered,
        });
      case '/set_webhook': {
        const url = typeof body.url === 'string' ? body.url : '';
        // Viber probes the address before it takes it: a signed `webhook` event that must get 200.
        const probe = await post(
          { event: 'webhook', timestamp: Date.now(), chat_hostname: 'SN-SIM', message_token: newToken() },
          authToken,
          url,
        ).catch(() => ({ status: 0 }));
        if (probe.status !== 200) {
          return {
            status: 200,
            body: { status: 1, status_message: `Result[HttpRequest[POST ${url}] status ${probe.status}]` },
          };
        }
        registered = url;
        return ok({ event_types: body.event_types ?? [] });
      }
      case '/send_message': {
        const receiver = typeof body.receiver === 'string' ? body.receiver : '';
        const sender = body.sender as { name?: unknown } | undefined;
        if (!receiver || typeof sender?.name !== 'string' || !sender.name) {
          return { status: 200, body: { status: 4, status_message: 'missingData' } };
        }
        if (!users.has(receiver))
          return { status: 200, body: { status: 6, status_message: 'receiverNotSubscribed' } };
        const type = String(body.type ?? '');
        const keyboard = keyboardOf(body.keyboard);
        if (!['text', 'picture', 'video', 'file'].includes(type) || !keyboard) {
          return { status: 200, body: { status: 3, status_message: 'badData' } };
        }
        let fetched: unknown = null;
        if (type !== 'text') {
          const response = await fetch(String(body.media)).catch(() => null);
          const data = response ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
          fetched = {
            url: body.media,
            status: response?.status ?? 0,
            contentType: response?.headers.get('content-type') ?? null,
            size: data.length,
            file_name: body.file_name ?? null,
          };
        }
        const token = newToken();
        sent.push({
          token,
          receiver,
          type,
          text: typeof body.text === 'string' ? body.text : null,
          media: fetched,
          keyboard,
        });
        return {
          status: 200,
          body: encode({
            status: 0,
            status_message: 'ok',
            message_token: token,
            chat_hostname: 'SN-CHAT-05_',
          }),
          headers: { 'content-type': 'application/json' },
        };
      }
      default:
        return { status: 404, body: 'Not Found' };
    }
  }

  const server = await startLoopbackServer(handle, (request) => {
    try {
      return JSON.parse(request.raw.toString('utf8')) as unknown;
    } catch {
      return request.raw.toString('utf8');
    }
  });

  return {
    kind: 'viber',
    apiBaseUrl: server.origin,
    account: {
      settings: { sender_name: options.senderName ?? 'ACME' },
      secrets: { auth_token: authToken },
      address: options.senderName ?? 'ACME',
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    post: (event, token) => post(event, token),
    encode,
    sign,
    registeredWebhook: () => registered,
    async customerWrites(message: CustomerMessage) {
      users.set(message.from, message.name ?? 'Viber user');
      const token = newToken();
      let content: Record<string, unknown>;
      if (message.media) {
        const id = randomHex(24);
        media.set(id, { data: message.media.data, contentType: message.media.contentType });
        const url = `${server.origin}/media/${id}`;
        content = { type: TYPES[message.media.kind], media: url, text: message.text ?? '' };
        if (content.type === 'file' || content.type === 'video') {
          content = { ...content, size: message.media.data.length, file_name: message.media.filename };
        }
        if (content.type === 'picture') content.thumbnail = url;
      } else if (message.location) {
        content = {
          type: 'location',
          location: { lat: message.location.latitude, lon: message.location.longitude },
        };
      } else {
        content = { type: 'text', text: message.text ?? '' };
      }
      const { status } = await post(messageEvent(message.from, message.name ?? 'Viber user', token, content));
      return { status, providerMessageId: token };
    },
    keyboard: (providerMessageId) => sent.find((each) => each.token === providerMessageId)?.keyboard ?? [],
    async customerTaps(from, actionBody) {
      const latest = sent.filter((each) => each.receiver === from).at(-1);
      const button = latest?.keyboard.find((each) => each.ActionBody === actionBody);
      if (!button || (button.ActionType ?? 'reply') !== 'reply') {
        throw new Error(`no reply button ${actionBody} shows in ${from}'s chat`);
      }
      const token = newToken();
      const event = messageEvent(from, users.get(from) ?? 'Viber user', token, {
        type: 'text',
        text: actionBody,
      });
      const { status } = await post(event);
      return { status, providerMessageId: token, event };
    },
    async reportStatus(providerMessageId, status, error) {
      const message = sent.find((each) => each.token === providerMessageId);
      // Viber has no "sent" receipt: send_message's answer is that.
      if (status === 'sent') throw new Error('Viber reports no "sent" status');
      const event = { delivered: 'delivered', read: 'seen', failed: 'failed' }[status];
      return (
        await post({
          event,
          timestamp: Date.now(),
          chat_hostname: 'SN-SIM',
          message_token: providerMessageId,
          user_id: message?.receiver ?? '',
          ...(status === 'failed' ? { desc: error ?? 'failed to deliver' } : {}),
        })
      ).status;
    },
    failNext: server.failNext,
    calls: server.calls,
    sent: () =>
      sent.map((each) => ({
        providerMessageId: each.token,
        to: each.receiver,
        text: each.text,
        media: each.media,
        replyTo: null,
      })),
    close: server.close,
  };
}

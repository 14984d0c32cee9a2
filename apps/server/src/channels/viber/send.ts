// The Viber adapter (REST Bot API): POST <root>/send_message with X-Viber-Auth-Token, {receiver, min_api_version,
// sender {name, avatar}, type text | picture | video | file} (choices as the text's keyboard); files go by the
// server's signed public address (Viber fetches them). Viber answers HTTP 200 with `status`: 0 is sent
// (message_token, a 64-bit integer kept as digits), 12 (too many messages) waits and retries, the rest of its
// codes say what retrying cannot fix.
import type { AttachmentKind } from '@atende/contract';
import {
  DeliveryError,
  type ChannelAccountRecord,
  type ChannelAdapter,
  type OutboundAttachment,
  type OutboundMessage,
  type ProviderProbe,
} from '../adapter.ts';
import { apiRoot, callProvider, deliveryErrorOf, settingOf } from '../http.ts';
import { viberWebhook } from './inbound.ts';
import { viberKeyboard } from './keyboard.ts';
import { parseViberJson } from './payload.ts';

export const VIBER_API = 'https://chatapi.viber.com/pa';

/** Viber's "too many requests" names no delay: this long before trying again. */
const RATE_LIMIT_WAIT_MS = 1000;
const TOO_MANY_REQUESTS = 12;
/** Statuses worth another try: 12, and Viber's internal errors (unknown codes). */
const PERMANENT = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]);

/** The events our webhook wants (messages always come). */
export const VIBER_EVENTS = [
  'delivered',
  'seen',
  'failed',
  'subscribed',
  'unsubscribed',
  'conversation_started',
];

type ViberAnswer = { status?: unknown; status_message?: unknown; message_token?: unknown };

/** One call to the Bot API, answered with its JSON (tokens as digits) or a DeliveryError. */
async function call(account: ChannelAccountRecord, method: string, body: unknown): Promise<ViberAnswer> {
  const response = await callProvider(`${apiRoot(account, VIBER_API)}/${method}`, {
    headers: { 'x-viber-auth-token': settingOf(account, 'auth_token') },
    json: body,
  });
  const answer = parseViberJson(await response.text()) as ViberAnswer | null;
  if (!response.ok || !answer) throw deliveryErrorOf(response, `Viber: HTTP ${response.status}`);
  if (answer.status === 0) return answer;
  const status = Number(answer.status);
  const reason = `Viber ${status}: ${typeof answer.status_message === 'string' ? answer.status_message : 'error'}`;
  if (status === TOO_MANY_REQUESTS) throw new DeliveryError(reason, false, RATE_LIMIT_WAIT_MS);
  throw new DeliveryError(reason, PERMANENT.has(status));
}

function kindOf(file: OutboundAttachment): AttachmentKind {
  if (file.contentType.startsWith('image/')) return 'image';
  if (file.contentType.startsWith('video/')) return 'video';
  return 'document';
}

/** The Bot API bodies of one outbound message: its text, then each file (a picture carries the text). */
function bodies(message: OutboundMessage): Record<string, unknown>[] {
  const files = message.attachments.map((file) => {
    if (!file.url) throw new DeliveryError('attachment_url_unavailable', true);
    const kind = kindOf(file);
    if (kind === 'image') return { type: 'picture', media: file.url, text: '' };
    if (kind === 'video') return { type: 'video', media: file.url, size: file.size };
    return { type: 'file', media: file.url, size: file.size, file_name: file.filename };
  });
  const picture = files.find((body) => body.type === 'picture');
  if (picture && message.text)
    return files.map((body) => (body === picture ? { ...body, text: message.text } : body));
  // Choices ride on the text as a keyboard (keyboard.ts).
  const keyboard = message.choices ? { keyboard: viberKeyboard(message.choices) } : {};
  return [...(message.text ? [{ type: 'text', text: message.text, ...keyboard }] : []), ...files];
}

async function send(message: OutboundMessage) {
  const account = message.account!;
  const avatar = settingOf(account, 'sender_avatar');
  const sender = { name: settingOf(account, 'sender_name'), ...(avatar ? { avatar } : {}) };
  let token: string | null = null;
  for (const body of bodies(message)) {
    const answer = await call(account, 'send_message', {
      receiver: message.to,
      min_api_version: 1,
      sender,
      tracking_data: message.messageId,
      ...body,
    });
    token = typeof answer.message_token === 'string' ? answer.message_token : null;
  }
  if (!token) throw new DeliveryError('Viber answered without a message_token', false);
  // Several bodies (text, then a file) are one message here: the last one's receipts speak for it.
  return { providerMessageId: token };
}

async function check(account: ChannelAccountRecord): Promise<ProviderProbe> {
  try {
    await call(account, 'get_account_info', {});
    return { ok: true, error: null };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function registerWebhook(account: ChannelAccountRecord, url: string): Promise<void> {
  await call(account, 'set_webhook', { url, event_types: VIBER_EVENTS, send_name: true, send_photo: false });
}

export const viberAdapter: ChannelAdapter = {
  send,
  // The Bot API quotes nothing and takes nothing back.
  replyContext: false,
  deleteForEveryone: null,
  choices: true,
  provider: { webhook: viberWebhook, check, registerWebhook },
};

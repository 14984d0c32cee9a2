// Meta's Send API as Messenger and Instagram Direct share it: POST <root>/<id>/messages with
// {recipient:{id}, messaging_type:"RESPONSE", message:{text}} (choices as its quick_replies) or, for a file, the
// same fields as multipart form data with the bytes in `filedata` (upload and send in one call);
// `reply_to:{mid}` quotes a customer's message. Its error codes read the same on both: 190 a bad token,
// 4/32/613 rate limits, 10/2018278 (and Instagram's 2534022) outside the messaging window, 551 a person not
// reachable. A kind's adapter only says where to call and how to authenticate (MetaEndpoint).
import {
  DeliveryError,
  type ChannelAccountRecord,
  type ChannelAdapter,
  type OutboundAttachment,
  type OutboundMessage,
  type ProviderProbe,
  type WebhookIo,
  type WebhookRequest,
} from '../adapter.ts';
import { callProvider, deliveryErrorOf, jsonOf, retryAfterMs } from '../http.ts';
import { metaMessagingWebhook, type MetaMessagingProfile } from './messaging.ts';
import { quickReplies } from './quick-replies.ts';

/** Where an account's calls go and how they authenticate (a query token or a Bearer header). */
export type MetaEndpoint = { url: string; headers: Record<string, string> };

export type MetaMessagingKind = MetaMessagingProfile & {
  /** The Send API address of the account. */
  messagesEndpoint(account: ChannelAccountRecord): MetaEndpoint;
  /** One cheap authenticated read of the account (its name or username). */
  profileEndpoint(account: ChannelAccountRecord): MetaEndpoint;
  /** Whether the send carries `reply_to` (the kind's Send API takes it). */
  replyContext: boolean;
};

/** Adds query parameters to an address that may already carry some. */
export function withQuery(url: string, query: Record<string, string>): string {
  const address = new URL(url);
  for (const [name, value] of Object.entries(query)) address.searchParams.set(name, value);
  return address.toString();
}

type GraphError = { message?: string; code?: number; error_subcode?: number };
const graphErrorOf = (body: unknown): GraphError =>
  (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'
    ? (body.error as GraphError)
    : null) ?? {};

const RATE_LIMIT_CODES = new Set([4, 32, 613]);
/** Subcodes of code 10 that mean the customer's messaging window has closed (Messenger, Instagram). */
const WINDOW_CLOSED_SUBCODES = new Set([2018278, 2534022]);
/** How long to wait on a rate limit that did not say (Meta's counters run over the hour). */
const RATE_LIMIT_DEFAULT_MS = 60_000;

/** A Send API refusal as a DeliveryError; the provider's own words unless the product states the reason. */
export function metaDeliveryError(response: Response, body: unknown): DeliveryError {
  const error = graphErrorOf(body);
  const reason = error.message ?? `HTTP ${response.status}`;
  if (error.code === 190) return new DeliveryError(reason, true);
  if (error.code !== undefined && RATE_LIMIT_CODES.has(error.code)) {
    return new DeliveryError(reason, false, retryAfterMs(response) ?? RATE_LIMIT_DEFAULT_MS);
  }
  if (error.code === 10 && error.error_subcode && WINDOW_CLOSED_SUBCODES.has(error.error_subcode)) {
    return new DeliveryError('meta_window_closed', true);
  }
  if (error.code === 551) return new DeliveryError(reason, true);
  return deliveryErrorOf(response, reason);
}

/** Our attachment as Meta's type: images, audio and video by content type; anything else a file. */
function attachmentType(file: OutboundAttachment): 'image' | 'audio' | 'video' | 'file' {
  const major = file.contentType.split('/')[0];
  return major === 'image' || major === 'audio' || major === 'video' ? major : 'file';
}

async function post(endpoint: MetaEndpoint, body: { json?: unknown; form?: FormData }): Promise<string> {
  const response = await callProvider(endpoint.url, {
    method: 'POST',
    headers: endpoint.headers,
    ...(body.form ? { body: body.form } : { json: body.json }),
  });
  const answer = await jsonOf(response);
  if (!response.ok) throw metaDeliveryError(response, answer);
  const id = (answer as { message_id?: unknown } | null)?.message_id;
  if (typeof id !== 'string') throw new DeliveryError('Send API answered without a message_id', false);
  return id;
}

/**
 * The text, then each file as its own message (the Send API takes one or the other per call); the first
 * carries the quote. The first message's id is the one stored: receipts come by watermark for the rest.
 */
async function sendMessage(kind: MetaMessagingKind, message: OutboundMessage): Promise<string> {
  const account = message.account!;
  const endpoint = kind.messagesEndpoint(account);
  const recipient = { id: message.to };
  const ids: string[] = [];
  const quote = () =>
    kind.replyContext && message.replyTo && ids.length === 0
      ? { reply_to: { mid: message.replyTo.providerMessageId } }
      : {};
  if (message.text.trim() !== '' || message.attachments.length === 0) {
    // Choices ride on the text as quick replies (quick-replies.ts).
    const choices = message.choices ? { quick_replies: quickReplies(message.choices) } : {};
    ids.push(
      await post(endpoint, {
        json: {
          recipient,
          messaging_type: 'RESPONSE',
          message: { text: message.text, ...choices },
          ...quote(),
        },
      }),
    );
  }
  for (const file of message.attachments) {
    const form = new FormData();
    form.set('recipient', JSON.stringify(recipient));
    form.set('messaging_type', 'RESPONSE');
    form.set(
      'message',
      JSON.stringify({ attachment: { type: attachmentType(file), payload: { is_reusable: false } } }),
    );
    const reply = quote();
    if (reply.reply_to) form.set('reply_to', JSON.stringify(reply.reply_to));
    const data = await file.read();
    form.set('filedata', new Blob([new Uint8Array(data)], { type: file.contentType }), file.filename);
    ids.push(await post(endpoint, { form }));
  }
  return ids[0]!;
}

/** Reads the account's profile: ok when its token works, else Meta's words. */
async function check(kind: MetaMessagingKind, account: ChannelAccountRecord): Promise<ProviderProbe> {
  try {
    const endpoint = kind.profileEndpoint(account);
    const response = await callProvider(endpoint.url, { headers: endpoint.headers });
    if (response.ok) return { ok: true, error: null };
    const error = graphErrorOf(await jsonOf(response));
    return { ok: false, error: error.message ?? `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The adapter of a Meta messaging kind: its webhook, its sends and its check, from its endpoints. */
export function metaMessagingAdapter(kind: MetaMessagingKind): ChannelAdapter {
  return {
    send: async (message) => ({ providerMessageId: await sendMessage(kind, message) }),
    replyContext: kind.replyContext,
    choices: true,
    // The Send API cannot take a message back from the customer's side.
    deleteForEveryone: null,
    provider: {
      webhook: (account: ChannelAccountRecord, request: WebhookRequest, io: WebhookIo) =>
        metaMessagingWebhook(kind, account, request, io),
      check: (account) => check(kind, account),
    },
  };
}

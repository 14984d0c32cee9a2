// Outbound WhatsApp Cloud messages: text, or each file uploaded to the number's media (`/<pnid>/media`) — unless
// it was uploaded already (a broadcast's, once for all its recipients) — and sent by id with the text as the
// first file's caption when it fits; a quoted message of the customer's becomes `context.message_id`. Meta's
// error codes say what happens next: the rate limits (130429 throughput, 131056 one customer's pair rate)
// wait, the closed 24-hour window (131047) and a dead token (190, 401) fail for good.
import { CHANNEL_TEXT_MAX, MEDIA_LIMITS, type AttachmentKind } from '@atende/contract';
import {
  DeliveryError,
  type ChannelAccountRecord,
  type ChannelAdapter,
  type OutboundAttachment,
  type OutboundMessage,
  type ProviderProbe,
} from '../adapter.ts';
import { callProvider, deliveryErrorOf, jsonOf, retryAfterMs, settingOf } from '../http.ts';
import { whatsappWebhook } from './inbound.ts';
import { interactiveList } from './interactive.ts';
import { bearer, graphRoot } from './settings.ts';
import { GraphError, reasonOf, WINDOW_CLOSED } from './status.ts';

/** Meta's caption limit; a longer text goes as its own message before the files. */
const CAPTION_MAX = 1024;
const THROUGHPUT_LIMIT = 130429;
const PAIR_RATE_LIMIT = 131056;
/** Waits when Meta names no delay: the pair rate allows about one message every 6 s to one customer. */
const PAIR_RATE_WAIT_MS = 6_000;
const THROUGHPUT_WAIT_MS = 1_000;
const TOKEN_INVALID = 190;

type MediaType = 'image' | 'audio' | 'video' | 'document';
/** The content types WhatsApp takes as each media type; any other file goes as a document. */
const MEDIA_TYPES: Record<Exclude<MediaType, 'document'>, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  audio: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
  video: ['video/mp4', 'video/3gpp'],
};
const mediaTypeOf = (contentType: string): MediaType => {
  const bare = contentType.split(';')[0]!.trim().toLowerCase();
  const found = (Object.keys(MEDIA_TYPES) as (keyof typeof MEDIA_TYPES)[]).find((type) =>
    MEDIA_TYPES[type].includes(bare),
  );
  return found ?? 'document';
};

/** A Graph error answer as a DeliveryError saying whether and when to try again. */
export async function graphFailure(response: Response): Promise<DeliveryError> {
  const body = (await jsonOf(response)) as { error?: unknown } | null;
  const parsed = GraphError.safeParse(body?.error);
  const error = parsed.success ? parsed.data : undefined;
  const reason = error ? reasonOf(error) : `WhatsApp answered HTTP ${response.status}`;
  switch (error?.code) {
    case THROUGHPUT_LIMIT:
      return new DeliveryError(reason, false, retryAfterMs(response) ?? THROUGHPUT_WAIT_MS);
    case PAIR_RATE_LIMIT:
      return new DeliveryError(reason, false, retryAfterMs(response) ?? PAIR_RATE_WAIT_MS);
    case WINDOW_CLOSED:
      return new DeliveryError('whatsapp_window_closed', true);
  }
  if (error?.code === TOKEN_INVALID || response.status === 401) {
    return new DeliveryError('provider_token_invalid', true);
  }
  return deliveryErrorOf(response, reason);
}

/** One Graph call on the account's number; its JSON answer, or the failure as a DeliveryError. */
async function graphPost(
  account: ChannelAccountRecord,
  edge: 'messages' | 'media',
  body: { json: unknown } | { body: FormData },
): Promise<Record<string, unknown>> {
  const url = `${graphRoot(account)}/${settingOf(account, 'phone_number_id')}/${edge}`;
  const response = await callProvider(url, { method: 'POST', headers: bearer(account), ...body });
  if (!response.ok) throw await graphFailure(response);
  return ((await jsonOf(response)) ?? {}) as Record<string, unknown>;
}

const messageIdOf = (answer: Record<string, unknown>): string => {
  const id = (answer.messages as { id?: unknown }[] | undefined)?.[0]?.id;
  if (typeof id !== 'string') throw new DeliveryError('WhatsApp answered without a message id', false);
  return id;
};

/** Sends one message object on the account's number: the provider's id of it. */
export async function sendWhatsapp(
  account: ChannelAccountRecord,
  to: string,
  content: Record<string, unknown>,
): Promise<string> {
  const answer = await graphPost(account, 'messages', {
    json: { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...content },
  });
  return messageIdOf(answer);
}

async function upload(account: ChannelAccountRecord, file: OutboundAttachment): Promise<string> {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.contentType);
  form.append(
    'file',
    new Blob([new Uint8Array(await file.read())], { type: file.contentType }),
    file.filename,
  );
  const answer = await graphPost(account, 'media', { body: form });
  if (typeof answer.id !== 'string') throw new DeliveryError('WhatsApp answered without a media id', false);
  return answer.id;
}

async function send(message: OutboundMessage) {
  const account = message.account!;
  const to = message.to.replace(/\D/g, '');
  const context =
    message.replyTo?.quoted === true ? { context: { message_id: message.replyTo.providerMessageId } } : {};
  if (message.template) {
    const { name, language, variables } = message.template;
    const parameters = variables.map((value) => ({ type: 'text', text: value }));
    const template = {
      name,
      language: { code: language },
      components: parameters.length > 0 ? [{ type: 'body', parameters }] : [],
    };
    return { providerMessageId: await sendWhatsapp(account, to, { type: 'template', template }) };
  }
  const files = message.attachments;
  for (const file of files) {
    const limit = MEDIA_LIMITS.whatsapp[mediaTypeOf(file.contentType) as AttachmentKind];
    if (limit !== undefined && file.size > limit) {
      throw new DeliveryError(`${file.filename}: larger than WhatsApp takes (${limit} bytes)`, true);
    }
  }
  if (message.text.length > CHANNEL_TEXT_MAX.whatsapp) {
    throw new DeliveryError(`text longer than ${CHANNEL_TEXT_MAX.whatsapp} characters`, true);
  }
  // Choices (a CSAT request) go as an interactive list, never with files.
  if (files.length === 0 && message.choices) {
    const list = interactiveList(message.text, message.choices);
    return { providerMessageId: await sendWhatsapp(account, to, { ...context, ...list }) };
  }
  if (files.length === 0) {
    const id = await sendWhatsapp(account, to, { ...context, type: 'text', text: { body: message.text } });
    return { providerMessageId: id };
  }
  const ids: string[] = [];
  const firstType = mediaTypeOf(files[0]!.contentType);
  const captioned = firstType !== 'audio' && message.text.length <= CAPTION_MAX;
  if (message.text && !captioned) {
    ids.push(await sendWhatsapp(account, to, { ...context, type: 'text', text: { body: message.text } }));
  }
  for (const [index, file] of files.entries()) {
    const type = mediaTypeOf(file.contentType);
    const media: Record<string, unknown> = { id: file.providerMediaId ?? (await upload(account, file)) };
    if (index === 0 && captioned && message.text) media.caption = message.text;
    if (type === 'document') media.filename = file.filename;
    const quoted = ids.length === 0 ? context : {};
    ids.push(await sendWhatsapp(account, to, { ...quoted, type, [type]: media }));
  }
  return { providerMessageId: ids[0]! };
}

/** One cheap authenticated call: the phone number's own node. */
async function check(account: ChannelAccountRecord): Promise<ProviderProbe> {
  const url = `${graphRoot(account)}/${settingOf(account, 'phone_number_id')}`;
  try {
    const response = await callProvider(url, { headers: bearer(account) });
    if (response.ok) return { ok: true, error: null };
    const body = (await jsonOf(response)) as { error?: { message?: unknown } } | null;
    const said = body?.error?.message;
    return { ok: false, error: typeof said === 'string' ? said : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export const whatsappAdapter: ChannelAdapter = {
  send,
  replyContext: true,
  // Cloud API offers no deletion of a sent message.
  deleteForEveryone: null,
  // Inline keyboard / interactive list (CSAT).
  choices: true,
  provider: { webhook: whatsappWebhook, check },
  uploadMedia: upload,
};

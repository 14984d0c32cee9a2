// Viber's webhook for a bot account: every POST is signed (X-Viber-Content-Signature: hex HMAC-SHA256 of the raw
// body with the auth token; the official SDK also reads `?sig=`), checked before parsing. `webhook` (set_webhook's
// probe) gets 200; `message` (text, picture, video, file, sticker, location, contact, url) is ingested with its
// message_token as the provider's id (a text that is a tapped choice of our keyboards goes to `io.choose`
// instead), its media fetched (Viber's addresses need no credentials) within MEDIA_LIMITS; delivered/seen/failed
// move our messages forward; subscribed, unsubscribed and conversation_started store nothing.
import { MEDIA_LIMITS, type AttachmentKind } from '@atende/contract';
import {
  WebhookRefusal,
  type ChannelAccountRecord,
  type InboundAttachment,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../adapter.ts';
import { downloadMedia, hmac, MediaTooLarge, sameSecret, settingOf } from '../http.ts';
import { locationText } from '../location.ts';
import { parseViberJson } from './payload.ts';
import { statusOf } from './status.ts';

const OK: WebhookReply = { status: 200 };

type ViberMessage = {
  type?: string;
  text?: string;
  media?: string;
  file_name?: string;
  size?: number;
  location?: { lat?: number; lon?: number };
  contact?: { name?: string; phone_number?: string };
};
type ViberEvent = {
  event?: string;
  timestamp?: number;
  message_token?: string;
  sender?: { id?: string; name?: string };
  message?: ViberMessage;
  desc?: string;
};

/** The signature Viber sends for these bytes (also what the simulator signs with). */
export const viberSignature = (authToken: string, body: Buffer | string) =>
  hmac('sha256', authToken, body, 'hex');

export async function viberWebhook(
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  if (request.method !== 'POST') throw new WebhookRefusal(400, 'Viber webhooks are POST requests');
  const given = request.headers['x-viber-content-signature'] ?? request.query.sig;
  if (!given) throw new WebhookRefusal(401, 'missing X-Viber-Content-Signature');
  const expected = viberSignature(settingOf(account, 'auth_token'), request.rawBody);
  if (!sameSecret(given.toLowerCase(), expected)) {
    throw new WebhookRefusal(403, 'X-Viber-Content-Signature mismatch');
  }
  const event = parseViberJson(request.rawBody.toString('utf8')) as ViberEvent | null;
  if (!event || typeof event !== 'object' || typeof event.event !== 'string') {
    throw new WebhookRefusal(400, 'body is not a Viber event');
  }
  if (event.event === 'message') {
    await ingestMessage(account, event, io);
    return OK;
  }
  const update = statusOf({ ...event, event: event.event });
  if (update) await io.statuses([update]);
  // webhook, subscribed, unsubscribed, conversation_started, client_status…: acknowledged, nothing stored.
  return OK;
}

async function ingestMessage(account: ChannelAccountRecord, event: ViberEvent, io: WebhookIo) {
  const token = event.message_token;
  const sender = event.sender?.id;
  const message = event.message;
  if (typeof token !== 'string' || typeof sender !== 'string' || !sender || !message) {
    throw new WebhookRefusal(400, 'message without message_token, sender or message');
  }
  // A tapped keyboard button arrives as its ActionBody in a text message (keyboard.ts): a choice the product
  // knows is not stored as a message (the conversation shows it its own way, as for Telegram's buttons).
  if (message.type === 'text' && typeof message.text === 'string' && message.text) {
    const outcome = await io.choose({ id: message.text, address: sender });
    if (outcome.reply !== null) return;
  }
  const { text, attachments } = await contentOf(message, account, io);
  await io.ingest({
    companyId: account.companyId,
    kind: 'viber',
    from: { address: sender, name: event.sender?.name ?? null },
    text,
    providerMessageId: token,
    receivedAt: typeof event.timestamp === 'number' ? new Date(event.timestamp) : undefined,
    attachments,
  });
}

/** What each message type carries, as text and files. */
async function contentOf(
  message: ViberMessage,
  account: ChannelAccountRecord,
  io: WebhookIo,
): Promise<{ text: string; attachments: InboundAttachment[] }> {
  const caption = typeof message.text === 'string' ? message.text : '';
  switch (message.type) {
    case 'picture':
      return media(message, 'image', `picture.jpg`, caption, account, io);
    case 'sticker':
      return media(message, 'image', 'sticker.png', caption, account, io);
    case 'video':
      return media(message, 'video', 'video.mp4', caption, account, io);
    case 'file':
      return media(message, 'document', message.file_name || 'file', caption, account, io);
    case 'location': {
      const { lat, lon } = message.location ?? {};
      if (typeof lat !== 'number' || typeof lon !== 'number')
        throw new WebhookRefusal(400, 'location without lat/lon');
      return { text: locationText(lat, lon), attachments: [] };
    }
    case 'contact': {
      const { name, phone_number: phone } = message.contact ?? {};
      return { text: [name, phone].filter(Boolean).join(' ') || 'contact', attachments: [] };
    }
    case 'url':
      return { text: message.media ?? caption, attachments: [] };
    default:
      return { text: caption || `[${message.type ?? 'unknown'} message]`, attachments: [] };
  }
}

async function media(
  message: ViberMessage,
  kind: AttachmentKind,
  filename: string,
  caption: string,
  account: ChannelAccountRecord,
  io: WebhookIo,
): Promise<{ text: string; attachments: InboundAttachment[] }> {
  if (typeof message.media !== 'string' || !message.media) throw new WebhookRefusal(400, 'media without URL');
  const limit = MEDIA_LIMITS.viber[kind] ?? 0;
  try {
    const file = await downloadMedia(message.media, limit);
    return {
      text: caption,
      attachments: [
        { filename, contentType: file.contentType ?? 'application/octet-stream', data: file.data },
      ],
    };
  } catch (error) {
    if (!(error instanceof MediaTooLarge)) throw error;
    io.log.warn({ channelAccountId: account.id }, 'Viber media over the size limit skipped');
    const note = `[${filename}: file over ${Math.round(limit / 1024 / 1024)} MB not received]`;
    return { text: [caption, note].filter(Boolean).join('\n'), attachments: [] };
  }
}

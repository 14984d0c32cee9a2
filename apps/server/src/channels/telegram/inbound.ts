// Telegram's side of a bot account: updates POSTed to our webhook (X-Telegram-Bot-Api-Secret-Token checked
// against the account's generated secret in constant time, before the body is read), turned into messages —
// text, the largest photo size, documents, voice notes and audio, videos, stickers, locations — whose files are
// fetched through getFile; taps on our inline keyboards (callback.ts); the check (getMe) and setWebhook with our
// address and secret.
import { MEDIA_LIMITS, type AttachmentKind } from '@atende/contract';
import {
  WebhookRefusal,
  type ChannelAccountRecord,
  type InboundAttachment,
  type InboundMessage,
  type ProviderInbound,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../adapter.ts';
import { downloadMedia, MediaTooLarge, sameSecret, settingOf } from '../http.ts';
import { locationText } from '../location.ts';
import { botIdOf } from './bot-api.ts';
import { parseJsonBody } from '../meta/webhook.ts';
import { botFileUrl, callBot } from './bot-api.ts';
import { handleCallbackQuery } from './callback.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';
/** The update kinds setWebhook asks for: messages, and taps on our buttons; members joining… are not asked. */
export const TELEGRAM_UPDATES = ['message', 'edited_message', 'callback_query'] as const;
/** Telegram lets bots download files of at most 20 MB. */
const BOT_DOWNLOAD_MAX = 20 * 1024 * 1024;

type TelegramFile = { file_id: string; file_size?: number; file_name?: string; mime_type?: string };
type TelegramMessage = {
  message_id: number;
  date: number;
  edit_date?: number;
  chat: { id: number; type: string; title?: string; first_name?: string; last_name?: string };
  from?: { id: number; is_bot?: boolean; first_name?: string; last_name?: string };
  text?: string;
  caption?: string;
  photo?: TelegramFile[];
  document?: TelegramFile;
  voice?: TelegramFile;
  audio?: TelegramFile & { title?: string };
  video?: TelegramFile;
  video_note?: TelegramFile;
  animation?: TelegramFile;
  sticker?: TelegramFile & { emoji?: string; is_animated?: boolean; is_video?: boolean };
  location?: { latitude: number; longitude: number };
  venue?: { title?: string; address?: string };
};

/** The customer's file in a message: which of ours it is, the name to keep, and Telegram's reference to it. */
type FileRef = { kind: AttachmentKind; file: TelegramFile; filename: string; contentType: string };

function fileOf(message: TelegramMessage): FileRef | null {
  const named = (file: TelegramFile, fallback: string) => file.file_name || fallback;
  const type = (file: TelegramFile, fallback: string) => file.mime_type || fallback;
  // Sizes come smallest first: the last one is the original.
  const photo = message.photo?.at(-1);
  if (photo) return { kind: 'image', file: photo, filename: 'photo.jpg', contentType: 'image/jpeg' };
  if (message.voice) {
    const voice = message.voice;
    return { kind: 'audio', file: voice, filename: 'voice.ogg', contentType: type(voice, 'audio/ogg') };
  }
  if (message.audio) {
    const audio = message.audio;
    return {
      kind: 'audio',
      file: audio,
      filename: named(audio, 'audio.mp3'),
      contentType: type(audio, 'audio/mpeg'),
    };
  }
  const video = message.video ?? message.video_note ?? message.animation;
  if (video)
    return {
      kind: 'video',
      file: video,
      filename: named(video, 'video.mp4'),
      contentType: type(video, 'video/mp4'),
    };
  if (message.sticker) {
    const sticker = message.sticker;
    const [filename, contentType, kind]: [string, string, AttachmentKind] = sticker.is_video
      ? ['sticker.webm', 'video/webm', 'video']
      : sticker.is_animated
        ? ['sticker.tgs', 'application/x-tgsticker', 'document']
        : ['sticker.webp', 'image/webp', 'image'];
    return { kind, file: sticker, filename, contentType };
  }
  if (message.document) {
    const document = message.document;
    return {
      kind: 'document',
      file: document,
      filename: named(document, 'document'),
      contentType: type(document, 'application/octet-stream'),
    };
  }
  return null;
}

/**
 * The file's bytes through getFile and the bot's file address, or null when Telegram will not give them (larger
 * than a bot may download or our limit for its kind, or a file id it no longer knows): the message is still
 * stored, naming the file. A network failure or a 5xx throws, so Telegram retries the whole update.
 */
async function download(account: ChannelAccountRecord, ref: FileRef): Promise<InboundAttachment | null> {
  const maxBytes = Math.min(MEDIA_LIMITS.telegram[ref.kind] ?? BOT_DOWNLOAD_MAX, BOT_DOWNLOAD_MAX);
  if ((ref.file.file_size ?? 0) > maxBytes) return null;
  const answer = await callBot(account, 'getFile', { json: { file_id: ref.file.file_id } });
  if (!answer.ok) {
    if (answer.code >= 400 && answer.code < 500 && answer.code !== 429) return null;
    throw new Error(`getFile failed: ${answer.description}`);
  }
  const filePath = (answer.result as { file_path?: unknown }).file_path;
  if (typeof filePath !== 'string') return null;
  try {
    const { data, contentType } = await downloadMedia(botFileUrl(account, filePath), maxBytes);
    const declared = contentType && !/octet-stream/.test(contentType) ? contentType : ref.contentType;
    return {
      filename: ref.filename,
      contentType: ref.kind === 'document' ? ref.contentType : declared,
      data,
    };
  } catch (error) {
    if (error instanceof MediaTooLarge) return null;
    throw error;
  }
}

/**
 * When the customer wrote: Telegram's dates are whole seconds, so within that second the arrival time keeps
 * messages in the order they came; an update delivered late (Telegram retrying) keeps its own second.
 */
const receivedAt = (seconds: number) => new Date(Math.min(Date.now(), seconds * 1000 + 999));

const nameOf = (message: TelegramMessage) =>
  message.chat.title ??
  ([message.from?.first_name ?? message.chat.first_name, message.from?.last_name ?? message.chat.last_name]
    .filter(Boolean)
    .join(' ') ||
    null);

/** One Telegram message as ours, or null when it carries nothing a customer wrote (a member joined…). */
async function normalise(
  account: ChannelAccountRecord,
  message: TelegramMessage,
  edited: boolean,
): Promise<Omit<InboundMessage, 'companyId' | 'kind'> | null> {
  const ref = fileOf(message);
  const location = message.location
    ? locationText(
        message.location.latitude,
        message.location.longitude,
        message.venue?.title ?? message.venue?.address,
      )
    : null;
  let text = message.text ?? message.caption ?? location ?? (message.sticker?.emoji || '');
  const attachment = ref ? await download(account, ref) : null;
  // A file Telegram would not hand over is still named, so the attendant knows one came.
  if (ref && !attachment) text = [text, `📎 ${ref.filename}`].filter(Boolean).join('\n');
  if (!text && !attachment) return null;
  const chatId = String(message.chat.id);
  return {
    channelAccountId: account.id,
    from: { address: chatId, name: nameOf(message) },
    // An edit is the customer's corrected text: a message of its own, once per edit.
    text: edited ? `✏️ ${text}` : text,
    // Message ids are unique within one bot's chat only: a customer writing to two bots of the company has
    // the same chat id and message ids with each, so the bot's id comes first.
    providerMessageId: edited
      ? `${botIdOf(account)}:${chatId}:${message.message_id}:edit:${message.edit_date ?? message.date}`
      : `${botIdOf(account)}:${chatId}:${message.message_id}`,
    receivedAt: receivedAt(edited ? (message.edit_date ?? message.date) : message.date),
    attachments: attachment ? [attachment] : [],
  };
}

const isMessage = (value: unknown): value is TelegramMessage => {
  const message = value as TelegramMessage | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    Number.isInteger(message.message_id) &&
    typeof message.date === 'number' &&
    typeof message.chat === 'object' &&
    message.chat !== null &&
    Number.isInteger(message.chat.id)
  );
};

/** Refuses a call whose secret header is missing or not the account's, before anything is parsed. */
export function verifyTelegramSecret(account: ChannelAccountRecord, request: WebhookRequest): void {
  const given = request.headers[TELEGRAM_SECRET_HEADER];
  if (!given) throw new WebhookRefusal(401, 'missing X-Telegram-Bot-Api-Secret-Token');
  if (!sameSecret(given, settingOf(account, 'webhook_secret'))) {
    throw new WebhookRefusal(401, 'X-Telegram-Bot-Api-Secret-Token mismatch');
  }
}

async function webhook(
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  if (request.method !== 'POST') throw new WebhookRefusal(404, 'Telegram only POSTs updates');
  verifyTelegramSecret(account, request);
  const update = parseJsonBody(request) as {
    update_id?: unknown;
    message?: unknown;
    edited_message?: unknown;
    callback_query?: unknown;
  };
  if (typeof update !== 'object' || update === null || !Number.isInteger(update.update_id)) {
    throw new WebhookRefusal(400, 'not a Telegram update');
  }
  if (update.callback_query !== undefined) {
    await handleCallbackQuery(account, update.callback_query, io);
    return { status: 200 };
  }
  const edited = update.message === undefined && update.edited_message !== undefined;
  const message = edited ? update.edited_message : update.message;
  // Other kinds of update (were they ever sent) carry no customer message: acknowledged, nothing stored.
  if (message === undefined) return { status: 200 };
  if (!isMessage(message)) throw new WebhookRefusal(400, 'malformed message');
  const inbound = await normalise(account, message, edited);
  if (inbound) await io.ingest({ ...inbound, companyId: account.companyId, kind: 'telegram' });
  return { status: 200 };
}

export const telegramProvider: ProviderInbound = {
  webhook,

  async check(account) {
    const answer = await callBot(account, 'getMe');
    return answer.ok ? { ok: true, error: null } : { ok: false, error: answer.description };
  },

  async registerWebhook(account, url) {
    const answer = await callBot(account, 'setWebhook', {
      json: {
        url,
        secret_token: settingOf(account, 'webhook_secret'),
        allowed_updates: TELEGRAM_UPDATES,
      },
    });
    if (!answer.ok) throw new Error(answer.description);
  },
};

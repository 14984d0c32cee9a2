// What Messenger and Instagram Direct share on their webhooks (both speak the Messenger Platform's events):
// the envelope {object, entry[{id, messaging[]}]}, each event a customer's message (text, attachments by CDN
// url, reply_to; a tap on one of our quick replies carries its payload), an echo of our own send (ignored: we
// stored it when we sent it), or a receipt — delivery {mids, watermark}, read {watermark} or Instagram's
// messaging_seen {mid}. A kind's adapter names its envelope object and which account setting the entry id must
// equal; everything else is here, written once.
import type { AttachmentKind, ChannelKind } from '@atende/contract';
import { MEDIA_LIMITS } from '@atende/contract';
import { z } from 'zod';
import {
  WebhookRefusal,
  type ChannelAccountRecord,
  type InboundAttachment,
  type InboundMessage,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../adapter.ts';
import { downloadMedia, MediaTooLarge, settingOf } from '../http.ts';
import { locationText } from '../location.ts';
import { metaHandshake, parseJsonBody, verifyMetaSignature } from './webhook.ts';

/** What tells one Meta messaging product's webhooks from the other's. */
export type MetaMessagingProfile = {
  kind: Extract<ChannelKind, 'messenger' | 'instagram_direct'>;
  /** The envelope's `object`: "page" (Messenger) or "instagram". */
  object: string;
  /** The account setting an entry's id must equal (other entries are another page's: ignored). */
  entrySetting: 'page_id' | 'instagram_id';
};

const Attachment = z.object({
  type: z.string(),
  title: z.string().optional(),
  payload: z
    .object({
      url: z.string().optional(),
      sticker_id: z.union([z.number(), z.string()]).optional(),
      coordinates: z.object({ lat: z.number(), long: z.number() }).optional(),
      title: z.string().optional(),
    })
    .nullish(),
});

const Event = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z.array(Attachment).optional(),
      reply_to: z.object({ mid: z.string().optional() }).optional(),
      quick_reply: z.object({ payload: z.string() }).optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number().optional() }).optional(),
  read: z.object({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});
type MetaEvent = z.infer<typeof Event>;
type MetaAttachment = z.infer<typeof Attachment>;

const Envelope = z.object({
  object: z.string(),
  // Events are read one by one: a kind of event we do not know must not hold back the batch's messages.
  entry: z.array(z.object({ id: z.string(), messaging: z.array(z.unknown()).optional() })),
});

/** Meta's attachment types as our kinds of file; a sticker is an image. */
const ATTACHMENT_KINDS: Record<string, AttachmentKind> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
};

/** The cap of a kind of file on a channel; a kind the channel does not list takes its largest. */
function mediaLimit(kind: ChannelKind, attachment: AttachmentKind): number {
  const limits = MEDIA_LIMITS[kind];
  return limits[attachment] ?? Math.max(0, ...Object.values(limits));
}

/** A file's name from its CDN address (the last path segment), else one made of its type and message id. */
function filenameOf(url: string, type: string, mid: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    if (/^[^\s/\\]{1,200}\.[A-Za-z0-9]{1,8}$/.test(last)) return last;
  } catch {
    // not a URL we can read a name from
  }
  return `${type}-${mid.slice(-12)}`;
}

type Normalised = { lines: string[]; files: InboundAttachment[] };

/** One attachment: a file fetched from the CDN (capped), a location as a maps link, anything else as its url. */
async function attachmentOf(
  kind: ChannelKind,
  mid: string,
  attachment: MetaAttachment,
  into: Normalised,
): Promise<void> {
  const payload = attachment.payload ?? {};
  const coordinates = payload.coordinates;
  if (attachment.type === 'location' && coordinates) {
    const title = attachment.title ?? payload.title;
    into.lines.push(locationText(coordinates.lat, coordinates.long, title));
    return;
  }
  const fileKind = ATTACHMENT_KINDS[attachment.type];
  if (!payload.url) return;
  if (!fileKind) {
    // Shares, reels, story mentions: nothing to download that stays ours; the link says what it was.
    into.lines.push(payload.url);
    return;
  }
  const limit = mediaLimit(kind, fileKind);
  try {
    const { data, contentType } = await downloadMedia(payload.url, limit);
    into.files.push({
      filename: filenameOf(payload.url, attachment.type, mid),
      contentType: contentType ?? 'application/octet-stream',
      data,
    });
  } catch (error) {
    if (!(error instanceof MediaTooLarge)) throw error;
    // Kept as a line rather than lost: the attendant sees a file came and can ask for it another way.
    into.lines.push(`[${attachment.type} > ${Math.round(limit / 1024 / 1024)} MB]`);
  }
}

/** A customer's message as ours; null for what carries nothing to store (deleted, unsupported, empty). */
async function inboundOf(
  kind: ChannelKind,
  event: MetaEvent,
): Promise<Omit<InboundMessage, 'companyId' | 'kind'> | null> {
  const message = event.message!;
  if (message.is_deleted) return null;
  const into: Normalised = { lines: message.text ? [message.text] : [], files: [] };
  for (const attachment of message.attachments ?? []) await attachmentOf(kind, message.mid, attachment, into);
  if (into.lines.length === 0 && into.files.length === 0) return null;
  return {
    from: { address: event.sender.id },
    text: into.lines.join('\n'),
    providerMessageId: message.mid,
    receivedAt: event.timestamp ? new Date(event.timestamp) : undefined,
    threadHints: message.reply_to?.mid ? [message.reply_to.mid] : undefined,
    attachments: into.files,
  };
}

/**
 * Receipts move our messages to the customer forward: delivery names mids and/or a watermark (everything sent
 * up to it arrived), read a watermark or (Instagram) the one mid seen.
 */
async function applyReceipt(account: ChannelAccountRecord, event: MetaEvent, io: WebhookIo): Promise<void> {
  const address = event.sender.id;
  if (event.delivery) {
    const mids = event.delivery.mids ?? [];
    if (mids.length > 0) {
      await io.statuses(
        mids.map((providerMessageId) => ({ providerMessageId, status: 'delivered' as const })),
      );
    }
    if (event.delivery.watermark) {
      const until = new Date(event.delivery.watermark);
      await io.statusesUpTo({ address, status: 'delivered', until });
    }
  }
  if (event.read) {
    if (event.read.watermark) {
      await io.statusesUpTo({ address, status: 'read', until: new Date(event.read.watermark) });
    } else if (event.read.mid) {
      await io.statuses([{ providerMessageId: event.read.mid, status: 'read' }]);
    }
  }
}

/**
 * A tap on one of our quick replies (quick-replies.ts) is the choice its payload names: handed to `io.choose`,
 * and not stored as a message when the product knew it (the conversation shows the choice its own way, as for
 * Telegram's buttons). A payload nobody knows is an ordinary message (its text is the reply's title).
 */
async function tookChoice(event: MetaEvent, io: WebhookIo): Promise<boolean> {
  const payload = event.message?.quick_reply?.payload;
  if (!payload) return false;
  const outcome = await io.choose({ id: payload, address: event.sender.id });
  return outcome.reply !== null;
}

/**
 * The webhook of a Meta messaging account: the GET handshake, else the signature over the raw bytes, then the
 * envelope; every event of the account's own entries is stored (or applied) before Meta gets its 200, so a
 * failure makes Meta deliver the batch again (stored messages are not stored twice).
 */
export async function metaMessagingWebhook(
  profile: MetaMessagingProfile,
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  if (request.method === 'GET') return metaHandshake(account, request);
  verifyMetaSignature(account, request);
  const parsed = Envelope.safeParse(parseJsonBody(request));
  if (!parsed.success) throw new WebhookRefusal(400, 'not a Meta messaging envelope');
  if (parsed.data.object !== profile.object) {
    throw new WebhookRefusal(400, `object is "${parsed.data.object}", not "${profile.object}"`);
  }
  const ownId = settingOf(account, profile.entrySetting);
  for (const entry of parsed.data.entry) {
    if (entry.id !== ownId) {
      io.log.warn(
        { channelAccountId: account.id, entryId: entry.id },
        'Meta entry of another account ignored',
      );
      continue;
    }
    for (const raw of entry.messaging ?? []) {
      const parsedEvent = Event.safeParse(raw);
      if (!parsedEvent.success) {
        io.log.warn({ channelAccountId: account.id }, 'Meta messaging event of an unknown shape ignored');
        continue;
      }
      const event = parsedEvent.data;
      if (event.message) {
        if (event.message.is_echo) continue;
        if (await tookChoice(event, io)) continue;
        const inbound = await inboundOf(profile.kind, event);
        if (inbound) await io.ingest({ ...inbound, companyId: account.companyId, kind: profile.kind });
      } else {
        await applyReceipt(account, event, io);
      }
    }
  }
  return { status: 200, body: 'EVENT_RECEIVED', contentType: 'text/plain; charset=utf-8' };
}

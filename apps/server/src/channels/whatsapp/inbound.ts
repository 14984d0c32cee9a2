// WhatsApp Cloud webhooks (shared/CHANNELS.md §1): Meta's handshake on GET; on POST the signature over the raw
// bytes first, then each change of the account's own phone number: customers' messages normalised (text, media
// fetched through the media API within MEDIA_LIMITS, location as a maps link, a pick in an interactive list or
// buttons as its title) and ingested, the pick's id handed to `io.choose`, and the statuses of our messages
// moved forward. Meta is answered only once everything was stored, so a failure makes it retry.
import { MEDIA_LIMITS, type AttachmentKind } from '@atende/contract';
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
import { callProvider, downloadMedia, jsonOf, MediaTooLarge, settingOf } from '../http.ts';
import { locationText } from '../location.ts';
import { metaHandshake, parseJsonBody, verifyMetaSignature } from '../meta/webhook.ts';
import { graphRoot, bearer } from './settings.ts';
import { providerStatusOf, WhatsappStatus } from './status.ts';

const Media = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});

const WhatsappMessage = z.object({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: Media.optional(),
  document: Media.optional(),
  audio: Media.optional(),
  video: Media.optional(),
  sticker: Media.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ id: z.string().optional(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string().optional(), title: z.string() }).optional(),
    })
    .optional(),
  errors: z
    .array(
      z.object({ title: z.string().optional(), error_data: z.object({ details: z.string() }).optional() }),
    )
    .optional(),
});
type WhatsappMessage = z.infer<typeof WhatsappMessage>;

const Envelope = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            metadata: z.object({ phone_number_id: z.string() }).optional(),
            contacts: z
              .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
              .optional(),
            messages: z.array(WhatsappMessage).optional(),
            statuses: z.array(WhatsappStatus).optional(),
          }),
        }),
      ),
    }),
  ),
});

const MEDIA_TYPES = ['image', 'document', 'audio', 'video', 'sticker'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
const LIMIT_OF: Record<MediaType, AttachmentKind> = {
  image: 'image',
  sticker: 'image',
  document: 'document',
  audio: 'audio',
  video: 'video',
};
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

export async function whatsappWebhook(
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  if (request.method === 'GET') return metaHandshake(account, request);
  verifyMetaSignature(account, request);
  const parsed = Envelope.safeParse(parseJsonBody(request));
  if (!parsed.success) throw new WebhookRefusal(400, 'not a WhatsApp Business Account notification');
  const ownNumber = settingOf(account, 'phone_number_id');
  for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
    const { value } = change;
    // Another number of the same business account (or another field): not this account's to store.
    if (change.field !== 'messages' || value.metadata?.phone_number_id !== ownNumber) continue;
    const names = new Map((value.contacts ?? []).map((each) => [each.wa_id, each.profile?.name ?? null]));
    for (const message of value.messages ?? []) {
      const normalised = await normalise(account, message, names.get(message.from) ?? null);
      if (normalised) await io.ingest(normalised);
      // A pick in one of our interactive messages is also the choice it names (after the message is stored).
      const picked = message.interactive?.list_reply ?? message.interactive?.button_reply;
      if (message.type === 'interactive' && picked?.id)
        await io.choose({ id: picked.id, address: message.from });
    }
    const statuses = (value.statuses ?? []).map(providerStatusOf);
    if (statuses.length > 0) await io.statuses(statuses);
  }
  return { status: 200, body: 'EVENT_RECEIVED', contentType: 'text/plain; charset=utf-8' };
}

async function normalise(
  account: ChannelAccountRecord,
  message: WhatsappMessage,
  name: string | null,
): Promise<InboundMessage | null> {
  const base = {
    companyId: account.companyId,
    kind: 'whatsapp' as const,
    channelAccountId: account.id,
    from: { address: message.from, name },
    providerMessageId: message.id,
    receivedAt: message.timestamp ? new Date(Number(message.timestamp) * 1000) : undefined,
  };
  const type = message.type;
  if (type === 'text' && message.text) return { ...base, text: message.text.body };
  if (type === 'location' && message.location) {
    const { latitude, longitude, name: place, address } = message.location;
    const label = [place, address].filter(Boolean).join(', ');
    return { ...base, text: locationText(latitude, longitude, label) };
  }
  if (type === 'button' && message.button) return { ...base, text: message.button.text };
  if (type === 'interactive' && message.interactive) {
    const chosen = message.interactive.button_reply ?? message.interactive.list_reply;
    if (chosen) return { ...base, text: chosen.title };
  }
  if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const mediaType = type as MediaType;
    const media = message[mediaType];
    if (media) return { ...base, ...(await fetchMedia(account, mediaType, media)) };
  }
  if (type === 'unknown' || type === 'unsupported') {
    const error = message.errors?.[0];
    const why = error?.error_data?.details ?? error?.title ?? 'unsupported message';
    return { ...base, text: `[WhatsApp: ${why}]` };
  }
  // Reactions, system notices and the like carry nothing for the conversation.
  return null;
}

/** The media's URL from Graph, then its bytes with the same token, refused beyond the kind's limit. */
async function fetchMedia(
  account: ChannelAccountRecord,
  type: MediaType,
  media: z.infer<typeof Media>,
): Promise<{ text: string; attachments: InboundAttachment[] }> {
  const caption = media.caption ?? '';
  const maxBytes = MEDIA_LIMITS.whatsapp[LIMIT_OF[type]] ?? 0;
  const auth = bearer(account);
  const described = await callProvider(`${graphRoot(account)}/${encodeURIComponent(media.id)}`, {
    headers: auth,
  });
  const info = (await jsonOf(described)) as { url?: unknown; mime_type?: unknown } | null;
  if (!described.ok || typeof info?.url !== 'string') {
    throw new Error(`WhatsApp media ${media.id} not found: HTTP ${described.status}`);
  }
  try {
    const file = await downloadMedia(info.url, maxBytes, auth);
    const contentType =
      media.mime_type ?? (typeof info.mime_type === 'string' ? info.mime_type : null) ?? file.contentType;
    const bare = (contentType ?? 'application/octet-stream').split(';')[0]!.trim();
    const filename = media.filename ?? `${type}-${media.id}.${EXTENSIONS[bare] ?? 'bin'}`;
    return {
      text: caption,
      attachments: [{ filename, contentType: contentType ?? bare, data: file.data }],
    };
  } catch (error) {
    // Too large to keep: the message still arrives, saying what was left out.
    if (!(error instanceof MediaTooLarge)) throw error;
    const note = `[${type} over ${Math.round(maxBytes / 1024 / 1024)} MB not stored]`;
    return { text: caption ? `${caption}\n${note}` : note, attachments: [] };
  }
}

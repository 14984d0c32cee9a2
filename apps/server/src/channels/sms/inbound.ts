// Twilio's webhook for an SMS account: a customer's SMS/MMS (MessageSid, From, To, Body, NumMedia with
// MediaUrl{N} and MediaContentType{N}) or a status callback of one we sent (MessageStatus, no Body), both
// form-encoded, both signed (signature.ts) over the URL Twilio called and every parameter. Checked before
// anything is read; the message is stored before Twilio gets its empty TwiML, so a crash makes it retry.
import { MEDIA_LIMITS } from '@atende/contract';
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
import { validTwilioSignature } from './signature.ts';
import { statusOf } from './status.ts';
import { basicAuth } from './settings.ts';

/** Twilio expects TwiML back; an empty Response sends no automatic reply. */
const EMPTY_TWIML: WebhookReply = {
  status: 200,
  body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
  contentType: 'text/xml',
};

/** Twilio caps a message at 10 media. */
const MEDIA_PER_MESSAGE_MAX = 10;
/** The largest file an SMS account takes (MMS: 5 MB a message). */
const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS.sms));
/** A phone number in E.164 (From of an SMS); short codes and alphanumeric senders are not customers. */
const E164 = /^\+?[1-9]\d{7,14}$/;

export async function smsWebhook(
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  const fields = verifiedFields(account, request);
  if (fields.has('MessageStatus') && !fields.has('Body')) {
    const update = statusOf(fields);
    if (update) await io.statuses([update]);
    return EMPTY_TWIML;
  }
  await io.ingest(await inboundMessage(account, fields, io));
  return EMPTY_TWIML;
}

/** The form's fields once the signature is the account's auth token's over the exact URL and parameters. */
function verifiedFields(account: ChannelAccountRecord, request: WebhookRequest): URLSearchParams {
  if (request.method !== 'POST') throw new WebhookRefusal(400, 'Twilio webhooks are POST requests');
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new WebhookRefusal(400, 'expected application/x-www-form-urlencoded');
  }
  const given = request.headers['x-twilio-signature'];
  if (!given) throw new WebhookRefusal(401, 'missing X-Twilio-Signature');
  // The parameters are part of what is signed: reading the form is how the signature is checked.
  const fields = new URLSearchParams(request.rawBody.toString('utf8'));
  if (!validTwilioSignature(settingOf(account, 'auth_token'), given, request.url, fields)) {
    throw new WebhookRefusal(403, 'X-Twilio-Signature mismatch');
  }
  return fields;
}

async function inboundMessage(
  account: ChannelAccountRecord,
  fields: URLSearchParams,
  io: WebhookIo,
): Promise<InboundMessage> {
  const sid = fields.get('MessageSid') ?? fields.get('SmsSid');
  const from = fields.get('From') ?? '';
  if (!sid) throw new WebhookRefusal(400, 'missing MessageSid');
  if (!E164.test(from)) throw new WebhookRefusal(400, 'From is not a phone number');
  const count = Number(fields.get('NumMedia') ?? '0');
  if (!Number.isInteger(count) || count < 0 || count > MEDIA_PER_MESSAGE_MAX) {
    throw new WebhookRefusal(400, 'invalid NumMedia');
  }
  const notes: string[] = [];
  const attachments: InboundAttachment[] = [];
  for (let index = 0; index < count; index++) {
    const url = fields.get(`MediaUrl${index}`);
    if (!url) throw new WebhookRefusal(400, `missing MediaUrl${index}`);
    const declared = fields.get(`MediaContentType${index}`) ?? 'application/octet-stream';
    try {
      // Twilio answers the media address with a redirect to its CDN (credentials stay behind).
      const media = await downloadMedia(url, MEDIA_MAX_BYTES, basicAuth(account), { followRedirect: true });
      attachments.push({
        filename: `media-${index + 1}${extensionOf(declared)}`,
        contentType: media.contentType ?? declared,
        data: media.data,
      });
    } catch (error) {
      if (!(error instanceof MediaTooLarge)) throw error;
      io.log.warn({ channelAccountId: account.id, sid }, 'Twilio media over the size limit skipped');
      notes.push(`[${declared}: file over ${Math.round(MEDIA_MAX_BYTES / 1024 / 1024)} MB not received]`);
    }
  }
  return {
    companyId: account.companyId,
    kind: 'sms',
    from: { address: from.replace(/^\+/, '') },
    text: [fields.get('Body') ?? '', ...notes].filter(Boolean).join('\n'),
    providerMessageId: sid,
    attachments,
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/amr': '.amr',
  'video/mp4': '.mp4',
  'video/3gpp': '.3gp',
  'application/pdf': '.pdf',
  'text/vcard': '.vcf',
};

/** Twilio names no file: its type gives the extension. */
const extensionOf = (contentType: string) =>
  EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? '';

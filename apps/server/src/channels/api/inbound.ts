// The generic API's inbound side: an integrator's signed call (verified over the raw bytes before anything is
// parsed) carrying a customer's message — stored once per integrator id, with its files inline or fetched by
// URL under the channel's size limit — or a status callback for a message we sent.
import {
  ChannelApiInbound,
  MEDIA_LIMITS,
  type ChannelApiAck,
  type ChannelApiInboundMessage,
} from '@atende/contract';
import {
  WebhookRefusal,
  type ChannelAccountRecord,
  type InboundAttachment,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../adapter.ts';
import { downloadMedia, MediaTooLarge, settingOf } from '../http.ts';
import { parseJsonBody } from '../meta/webhook.ts';
import { verifyApiSignature } from './signature.ts';
import { apiStatus } from './status.ts';

/** The largest file the channel takes of any kind: the file's kind is known only once it is read. */
const FILE_MAX = Math.max(...Object.values(MEDIA_LIMITS.api));

export async function apiWebhook(
  account: ChannelAccountRecord,
  request: WebhookRequest,
  io: WebhookIo,
): Promise<WebhookReply> {
  if (request.method !== 'POST') throw new WebhookRefusal(400, 'the channel API takes POST only');
  verifyApiSignature(settingOf(account, 'inbound_secret'), request);
  const parsed = ChannelApiInbound.safeParse(parseJsonBody(request));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WebhookRefusal(400, `invalid body at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const event = parsed.data;
  if (event.type === 'status') {
    await io.statuses([apiStatus(event)]);
    return ack({ ok: true });
  }
  const attachments = await files(event);
  if (event.text.trim() === '' && attachments.length === 0) {
    throw new WebhookRefusal(400, 'a message needs text or attachments');
  }
  const stored = await io.ingest({
    companyId: account.companyId,
    kind: 'api',
    from: { address: event.contact.identifier, name: event.contact.name ?? null },
    text: event.text,
    providerMessageId: event.id,
    attachments,
  });
  return ack({ ok: true, duplicate: stored.duplicate });
}

const ack = (body: ChannelApiAck): WebhookReply => ({ status: 200, body });

async function files(message: ChannelApiInboundMessage): Promise<InboundAttachment[]> {
  const result: InboundAttachment[] = [];
  for (const file of message.attachments ?? []) {
    if ('data_base64' in file) {
      const data = Buffer.from(file.data_base64, 'base64');
      if (data.length > FILE_MAX) throw new WebhookRefusal(413, `attachment larger than ${FILE_MAX} bytes`);
      result.push({ filename: file.filename, contentType: file.content_type, data });
      continue;
    }
    try {
      const { data, contentType } = await downloadMedia(file.url, FILE_MAX);
      const filename = file.filename ?? (new URL(file.url).pathname.split('/').pop() || 'file');
      result.push({ filename, contentType: contentType ?? 'application/octet-stream', data });
    } catch (error) {
      if (error instanceof MediaTooLarge) throw new WebhookRefusal(413, error.message);
      const reason = error instanceof Error ? error.message : String(error);
      throw new WebhookRefusal(400, `attachment ${file.url} could not be fetched: ${reason}`);
    }
  }
  return result;
}

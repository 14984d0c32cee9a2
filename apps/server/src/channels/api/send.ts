// The generic API's outbound side: each message POSTed as JSON to the integrator's `webhook_url`, signed with
// the account's outbound secret and carrying an Idempotency-Key that stays the same across our retries (the
// message's id), so an integrator that saw it once can ignore the repeat. 2xx means taken; 429 and 5xx are
// tried again (after Retry-After when given); any other answer is final and shown in the integrator's words.
import { randomUUID } from 'node:crypto';
import { CHANNEL_API_HEADERS, type ChannelApiOutboundEvent } from '@atende/contract';
import {
  DeliveryError,
  type ChannelAccountRecord,
  type ChannelAdapter,
  type OutboundMessage,
  type ProviderProbe,
} from '../adapter.ts';
import { callProvider, deliveryErrorOf, settingOf } from '../http.ts';
import { apiWebhook } from './inbound.ts';
import { signedHeaders } from './signature.ts';

/** How much of an integrator's refusal is kept as the message's failure reason. */
const ANSWER_MAX = 300;

/** Posts a signed event; the signature is over JSON.stringify(event), the very string callProvider sends. */
async function post(account: ChannelAccountRecord, event: ChannelApiOutboundEvent, idempotencyKey: string) {
  const url = settingOf(account, 'webhook_url');
  if (!url) throw new DeliveryError('api_webhook_missing', true);
  const body = JSON.stringify(event);
  return callProvider(url, {
    json: event,
    headers: {
      ...signedHeaders(settingOf(account, 'outbound_secret'), body),
      [CHANNEL_API_HEADERS.idempotencyKey]: idempotencyKey,
    },
  });
}

async function answerOf(response: Response): Promise<string> {
  const body = (await response.text()).trim().slice(0, ANSWER_MAX);
  return `integrator answered HTTP ${response.status}${body ? `: ${body}` : ''}`;
}

async function send(message: OutboundMessage) {
  const account = message.account!;
  const event: ChannelApiOutboundEvent = {
    event: 'message_created',
    delivery_id: message.messageId,
    message: {
      id: message.messageId,
      contact: { identifier: message.to },
      text: message.text,
      attachments: await Promise.all(
        message.attachments.map(async (file) => ({
          filename: file.filename,
          content_type: file.contentType,
          data_base64: (await file.read()).toString('base64'),
        })),
      ),
      ...(message.replyTo ? { reply_to: message.replyTo.providerMessageId } : {}),
    },
  };
  const response = await post(account, event, message.messageId);
  if (!response.ok) throw deliveryErrorOf(response, await answerOf(response));
  // The integrator names our message by our id in its status callbacks.
  return { providerMessageId: message.messageId };
}

/** One signed ping: the integrator's endpoint is reachable and accepts our signature. */
async function check(account: ChannelAccountRecord): Promise<ProviderProbe> {
  const id = randomUUID();
  try {
    const response = await post(account, { event: 'ping', delivery_id: id }, id);
    return response.ok ? { ok: true, error: null } : { ok: false, error: await answerOf(response) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export const apiAdapter: ChannelAdapter = {
  send,
  replyContext: true,
  // What the integrator did with a message is theirs: there is no call to take it back.
  deleteForEveryone: null,
  provider: { webhook: apiWebhook, check },
};

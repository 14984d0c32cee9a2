// The SMS adapter (Twilio Programmable Messaging): POST /2010-04-01/Accounts/{sid}/Messages.json with Basic
// auth, form To (+digits), From or MessagingServiceSid, Body, MediaUrl (the server's signed public address of
// each file: Twilio fetches it) and StatusCallback (the account's webhook, where statuses come back). Twilio's
// error codes: 20429 / HTTP 429 wait and retry, 20003 bad credentials and invalid numbers are final.
import {
  DeliveryError,
  type ChannelAccountRecord,
  type ChannelAdapter,
  type OutboundMessage,
  type ProviderProbe,
} from '../adapter.ts';
import { callProvider, deliveryErrorOf, jsonOf, retryAfterMs, settingOf } from '../http.ts';
import { smsWebhook } from './inbound.ts';
import { accountRoot, basicAuth } from './settings.ts';
import { twilioError } from './status.ts';

type TwilioError = { code?: number; message?: string };

/** Twilio's answer to a refused call as a DeliveryError in its own words. */
async function refusal(response: Response): Promise<DeliveryError> {
  const body = ((await jsonOf(response)) ?? {}) as TwilioError;
  const reason = twilioError(body.code ?? response.status, body.message ?? null);
  if (body.code === 20429) return new DeliveryError(reason, false, retryAfterMs(response) ?? 1000);
  return deliveryErrorOf(response, reason);
}

async function send(message: OutboundMessage) {
  const account = message.account!;
  const from = settingOf(account, 'from_number');
  const service = settingOf(account, 'messaging_service_sid');
  if (!from && !service) throw new DeliveryError('sms_sender_missing', true);
  const form = new URLSearchParams({ To: `+${message.to.replace(/^\+/, '')}` });
  if (service) form.set('MessagingServiceSid', service);
  if (from) form.set('From', from);
  if (message.text) form.set('Body', message.text);
  for (const file of message.attachments) {
    if (!file.url) throw new DeliveryError('attachment_url_unavailable', true);
    form.append('MediaUrl', file.url);
  }
  if (message.webhookUrl) form.set('StatusCallback', message.webhookUrl);
  const response = await callProvider(`${accountRoot(account)}/Messages.json`, {
    headers: basicAuth(account),
    body: form,
  });
  if (!response.ok) throw await refusal(response);
  const sent = (await jsonOf(response)) as { sid?: unknown } | null;
  if (typeof sent?.sid !== 'string') throw new DeliveryError('Twilio answered without a message sid', false);
  return { providerMessageId: sent.sid };
}

/** One cheap authenticated call: the account itself. */
async function check(account: ChannelAccountRecord): Promise<ProviderProbe> {
  try {
    const response = await callProvider(`${accountRoot(account)}.json`, { headers: basicAuth(account) });
    if (response.ok) return { ok: true, error: null };
    return { ok: false, error: (await refusal(response)).message };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export const smsAdapter: ChannelAdapter = {
  send,
  // An SMS quotes nothing, and once sent it stays on the customer's phone.
  replyContext: false,
  deleteForEveryone: null,
  provider: { webhook: smsWebhook, check },
};

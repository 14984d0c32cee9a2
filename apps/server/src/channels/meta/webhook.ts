// What Meta's three messaging products (WhatsApp Cloud, Messenger, Instagram) share on their webhooks: the
// subscription handshake (GET hub.mode=subscribe, hub.verify_token, hub.challenge) and the signature
// X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>, checked before parsing.
import {
  WebhookRefusal,
  type ChannelAccountRecord,
  type WebhookReply,
  type WebhookRequest,
} from '../adapter.ts';
import { hmac, sameSecret, settingOf } from '../http.ts';

/** Answers Meta's verification GET: the challenge as plain text when the token is the account's, else 403. */
export function metaHandshake(account: ChannelAccountRecord, request: WebhookRequest): WebhookReply {
  const { query } = request;
  if (
    query['hub.mode'] !== 'subscribe' ||
    !sameSecret(query['hub.verify_token'], settingOf(account, 'verify_token'))
  ) {
    throw new WebhookRefusal(403, 'verification token mismatch');
  }
  return { status: 200, body: query['hub.challenge'] ?? '', contentType: 'text/plain; charset=utf-8' };
}

/** The signature Meta sends for these bytes and app secret (also what the simulators sign with). */
export const metaSignature = (appSecret: string, body: Buffer | string) =>
  `sha256=${hmac('sha256', appSecret, body, 'hex')}`;

/** Refuses a POST whose X-Hub-Signature-256 is missing or not the app secret's over the exact bytes. */
export function verifyMetaSignature(account: ChannelAccountRecord, request: WebhookRequest): void {
  const secret = settingOf(account, 'app_secret');
  const given = request.headers['x-hub-signature-256'];
  if (!given) throw new WebhookRefusal(401, 'missing X-Hub-Signature-256');
  if (!sameSecret(given.toLowerCase(), metaSignature(secret, request.rawBody))) {
    throw new WebhookRefusal(401, 'X-Hub-Signature-256 mismatch');
  }
}

/** The body as JSON once verified; a body that is not JSON is the sender's fault (400, nothing stored). */
export function parseJsonBody(request: WebhookRequest): unknown {
  try {
    return JSON.parse(request.rawBody.toString('utf8')) as unknown;
  } catch {
    throw new WebhookRefusal(400, 'body is not JSON');
  }
}

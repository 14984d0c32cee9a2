// The generic API's signature, the same both ways: `sha256=` + hex HMAC-SHA256(secret, "<timestamp>.<raw body>"),
// the timestamp (unix seconds) in its own header so a captured request cannot be replayed after the window.
import { CHANNEL_API_HEADERS, CHANNEL_API_WINDOW_SECONDS } from '@atende/contract';
import { WebhookRefusal, type WebhookRequest } from '../adapter.ts';
import { hmac, sameSecret } from '../http.ts';

export const apiSignature = (secret: string, timestamp: string, body: Buffer | string): string =>
  `sha256=${hmac('sha256', secret, Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(body)]), 'hex')}`;

/** The headers that sign `body` with `secret` at `nowMs`. */
export function signedHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [CHANNEL_API_HEADERS.timestamp]: timestamp,
    [CHANNEL_API_HEADERS.signature]: apiSignature(secret, timestamp, body),
  };
}

/**
 * Refuses (401) a request whose timestamp is missing or outside the window, or whose signature is not the
 * secret's over exactly these bytes. The timestamp is checked first, but only the signature makes it count.
 */
export function verifyApiSignature(secret: string, request: WebhookRequest, nowMs = Date.now()): void {
  const timestamp = request.headers[CHANNEL_API_HEADERS.timestamp];
  const given = request.headers[CHANNEL_API_HEADERS.signature];
  if (!timestamp || !given) throw new WebhookRefusal(401, 'missing X-Atende-Timestamp or X-Atende-Signature');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookRefusal(401, 'X-Atende-Timestamp is not unix seconds');
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > CHANNEL_API_WINDOW_SECONDS) {
    throw new WebhookRefusal(401, 'X-Atende-Timestamp outside the 5-minute window');
  }
  if (!sameSecret(given.toLowerCase(), apiSignature(secret, timestamp, request.rawBody))) {
    throw new WebhookRefusal(401, 'X-Atende-Signature mismatch');
  }
}

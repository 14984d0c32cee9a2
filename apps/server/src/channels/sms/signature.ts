// Twilio's webhook signature: X-Twilio-Signature = Base64(HMAC-SHA1(auth token, the full URL Twilio called +
// every POST parameter as key+value, keys sorted; a repeated key's values sorted)). JSON-bodied webhooks sign the
// URL alone and carry the body's SHA-256 in its `bodySHA256` query parameter. Written here rather than taken
// from the `twilio` package (its whole SDK for one function); sms.test.ts holds the two equal.
import { createHash } from 'node:crypto';
import { hmac, sameSecret } from '../http.ts';

/** The signature Twilio sends for a request to `url` with these form parameters (what the simulator signs). */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of params) byKey.set(key, [...(byKey.get(key) ?? []), value]);
  // Plain code-unit order, as twilio-node's sort(); repeated values once each, as it does.
  const data = [...byKey.keys()].sort().reduce(
    (acc, key) =>
      acc +
      [...new Set(byKey.get(key))]
        .sort()
        .map((value) => key + value)
        .join(''),
    url,
  );
  return hmac('sha1', authToken, Buffer.from(data, 'utf8'), 'base64');
}

/** `scheme://host[:port]rest` split without normalising (the path and query must stay as Twilio signed them). */
const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)(:\d+)?(.*)$/i;

/**
 * The URL as received, without its port and with the scheme's default one: a proxy or load balancer may add or
 * drop it, and Twilio signs what it called (twilio-node tries the same three).
 */
export function signedUrlCandidates(url: string): string[] {
  const parts = URL_PARTS.exec(url);
  if (!parts) return [url];
  const [, scheme, userInfo = '', host, , rest] = parts;
  const defaultPort = scheme!.toLowerCase() === 'https://' ? ':443' : ':80';
  return [
    ...new Set([
      url,
      `${scheme}${userInfo}${host}${rest}`,
      `${scheme}${userInfo}${host}${defaultPort}${rest}`,
    ]),
  ];
}

/** Whether `given` is Twilio's signature of this request (constant-time comparison of each candidate). */
export function validTwilioSignature(
  authToken: string,
  given: string | undefined,
  url: string,
  params: URLSearchParams,
): boolean {
  if (!given || !authToken) return false;
  // Every candidate is computed and compared: how many were tried says nothing about the token.
  return signedUrlCandidates(url)
    .map((candidate) => sameSecret(given, twilioSignature(authToken, candidate, params)))
    .includes(true);
}

/** A JSON-bodied webhook's body check: the hex SHA-256 of the exact bytes against `bodySHA256`. */
export const bodySha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

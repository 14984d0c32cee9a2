// What every provider reached over HTTP needs: a call with a deadline whose network failures are worth
// retrying, the provider's own rate-limit delay, downloads capped before they are read whole, the account's API
// root, and signature comparisons in constant time. Each adapter maps its provider's error bodies itself.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { ChannelAccountRecord } from './adapter.ts';
import { DeliveryError } from './adapter.ts';

/** How long a provider may take to answer one call before it counts as a transient failure. */
const CALL_TIMEOUT_MS = 15_000;
/** The longest rate-limit delay we honour by waiting; beyond it the send fails like any transient error. */
const RETRY_AFTER_MAX_MS = 60 * 60_000;

export type ProviderCall = {
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  /** A JSON body (sent with its content type). */
  json?: unknown;
  /** A form or multipart body, sent as given. */
  body?: URLSearchParams | FormData;
  timeoutMs?: number;
  /** Redirects are refused unless a provider's media lives behind one (Twilio's 307 to its CDN). */
  redirect?: 'error' | 'follow';
};

/**
 * Addresses a company's settings or an integrator's payload must not make this server reach: its own machine
 * and private networks (a company administrator or an integrator could otherwise probe or call the services
 * beside it). Allowed on a demo install, whose simulators listen on loopback (config PROVIDER_PRIVATE_ADDRESSES).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

let privateAddressesAllowed = false;

/** Set once by the composition root from the configuration. */
export function allowPrivateProviderAddresses(allowed: boolean): void {
  privateAddressesAllowed = allowed;
}

/** An IPv4-mapped IPv6 address (::ffff:127.0.0.1, written ::ffff:7f00:1) as the IPv4 address it is. */
function unmapped(address: string): string {
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

const isPrivate = (address: string) => {
  const plain = unmapped(address);
  return PRIVATE.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
};

/** Refuses (permanently) an address that resolves to this machine or a private network, unless allowed. */
export async function assertPublicAddress(url: string): Promise<void> {
  if (privateAddressesAllowed) return;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    throw new DeliveryError('invalid provider address', true);
  }
  const addresses = isIP(host)
    ? [host]
    : /(^|\.)localhost$/i.test(host)
      ? ['127.0.0.1']
      : await lookup(host, { all: true }).then(
          (found) => found.map((entry) => entry.address),
          () => {
            throw new DeliveryError(`provider unreachable: cannot resolve ${host}`, false);
          },
        );
  if (addresses.some(isPrivate)) {
    throw new DeliveryError(`address not allowed (private network): ${host}`, true);
  }
}

/** One call to a provider; a network failure or timeout is a transient DeliveryError (retried). */
export async function callProvider(url: string, call: ProviderCall = {}): Promise<Response> {
  await assertPublicAddress(url);
  const headers: Record<string, string> = { ...call.headers };
  let body: string | URLSearchParams | FormData | undefined = call.body;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  }
  try {
    return await fetch(url, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs ?? CALL_TIMEOUT_MS),
      // Followed redirects drop the Authorization header when they leave the origin (fetch's rule).
      redirect: call.redirect ?? 'error',
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';
    throw new DeliveryError(`provider unreachable: ${reason || String(error)}`, false);
  }
}

/** The body of a provider's answer as JSON, or null when it is not JSON (an HTML error page). */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The delay a rate-limited answer asks for (`Retry-After` in seconds, or a provider's own field), capped. */
export function retryAfterMs(response: Response | null, seconds?: unknown): number | null {
  const value = typeof seconds === 'number' ? seconds : Number(response?.headers.get('retry-after') ?? NaN);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.ceil(value * 1000), RETRY_AFTER_MAX_MS);
}

/** The usual reading of an HTTP status no provider-specific code explained: 429 and 5xx are worth retrying. */
export function deliveryErrorOf(
  response: Response,
  reason: string,
  retryAfterSeconds?: unknown,
): DeliveryError {
  if (response.status === 429) {
    return new DeliveryError(reason, false, retryAfterMs(response, retryAfterSeconds) ?? 1000);
  }
  return new DeliveryError(reason, response.status < 500 && response.status !== 408);
}

export class MediaTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`media larger than ${maxBytes} bytes`);
    this.name = 'MediaTooLarge';
  }
}

/**
 * A provider's media, refused once it grows past `maxBytes` (declared or streamed) rather than read whole;
 * `followRedirect` where the provider answers with its CDN's address.
 */
export async function downloadMedia(
  url: string,
  maxBytes: number,
  headers: Record<string, string> = {},
  options: { followRedirect?: boolean } = {},
): Promise<{ data: Buffer; contentType: string | null }> {
  const redirect = options.followRedirect ? 'follow' : 'error';
  const response = await callProvider(url, { headers, timeoutMs: 60_000, redirect });
  if (!response.ok) throw new Error(`media download failed: HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw new MediaTooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new MediaTooLarge(maxBytes);
    chunks.push(Buffer.from(chunk));
  }
  return { data: Buffer.concat(chunks), contentType: response.headers.get('content-type') };
}

/** The account's API root: its own setting (a proxy, the simulator) or the provider's public one. */
export function apiRoot(account: ChannelAccountRecord, publicRoot: string): string {
  const own = account.settings.api_base_url;
  return (typeof own === 'string' && own !== '' ? own : publicRoot).replace(/\/+$/, '');
}

/** A setting or secret of the account as text ('' when absent). */
export const settingOf = (account: ChannelAccountRecord, name: string): string => {
  const value = account.settings[name] ?? account.credentials[name];
  return typeof value === 'string' ? value : '';
};

/** Compares two strings in constant time (different lengths answer false at once: lengths are not secret). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** HMAC of the bytes, in the encoding the provider writes it. */
export const hmac = (
  algorithm: 'sha1' | 'sha256',
  key: string,
  data: Buffer | string,
  encoding: 'hex' | 'base64',
): string => createHmac(algorithm, key).update(data).digest(encoding);

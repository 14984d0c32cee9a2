// Signed URLs for files a browser loads without headers (an <img> cannot send the Bearer token): the HMAC of
// the resource, its version and an expiry is the capability, so only someone who was given the URL can load it,
// and only for a while (FILE_URL_TTL_HOURS): a URL copied out of the console stops working. The console gets
// fresh URLs by fetching again what carried them.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, notFound } from './errors.ts';

/** What a signed URL's query carries besides the resource's own parameters: expiry (Unix seconds), HMAC. */
export const SignatureQuery = z.object({ exp: z.string().regex(/^\d{1,12}$/), sig: z.string().max(64) });
export type Signature = z.infer<typeof SignatureQuery>;

/** The `cache-control` of a signed file: the browser keeps it while its URL works, not longer. */
export const signedCacheControl = ({ exp }: Signature, now = Date.now()) =>
  `private, max-age=${Math.max(0, Math.floor(Number(exp) - now / 1_000))}, immutable`;

export type UrlSigner = {
  /** `exp=…&sig=…` for the resource, valid from `now` (ms) for at least the configured lifetime. */
  sign(resource: string, now?: number): string;
  /** Throws 404 for a signature that does not match (tampered expiry included), 410 once it expired. */
  check(resource: string, signature: Signature, now?: number): void;
};

/**
 * Expiries are rounded up to a quarter of the lifetime, so every URL of a resource signed within that quarter
 * is the same and the browser's cache keeps serving it; each lives between 1 and 1¼ lifetimes.
 */
const BUCKETS_PER_LIFETIME = 4;

export function createUrlSigner(secret: string, lifetimeMs: number): UrlSigner {
  const key = createHmac('sha256', secret).update('atende:signed-urls').digest();
  const bucketSeconds = Math.max(1, Math.round(lifetimeMs / BUCKETS_PER_LIFETIME / 1_000));
  const mac = (resource: string, exp: string) =>
    createHmac('sha256', key).update(`${resource}\n${exp}`).digest('base64url').slice(0, 32);
  return {
    sign(resource, now = Date.now()) {
      const exp = String(Math.ceil((now + lifetimeMs) / 1_000 / bucketSeconds) * bucketSeconds);
      return `exp=${exp}&sig=${mac(resource, exp)}`;
    },
    check(resource, { exp, sig }, now = Date.now()) {
      const expected = Buffer.from(mac(resource, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
      if (Number(exp) * 1_000 <= now) throw new AppError('file_url_expired', 410);
    },
  };
}

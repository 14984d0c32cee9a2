// Signed file addresses (attachments, avatars) work until the `exp` they carry (Unix seconds, FILE_URL_TTL_HOURS
// on the server). The console and the chat widget fetch again what carried them a little before then, so a
// picture or a file link never breaks.

/** How long before its expiry an address is renewed. */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** When a signed address stops working (ms), or null for an address that never does. */
export function signedUrlExpiry(url: string | null | undefined): number | null {
  // The query's own `exp` (not one inside the path or the fragment); read without URL, which the contract's
  // environments (server, console, widget) do not all declare.
  const exp = url
    ?.split('#')[0]!
    .split('?')[1]
    ?.match(/(?:^|&)exp=(\d+)(?:&|$)/)?.[1];
  return exp ? Number(exp) * 1_000 : null;
}

/** Milliseconds until the first of these addresses should be renewed (0: now), or null when none expires. */
export function renewalDelay(urls: readonly (string | null | undefined)[], now = Date.now()): number | null {
  const expiries = urls.map(signedUrlExpiry).filter((expiry): expiry is number => expiry !== null);
  if (expiries.length === 0) return null;
  return Math.max(0, Math.min(...expiries) - RENEW_BEFORE_MS - now);
}

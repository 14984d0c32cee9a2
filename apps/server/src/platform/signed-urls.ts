// Signed URLs for files a browser loads without headers (an <img> cannot send the Bearer token): the HMAC of
// the resource and its version is the capability, so only someone who was given the URL can load it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type UrlSigner = {
  sign(resource: string): string;
  verify(resource: string, signature: string): boolean;
};

export function createUrlSigner(secret: string): UrlSigner {
  const key = createHmac('sha256', secret).update('atende:signed-urls').digest();
  const sign = (resource: string) =>
    createHmac('sha256', key).update(resource).digest('base64url').slice(0, 32);
  return {
    sign,
    verify(resource, signature) {
      const expected = Buffer.from(sign(resource));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

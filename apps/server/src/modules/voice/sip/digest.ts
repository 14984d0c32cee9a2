// HTTP digest authentication as SIP uses it (RFC 3261 §22, RFC 2617 with qop=auth; MD5, what JsSIP and every
// deployed phone speak). Nonces are stateless: a time and its HMAC under the server's secret, good for a few
// minutes, so any process of the PBX verifies another's challenge without shared state.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_LIFETIME_MS = 5 * 60_000;

const md5 = (value: string) => createHash('md5').update(value).digest('hex');

/** Splits `Digest a="b", c=d` into its parameters. */
export function parseDigest(value: string | undefined): Record<string, string> | null {
  if (!value || !/^digest\s/i.test(value)) return null;
  const params: Record<string, string> = {};
  const pattern = /([a-z0-9-]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^,\s]+)/gi;
  for (const match of value.slice(6).matchAll(pattern)) {
    params[match[1]!.toLowerCase()] = match[3] ?? match[2]!;
  }
  return params;
}

export function digestAuth(secret: string) {
  const sign = (stamp: string, realm: string) =>
    createHmac('sha256', secret).update(`${stamp}:${realm}`).digest('base64url').slice(0, 22);

  return {
    /** A `WWW-Authenticate` / `Proxy-Authenticate` value for `realm`. */
    challenge(realm: string, stale = false): string {
      const stamp = `${Date.now().toString(36)}.${randomBytes(6).toString('base64url')}`;
      const nonce = `${stamp}.${sign(stamp, realm)}`;
      return `Digest realm="${realm}", nonce="${nonce}", qop="auth", algorithm=MD5${stale ? ', stale=true' : ''}`;
    },

    /** Whether `params` answer one of our nonces for `realm` with `password`; `stale` when only the time passed. */
    verify(
      params: Record<string, string>,
      input: { method: string; realm: string; password: string },
      now = Date.now(),
    ): 'ok' | 'stale' | 'invalid' {
      const { nonce = '', uri = '', response = '', qop, nc = '', cnonce = '' } = params;
      if (params.realm !== input.realm || (params.algorithm && params.algorithm.toUpperCase() !== 'MD5')) {
        return 'invalid';
      }
      const parts = nonce.split('.');
      if (parts.length !== 3) return 'invalid';
      const stamp = `${parts[0]}.${parts[1]}`;
      const expected = Buffer.from(sign(stamp, input.realm));
      const given = Buffer.from(parts[2]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const ha1 = md5(`${params.username}:${input.realm}:${input.password}`);
      const ha2 = md5(`${input.method}:${uri}`);
      const answer =
        qop === 'auth' ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
      const ok =
        answer.length === response.length && timingSafeEqual(Buffer.from(answer), Buffer.from(response));
      if (!ok) return 'invalid';
      return now - parseInt(parts[0]!, 36) > NONCE_LIFETIME_MS ? 'stale' : 'ok';
    },
  };
}

export type DigestAuth = ReturnType<typeof digestAuth>;

/** What a client computes (tests, simulators without a SIP library). */
export function digestResponse(input: {
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc: string;
  cnonce: string;
}): string {
  const ha1 = md5(`${input.username}:${input.realm}:${input.password}`);
  const ha2 = md5(`${input.method}:${input.uri}`);
  return md5(`${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:auth:${ha2}`);
}

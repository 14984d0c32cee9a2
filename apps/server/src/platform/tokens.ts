// Signed access tokens (HS256 JWT). A token names its session; the session row decides whether it still works.
import { createSigner, createVerifier } from 'fast-jwt';

export type TokenClaims = { sid: string; sub: string; cid: string };

export type TokenService = {
  sign(claims: TokenClaims, expiresAt: Date): string;
  /** The claims of a well-signed, unexpired token; null for anything else. */
  verify(token: string): TokenClaims | null;
};

export function createTokenService(secret: string): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (claims, expiresAt) => signer({ ...claims, exp: Math.floor(expiresAt.getTime() / 1000) }),
    verify(token) {
      try {
        const payload = verifier(token) as Partial<TokenClaims>;
        if (
          typeof payload.sid !== 'string' ||
          typeof payload.sub !== 'string' ||
          typeof payload.cid !== 'string'
        ) {
          return null;
        }
        return { sid: payload.sid, sub: payload.sub, cid: payload.cid };
      } catch {
        return null;
      }
    },
  };
}

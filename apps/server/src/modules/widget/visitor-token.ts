// Visitor JWTs of the chat widget: who the visitor is (their chat contact channel), on which widget (channel
// account) of which company. A `typ` claim keeps them apart from attendants' access tokens, which are signed
// with the same secret: neither kind verifies as the other.
import { createSigner, createVerifier } from 'fast-jwt';

export type VisitorClaims = { channelId: string; accountId: string; companyId: string };

export type VisitorTokens = {
  sign(claims: VisitorClaims, expiresAt: Date): string;
  /** The claims of a well-signed, unexpired visitor token; null for anything else. */
  verify(token: string): VisitorClaims | null;
};

const TYPE = 'chat-visitor';

export function createVisitorTokens(secret: string): VisitorTokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (claims, expiresAt) =>
      signer({
        typ: TYPE,
        vid: claims.channelId,
        aid: claims.accountId,
        cid: claims.companyId,
        exp: Math.floor(expiresAt.getTime() / 1000),
      }),
    verify(token) {
      try {
        const payload = verifier(token) as Record<string, unknown>;
        const { typ, vid, aid, cid } = payload;
        if (typ !== TYPE || typeof vid !== 'string' || typeof aid !== 'string' || typeof cid !== 'string') {
          return null;
        }
        return { channelId: vid, accountId: aid, companyId: cid };
      } catch {
        return null;
      }
    },
  };
}

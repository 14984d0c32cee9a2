import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { createTokenService, type TokenClaims } from '../../platform/tokens.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs, makeCompany, makeUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exchange = (token: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/session/handoff', payload: { token }, headers });

const whoIs = async (token: string) => {
  const response = await injectAs(t.app, { token }, { method: 'GET', url: '/api/user' });
  return response.statusCode === 200 ? (response.json<{ id: string }>().id ?? null) : response.statusCode;
};

/** A user of a new company, signed in (the admin Center's session whose token travels in the link). */
async function linkOwner() {
  const company = await makeCompany(t.database.db);
  const user = await makeUser(t.database.db, company);
  return { company, user, token: await loginAs(t.app, company, user) };
}

const claimsOf = (token: string): TokenClaims =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as TokenClaims;

const refusal = {
  code: 'handoff_invalid',
  message: 'Este link de acesso já foi usado ou não é mais válido. Entre novamente.',
};

describe('POST /api/session/handoff', () => {
  it('exchanges a link token for a fresh session of the same user, once', async () => {
    const { user, token } = await linkOwner();
    const first = await exchange(token);
    expect(first.statusCode).toBe(200);
    const fresh = first.json<{ access_token: string; token_type: string }>();
    expect(fresh.token_type).toBe('Bearer');
    expect(fresh.access_token).not.toBe(token);
    expect(claimsOf(fresh.access_token).sid).not.toBe(claimsOf(token).sid);
    expect(await whoIs(fresh.access_token)).toBe(user.id);

    const replay = await exchange(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(refusal);
  });

  it('answers the refusal in the caller’s language', async () => {
    const { token } = await linkOwner();
    await exchange(token);
    const replay = await exchange(token, t.app, { 'accept-language': 'en' });
    expect(replay.json()).toEqual({
      code: 'handoff_invalid',
      message: 'This sign-in link has already been used or is no longer valid. Please sign in again.',
    });
  });

  it('leaves the link’s own session working for the API (the admin Center that made the link)', async () => {
    const { user, token } = await linkOwner();
    expect((await exchange(token)).statusCode).toBe(200);
    expect(await whoIs(token)).toBe(user.id);
  });

  it('of two exchanges of one link at once, one succeeds', async () => {
    const { token } = await linkOwner();
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('refuses a token that names another company, a deactivated user, a revoked session or a forged one', async () => {
    const secret = createTokenService(t.config.jwtSecret);
    const inOneHour = new Date(Date.now() + 3_600_000);

    const mine = await linkOwner();
    const other = await linkOwner();
    // Well signed, but its session and user are of another company than the one it claims.
    const crossed = secret.sign({ ...claimsOf(mine.token), cid: other.company.id }, inOneHour);
    expect((await exchange(crossed)).json()).toEqual(refusal);

    const deactivated = await linkOwner();
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, deactivated.user.id));
    expect((await exchange(deactivated.token)).json()).toEqual(refusal);

    const loggedOut = await linkOwner();
    await injectAs(t.app, loggedOut, { method: 'POST', url: '/api/logout' });
    expect((await exchange(loggedOut.token)).json()).toEqual(refusal);

    const forged = createTokenService('another-secret-another-secret-another-secret');
    expect((await exchange(forged.sign(claimsOf(other.token), inOneHour))).json()).toEqual(refusal);
    expect((await exchange('not-a-jwt')).statusCode).toBe(401);

    // None of the refusals used up the link of the company the token really belongs to.
    expect((await exchange(mine.token)).statusCode).toBe(200);
  });

  it('is refused by another instance of the app once used (the mark is in the database)', async () => {
    const { token } = await linkOwner();
    expect((await exchange(token)).statusCode).toBe(200);
    const other = await buildApp({ ...t.config, role: 'api' }, t.database);
    await other.ready();
    try {
      const replay = await exchange(token, other);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual(refusal);
      // And a link exchanged there is refused here.
      const next = await linkOwner();
      const there = await exchange(next.token, other);
      expect(there.statusCode).toBe(200);
      expect(await whoIs(there.json<{ access_token: string }>().access_token)).toBe(next.user.id);
      expect((await exchange(next.token)).json()).toEqual(refusal);
    } finally {
      await other.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createTokenService } from '../../platform/tokens.ts';
import { LOGIN_FREE_FAILURES } from './throttle.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  eventually,
  injectAs,
  loginAs,
  makeCompany,
  makeUser,
  TEST_PASSWORD,
} from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: body, headers });

describe('POST /api/login', () => {
  it('returns a bearer token that opens the session', async () => {
    const company = await makeCompany(t.database.db, { name: 'Acme Brasil' });
    const user = await makeUser(t.database.db, company, { username: 'Joana' });
    const response = await login({ company: '  ACME brasil ', username: 'joana', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('Bearer');
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    const me = await injectAs(t.app, { token: body.access_token }, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: 'joana', company: { name: 'Acme Brasil' } });
  });

  it('refuses a wrong password and an unknown company with the same message', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const wrong = await login({ company: company.slug, username: user.username, password: 'nope-nope' });
    const unknown = await login({
      company: 'no-such-company',
      username: user.username,
      password: TEST_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Empresa, usuário ou senha inválidos.',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive user', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const response = await login({ company: company.slug, username: user.username, password: TEST_PASSWORD });
    expect(response.json().code).toBe('invalid_credentials');
  });

  it('a success clears the failures counted so far (throttling: throttle.test.ts)', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i++) {
        await login({ company: company.slug, username: user.username, password: 'bad' });
      }
      expect(
        (await login({ company: company.slug, username: user.username, password: TEST_PASSWORD })).statusCode,
      ).toBe(200);
    }
  });

  it('validates the body and names the missing field', async () => {
    const response = await login({ company: 'demo', username: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'username',
      message: 'Informe o campo “usuário”.',
    });
  });
});

describe('session tokens', () => {
  const getUser = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers });

  it('a missing token answers 401 unauthenticated', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'unauthenticated',
      message: 'Você precisa entrar na sua conta para continuar.',
    });
  });

  it('a forged or malformed token answers 401 session_expired', async () => {
    const forged = createTokenService('another-secret-another-secret-another-secret');
    const token = forged.sign(
      { sid: crypto.randomUUID(), sub: crypto.randomUUID(), cid: crypto.randomUUID() },
      new Date(Date.now() + 60_000),
    );
    for (const value of [`Bearer ${token}`, 'Bearer not-a-jwt', 'Basic abc']) {
      const response = await getUser({ authorization: value });
      expect(response.statusCode).toBe(401);
    }
  });

  it('an expired token answers 401 session_expired', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const token = await loginAs(t.app, company, user);
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = createTokenService(t.config.jwtSecret).sign(claims, new Date(Date.now() - 1000));
    const response = await getUser({ authorization: `Bearer ${expired}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_expired');
  });

  it('logout revokes exactly the token used', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const first = await loginAs(t.app, company, user);
    const second = await loginAs(t.app, company, user);
    const out = await injectAs(t.app, { token: first }, { method: 'POST', url: '/api/logout' });
    expect(out.json()).toEqual({ ok: true });
    const revoked = await injectAs(t.app, { token: first }, { method: 'GET', url: '/api/user' });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('session_expired');
    expect((await injectAs(t.app, { token: second }, { method: 'GET', url: '/api/user' })).statusCode).toBe(
      200,
    );
  });

  it('a deactivated user loses open sessions within moments, even changed by SQL on another connection', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const token = await loginAs(t.app, company, user);
    const status = async () =>
      (await injectAs(t.app, { token }, { method: 'GET', url: '/api/user' })).statusCode;
    // In use a moment before: the process remembers the session.
    expect(await status()).toBe(200);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    // PGlite tells its process at commit; PostgreSQL's notification travels on its own connection.
    expect(await eventually(status, 401)).toBe(401);
  });

  it('a session revoked by SQL, or whose user changed role, is checked again', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company, { role: 'attendant' });
    const token = await loginAs(t.app, company, user);
    const status = async () =>
      (await injectAs(t.app, { token }, { method: 'GET', url: '/api/user' })).statusCode;
    expect(await status()).toBe(200);
    const role = async () => (await t.app.deps.authenticate(token)).role;
    expect(await role()).toBe('attendant');
    await t.database.db.update(users).set({ role: 'supervisor' }).where(eq(users.id, user.id));
    expect(await eventually(role, 'supervisor')).toBe('supervisor');
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await eventually(status, 401)).toBe(401);
  });

  it('heartbeat records the user as seen, which makes them online among responsibles', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const token = await loginAs(t.app, company, user);
    const before = await injectAs(
      t.app,
      { token },
      { method: 'GET', url: `/api/responsibles?ids=${user.id}` },
    );
    expect(before.json().data[0].online).toBe(false);
    const beat = await injectAs(t.app, { token }, { method: 'POST', url: '/api/heartbeat' });
    expect(beat.statusCode).toBe(200);
    expect(Math.abs(new Date(beat.json().server_time).getTime() - Date.now())).toBeLessThan(5000);
    const after = await injectAs(
      t.app,
      { token },
      { method: 'GET', url: `/api/responsibles?ids=${user.id}` },
    );
    expect(after.json().data[0].online).toBe(true);
  });
});

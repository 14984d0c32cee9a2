import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, passwordResetLinks, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs, makeActor, type Actor } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkFor = (admin: Actor, userId: string) =>
  injectAs(t.app, admin, { method: 'POST', url: `/api/center/users/${userId}/reset-link` });
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const inspect = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/inspect', payload: { token } });
const complete = (token: string, password = 'brand-new-secret', confirmation = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset',
    payload: { token, password, password_confirmation: confirmation },
  });
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('password reset links', () => {
  it('answers a link once, keeps only its hash, and the link sets a password and ends every session', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const response = await linkFor(admin, attendant.user.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.id).toBe(attendant.user.id);
    expect(body.url).toMatch(/\/redefinir-senha\/[\w-]{43}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const token = tokenOf(body.url);
    const [stored] = await t.database.db
      .select()
      .from(passwordResetLinks)
      .where(eq(passwordResetLinks.userId, attendant.user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, admin.company.id), eq(auditEvents.kind, 'user_reset_link_created')),
      );
    expect(audit).toMatchObject({ actorUserId: admin.user.id, subject: attendant.user.username });
    expect(JSON.stringify(audit!.details)).not.toContain(token);

    // Opening it tells whose password it resets; the admin's request left the user's session alone.
    expect((await inspect(token)).json()).toMatchObject({
      name: attendant.user.name,
      username: attendant.user.username,
      company: admin.company.name,
    });
    expect((await injectAs(t.app, attendant, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);

    expect((await complete(token)).json()).toEqual({ ok: true });
    expect((await injectAs(t.app, attendant, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await rowOf(attendant.user.id)).requireNewPassword).toBe(false);
    await expect(loginAs(t.app, admin.company, attendant.user)).rejects.toThrow(/400/);
    await loginAs(t.app, admin.company, attendant.user, 'brand-new-secret');

    // Spent: a second use and a second look are refused with the translated message.
    const again = await complete(token, 'another-secret');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'reset_link_invalid',
      message:
        'Este link de redefinição de senha já foi usado, expirou ou não é válido. Peça um novo link ao administrador.',
    });
    expect((await inspect(token)).statusCode).toBe(410);
  });

  it('refuses expired, replaced and forged links, and a deactivated user’s, changing nothing', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const before = (await rowOf(attendant.user.id)).passwordHash;

    const replaced = tokenOf((await linkFor(admin, attendant.user.id)).json().url);
    const newest = tokenOf((await linkFor(admin, attendant.user.id)).json().url);
    expect((await complete(replaced)).statusCode).toBe(410);
    expect((await complete('forged-token')).statusCode).toBe(410);

    await t.database.db
      .update(passwordResetLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetLinks.userId, attendant.user.id));
    expect((await complete(newest)).statusCode).toBe(410);

    const fresh = tokenOf((await linkFor(admin, attendant.user.id)).json().url);
    await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/center/users/${attendant.user.id}/deactivate`,
    });
    expect((await complete(fresh)).statusCode).toBe(410);
    expect((await rowOf(attendant.user.id)).passwordHash).toBe(before);
  });

  it('refuses a short password and a mismatched confirmation without spending the link', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const token = tokenOf((await linkFor(admin, attendant.user.id)).json().url);
    const short = await complete(token, 'short');
    expect(short.statusCode).toBe(400);
    const mismatch = await complete(token, 'brand-new-secret', 'brand-new-secreT');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('Confirmação da senha inválida');
    expect((await complete(token)).statusCode).toBe(200);
  });

  it('is for administrators of the user’s own company only', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const foreignAdmin = await makeActor(t.app, t.database.db, 'admin');
    expect((await linkFor(foreignAdmin, attendant.user.id)).statusCode).toBe(404);
    expect((await linkFor(supervisor, attendant.user.id)).statusCode).toBe(403);
    expect((await linkFor(attendant, attendant.user.id)).statusCode).toBe(403);
    const links = await t.database.db
      .select()
      .from(passwordResetLinks)
      .where(eq(passwordResetLinks.userId, attendant.user.id));
    expect(links).toHaveLength(0);
  });
});

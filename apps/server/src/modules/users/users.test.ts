import { defaultPermissions } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createUrlSigner } from '../../platform/signed-urls.ts';
import { avatarResource } from './presenter.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  eventually,
  injectAs,
  loginAs,
  makeActor,
  makeUser,
  TEST_PASSWORD,
  type Actor,
} from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const post = (
  actor: Pick<Actor, 'token'>,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => injectAs(t.app, actor, { method: 'POST', url, payload, headers });

describe('GET /api/user', () => {
  it('returns the User of the specification with role defaults for permissions', async () => {
    const attendant = await makeActor(t.app, t.database.db, 'attendant');
    const body = (await injectAs(t.app, attendant, { method: 'GET', url: '/api/user' })).json();
    expect(body).toEqual({
      id: attendant.user.id,
      username: attendant.user.username,
      name: 'Test User',
      email: null,
      instagram: null,
      avatar: null,
      timezone: 'America/Sao_Paulo',
      language: null,
      sound_notification: true,
      require_new_password: false,
      pause: { pause_at: null, reason_id: null },
      permissions: defaultPermissions('attendant'),
      role: 'attendant',
      abilities: ['contacts.create', 'messages.send_files', 'voice.use'],
      company: { id: attendant.company.id, name: attendant.company.name },
    });
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const adminBody = (await injectAs(t.app, admin, { method: 'GET', url: '/api/user' })).json();
    expect(adminBody.permissions).toEqual(defaultPermissions('admin'));
    expect(adminBody.abilities).toEqual([
      'contacts.create',
      'contacts.change_responsible',
      'conversations.bulk',
      'contacts.see_all',
      'messages.send_files',
      'threads.see_private',
      'schedules.manage_any',
      'center.open',
      'channels.manage',
      'catalogues.read',
      'catalogues.manage',
      'company.configure',
      'ai.configure',
      'branding.manage',
      'audit.read',
      'teams.read',
      'teams.manage',
      'users.read',
      'users.manage',
      'surveys.read',
      'broadcasts.send',
      'pipelines.manage',
      'pipelines.moderate',
      'campaigns.manage',
      'voice.use',
      'analytics.see_others',
      'pauses.monitor',
      'monitor.read',
      'company.read',
      'suggestions.moderate',
      'changelog.manage',
      'calls.see_all',
    ]);
  });

  it('answers what the user may do as the permission flags change, and routes refuse the rest', async () => {
    const supervisor = await makeActor(t.app, t.database.db, 'supervisor');
    const abilities = async () =>
      (await injectAs(t.app, supervisor, { method: 'GET', url: '/api/user' })).json().abilities;
    expect(await abilities()).toContain('center.open');
    expect(await abilities()).not.toContain('channels.manage');
    // A route declaring an ability refuses whoever lacks it before its handler runs.
    const center = await injectAs(t.app, supervisor, { method: 'GET', url: '/api/center/channels' });
    expect(center.statusCode).toBe(403);
    await t.database.db.update(users).set({ canSendFiles: false }).where(eq(users.id, supervisor.user.id));
    // The change reaches the remembered session through the database's notification (session-cache.ts).
    const withoutFiles = async () => !(await abilities()).includes('messages.send_files');
    expect(await eventually(withoutFiles, true)).toBe(true);
  });
});

describe('POST /api/user', () => {
  it('updates the profile fields', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const response = await post(actor, '/api/user', {
      name: '  Ana Lima ',
      email: 'Ana@Example.com',
      instagram: '@ana.lima',
      timezone: 'Europe/Lisbon',
      language: 'pt_pt',
      sound_notification: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ana Lima',
      email: 'ana@example.com',
      instagram: 'ana.lima',
      timezone: 'Europe/Lisbon',
      language: 'pt_pt',
      sound_notification: false,
    });
    const cleared = await post(actor, '/api/user', { email: '', instagram: '', language: null });
    expect(cleared.json()).toMatchObject({ email: null, instagram: null, language: null, name: 'Ana Lima' });
  });

  it('rejects bad fields with a translated message and changes nothing', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const before = await rowOf(actor.user.id);
    const cases: [object, string, string][] = [
      [{ email: 'not-an-email', name: 'X' }, 'email', 'O campo “e-mail” deve conter um e-mail válido.'],
      [{ name: '' }, 'name', 'Informe o campo “nome”.'],
      [{ language: 'de' }, 'language', 'O campo “idioma” tem um valor não aceito.'],
      [
        { sound_notification: 'yes' },
        'sound_notification',
        'O campo “notificação sonora” tem um tipo de valor inválido.',
      ],
      [{}, '', 'Informe ao menos um campo para alterar.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(actor, '/api/user', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message });
      if (field) expect(response.json().field).toBe(field);
    }
    const zone = await post(actor, '/api/user', { timezone: 'Mars/Olympus' });
    expect(zone.json()).toEqual({ code: 'invalid_timezone', message: 'Fuso horário desconhecido.' });
    expect(await rowOf(actor.user.id)).toEqual(before);
  });
});

describe('POST /api/user/password', () => {
  const change = (actor: Actor, current: string, password: string, confirmation = password) =>
    post(actor, '/api/user/password', {
      current_password: current,
      password,
      password_confirmation: confirmation,
    });

  it('requires the current password, a matching confirmation and 8 characters', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const before = (await rowOf(actor.user.id)).passwordHash;

    const wrong = await change(actor, 'not-my-password', 'new-password-1');
    expect(wrong.json()).toEqual({
      code: 'current_password_invalid',
      message: 'A senha atual está incorreta.',
    });

    const mismatch = await change(actor, TEST_PASSWORD, 'new-password-1', 'new-password-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      field: 'password_confirmation',
      message: 'Confirmação da senha inválida',
    });

    const short = await change(actor, TEST_PASSWORD, 'short');
    expect(short.json()).toMatchObject({
      field: 'password',
      message: 'O campo “senha” deve ter ao menos 8 caractere(s).',
    });

    const same = await change(actor, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.json().code).toBe('password_reuse');

    expect((await rowOf(actor.user.id)).passwordHash).toBe(before);
  });

  it('changes the password and signs out the other sessions only', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const otherSession = await loginAs(t.app, actor.company, actor.user);
    // Used once before: a session the server has just found live is refused all the same after the change.
    expect(
      (await injectAs(t.app, { token: otherSession }, { method: 'GET', url: '/api/user' })).statusCode,
    ).toBe(200);
    expect((await change(actor, TEST_PASSWORD, 'brand-new-secret')).json()).toEqual({ ok: true });
    expect((await injectAs(t.app, actor, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, { token: otherSession }, { method: 'GET', url: '/api/user' })).statusCode,
    ).toBe(401);
    await expect(loginAs(t.app, actor.company, actor.user)).rejects.toThrow(/400/);
    await expect(loginAs(t.app, actor.company, actor.user, 'brand-new-secret')).resolves.toBeTypeOf('string');
  });
});

describe('POST /api/user/reset-password', () => {
  it('sets a new password only while the account requires one', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const payload = { password: 'first-own-password', password_confirmation: 'first-own-password' };
    const refused = await post(actor, '/api/user/reset-password', payload);
    expect(refused.json().code).toBe('new_password_not_required');

    const user = await makeUser(t.database.db, actor.company, { requireNewPassword: true });
    const fresh = { token: await loginAs(t.app, actor.company, user) };
    const mismatch = await post(fresh, '/api/user/reset-password', {
      ...payload,
      password_confirmation: 'other-thing',
    });
    expect(mismatch.json().message).toBe('Confirmação da senha inválida');
    const ok = await post(fresh, '/api/user/reset-password', payload);
    expect(ok.json()).toEqual({ ok: true });
    const me = (await injectAs(t.app, fresh, { method: 'GET', url: '/api/user' })).json();
    expect(me.require_new_password).toBe(false);
    await expect(loginAs(t.app, actor.company, user, 'first-own-password')).resolves.toBeTypeOf('string');
  });
});

describe('avatars', () => {
  it('serves an avatar through its signed URL, without a token, until it is deleted', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const key = `avatars/${actor.user.id}.png`;
    const { createFileStorage } = await import('../../platform/storage.ts');
    const storage = createFileStorage(`${t.config.dataDir}/files`);
    await storage.put(key, png);
    await t.database.db.update(users).set({ avatarPath: key }).where(eq(users.id, actor.user.id));

    const me = (await injectAs(t.app, actor, { method: 'GET', url: '/api/user' })).json();
    expect(me.avatar).toMatch(
      new RegExp(`^/api/users/${actor.user.id}/avatar\\?v=\\d+&exp=\\d+&sig=[\\w-]{32}$`),
    );
    // An <img> sends no Authorization header.
    const served = await t.app.inject({ method: 'GET', url: me.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const forged = me.avatar.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherVersion = me.avatar.replace(/v=\d+/, 'v=1');
    expect((await t.app.inject({ method: 'GET', url: otherVersion })).statusCode).toBe(404);
    // Signed for a moment long past: the same user and version, but the URL has expired.
    const version = new URL(me.avatar, 'http://x').searchParams.get('v')!;
    const signer = createUrlSigner(t.config.jwtSecret, t.config.fileUrlTtlMs);
    const stale = `/api/users/${actor.user.id}/avatar?v=${version}&${signer.sign(
      avatarResource(actor.user.id, version),
      Date.now() - 2 * t.config.fileUrlTtlMs,
    )}`;
    const expired = await t.app.inject({ method: 'GET', url: stale });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'file_url_expired' });

    const deleted = await post(actor, '/api/user/avatar/delete');
    expect(deleted.json().avatar).toBeNull();
    expect(await storage.open(key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: me.avatar })).statusCode).toBe(404);
  });
});

import {
  IMPERSONATION_TTL_MS,
  ROLES,
  type AuditPage,
  type CompanyPage,
  type CreatedCompany,
  type ImpersonationState,
  type ProductCompany,
  type ProductSettings,
} from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeCompany,
  makeChatWidget,
  makeContact,
  makeUser,
  type Actor,
} from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';
import { PRODUCT_OPERATIONS } from '../../../test/tenancy.ts';
import { eq } from 'drizzle-orm';
import { attachments, auditEvents, messages } from '../../db/schema/index.ts';

let t: TestApp;
let root: Actor;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  root = await makeActor(t.app, t.database.db, 'super_admin');
});
afterAll(() => t.close());

const as = (actor: { token: string }, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url, payload, headers: { 'accept-language': 'en' } });

let sequence = 0;
const newCompany = async (
  name = `Acme ${++sequence}`,
  slug = `acme-${Date.now().toString(36)}-${sequence}`,
) => {
  const response = await as(root, 'POST', '/api/product/companies', {
    name,
    slug,
    admin: { name: 'Ana Admin', username: 'ana' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedCompany>();
};
const login = (slug: string, username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { company: slug, username, password },
    headers: { 'accept-language': 'en' },
  });
const auditOf = async (actor: { token: string }) =>
  (await as(actor, 'GET', '/api/center/audit')).json<AuditPage>().data;

describe('companies', () => {
  it('creates a company with its first administrator, whose temporary password works once and must be changed', async () => {
    const created = await newCompany('Padaria Central', 'padaria-central');
    expect(created.company).toMatchObject({
      name: 'Padaria Central',
      slug: 'padaria-central',
      suspended_at: null,
    });
    expect(created.company.usage).toEqual({
      active_users: 1,
      contacts: 0,
      messages_30d: 0,
      file_bytes: 0,
      channel_accounts: 0,
    });
    expect(created.admin.temporary_password).toMatch(/^[\w-]{12}$/);
    const signedIn = await login('padaria-central', 'ana', created.admin.temporary_password);
    expect(signedIn.statusCode).toBe(200);
    const admin = { token: signedIn.json<{ access_token: string }>().access_token };
    const user = (await as(admin, 'GET', '/api/user')).json<{
      role: string;
      require_new_password: boolean;
    }>();
    expect(user).toMatchObject({ role: 'admin', require_new_password: true });
    // Written in the new company's log, where its administrator reads who created it.
    expect((await auditOf(admin))[0]).toMatchObject({
      kind: 'company_created',
      actor_id: root.user.id,
      subject: root.user.username,
      details: { admin: 'ana' },
    });
  });

  it('refuses a taken slug (whatever its case) and bad input with translated 4xx, changing nothing', async () => {
    await newCompany('Taken', 'taken-slug');
    const before = (await as(root, 'GET', '/api/product/companies?limit=100')).json<CompanyPage>().total;
    const taken = await as(root, 'POST', '/api/product/companies', {
      name: 'Other',
      slug: 'Taken-Slug',
      admin: { name: 'X', username: 'xx' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'company_slug_taken',
      message: 'A company with the identifier “taken-slug” already exists: choose another.',
    });
    const badSlug = await as(root, 'POST', '/api/product/companies', {
      name: 'Bad',
      slug: 'no spaces!',
      admin: { name: 'X', username: 'xx' },
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json()).toMatchObject({ code: 'company_slug_invalid', field: 'slug' });
    const badUser = await as(root, 'POST', '/api/product/companies', {
      name: 'Bad',
      slug: 'bad-user',
      admin: { name: 'X', username: 'a b' },
    });
    expect(badUser.json()).toMatchObject({ code: 'username_invalid', field: 'admin.username' });
    const noName = await as(root, 'POST', '/api/product/companies', {
      slug: 'no-name',
      admin: { name: 'X', username: 'xx' },
    });
    expect(noName.statusCode).toBe(400);
    expect((await as(root, 'GET', '/api/product/companies?limit=100')).json<CompanyPage>().total).toBe(
      before,
    );
  });

  it('lists companies paged, searchable by name or slug and sortable, with their usage', async () => {
    const { company } = await newCompany('Zebra Usage Ltd', 'zebra-usage');
    const contact = await makeContact(t.database.db, company as never);
    const [message] = await t.database.db
      .insert(messages)
      .values({
        companyId: company.id,
        contactId: contact.id,
        kind: 'whatsapp',
        direction: 'in',
        text: 'oi',
      })
      .returning({ id: messages.id });
    await t.database.db.insert(attachments).values({
      companyId: company.id,
      messageId: message!.id,
      kind: 'document',
      storageKey: 'k',
      filename: 'a.pdf',
      contentType: 'application/pdf',
      size: 1234,
      sha256: 'x',
    });
    const page = (await as(root, 'GET', '/api/product/companies?search=zebra')).json<CompanyPage>();
    expect(page.total).toBe(1);
    expect(page.data[0]!.usage).toMatchObject({
      active_users: 1,
      contacts: 1,
      messages_30d: 1,
      file_bytes: 1234,
    });
    expect((await as(root, 'GET', '/api/product/companies?search=ZEBRA-US')).json<CompanyPage>().total).toBe(
      1,
    );

    // A NUL in the search is refused as invalid (it once reached PostgreSQL and answered 500).
    const nul = await as(root, 'GET', '/api/product/companies?search=a%00b');
    expect(nul.statusCode, nul.body).toBe(400);

    const byName = (
      await as(root, 'GET', '/api/product/companies?sort=name&direction=desc&limit=2')
    ).json<CompanyPage>();
    expect(byName.data).toHaveLength(2);
    expect(byName.data[0]!.name).toBe('Zebra Usage Ltd');
    expect(byName.total).toBeGreaterThan(2);
    const second = (
      await as(root, 'GET', '/api/product/companies?sort=name&direction=desc&limit=2&offset=2')
    ).json<CompanyPage>();
    expect(second.data.map((c) => c.id)).not.toContain(byName.data[0]!.id);

    const bad = await as(root, 'GET', '/api/product/companies?sort=usage&limit=1000');
    expect(bad.statusCode).toBe(400);
  });
});

describe('suspension', () => {
  it('revokes open sessions and sockets at once, refuses login with a translated error, hides the widget; reactivation restores login', async () => {
    const created = await newCompany();
    const slug = created.company.slug;
    const password = created.admin.temporary_password;
    const token = (await login(slug, 'ana', password)).json<{ access_token: string }>().access_token;
    const socket = await connectSocket(baseUrl, token);
    const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    const key = `wk${Date.now().toString(36)}`;
    await makeChatWidget(t.database.db, created.company.id, key);
    const widget = () => t.app.inject({ method: 'GET', url: `/api/widget/${key}/config` });
    expect((await widget()).statusCode).toBe(200);

    const suspended = await as(root, 'POST', `/api/product/companies/${created.company.id}/suspend`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<ProductCompany>().suspended_at).not.toBeNull();
    await closed;
    // The website chat is not offered: the same 404 as an unknown key.
    expect((await widget()).json()).toMatchObject({ code: 'widget_not_found' });
    expect((await as({ token }, 'GET', '/api/user')).statusCode).toBe(401);
    const refused = await login(slug, 'ana', password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'company_suspended',
      message: 'This company’s access is suspended. Contact the product’s support.',
    });
    // A wrong password still answers as any wrong password: the state is told only to who knows it.
    expect((await login(slug, 'ana', 'wrong-password')).json()).toMatchObject({
      code: 'invalid_credentials',
    });
    // No support session into a suspended company either.
    expect(
      (await as(root, 'POST', `/api/product/companies/${created.company.id}/impersonate`, {})).statusCode,
    ).toBe(409);

    const reactivated = await as(root, 'POST', `/api/product/companies/${created.company.id}/reactivate`);
    expect(reactivated.json<ProductCompany>().suspended_at).toBeNull();
    expect((await login(slug, 'ana', password)).statusCode).toBe(200);
    expect((await widget()).statusCode).toBe(200);
  });

  it('will not suspend the super administrator’s own company; unknown ids answer 404', async () => {
    const own = await as(root, 'POST', `/api/product/companies/${root.company.id}/suspend`);
    expect(own.statusCode).toBe(403);
    const missing = await as(
      root,
      'POST',
      '/api/product/companies/0190c2a4-0000-7000-8000-000000000000/suspend',
    );
    expect(missing.statusCode).toBe(404);
    const notUuid = await as(root, 'POST', '/api/product/companies/abc/suspend');
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('support sessions', () => {
  it('opens a session as the first admin, audited in the company and shown by the banner state; ending it revokes it', async () => {
    const created = await newCompany();
    const started = await as(root, 'POST', `/api/product/companies/${created.company.id}/impersonate`, {});
    expect(started.statusCode, started.body).toBe(200);
    const support = { token: started.json<{ access_token: string }>().access_token };
    const expiresAt = new Date(started.json<{ expires_at: string }>().expires_at).getTime();
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(expiresAt - Date.now()).toBeGreaterThan(59 * 60_000);

    const state = (await as(support, 'GET', '/api/session/impersonation')).json<ImpersonationState>();
    expect(state.impersonation).toMatchObject({
      by: { id: root.user.id, username: root.user.username },
      user: { id: created.admin.id, username: 'ana' },
      company: { id: created.company.id },
    });
    expect((await as(root, 'GET', '/api/session/impersonation')).json()).toEqual({ impersonation: null });
    // The support session acts as the admin, not with the product's powers; the new admin's pending password
    // is theirs to set, so the support session is not sent to the new-password page.
    expect((await as(support, 'GET', '/api/product/companies')).statusCode).toBe(403);
    expect((await as(support, 'GET', '/api/user')).json()).toMatchObject({ require_new_password: false });
    const audit = await auditOf(support);
    expect(audit[0]).toMatchObject({
      kind: 'impersonation_started',
      actor_id: root.user.id,
      subject: root.user.username,
      details: { user: 'ana' },
    });

    // The user's password is theirs: a support session cannot change it, nor reset it.
    const change = await as(support, 'POST', '/api/user/reset-password', {
      password: 'another-secret-1',
      password_confirmation: 'another-secret-1',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: 'impersonation_password' });

    expect((await as(support, 'POST', '/api/session/impersonation/end')).statusCode).toBe(200);
    expect((await as(support, 'GET', '/api/user')).statusCode).toBe(401);
    const admin = {
      token: (await login(created.company.slug, 'ana', created.admin.temporary_password)).json<{
        access_token: string;
      }>().access_token,
    };
    expect((await auditOf(admin)).map((event) => event.kind).slice(0, 2)).toEqual([
      'impersonation_ended',
      'impersonation_started',
    ]);
    // Root's own session is untouched.
    expect((await as(root, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it('acts as a chosen user; refuses another company’s user, a super admin, and ending an ordinary session', async () => {
    const created = await newCompany();
    const company = { ...created.company, id: created.company.id } as never;
    const attendant = await makeUser(t.database.db, company, { role: 'attendant' });
    const chosen = await as(root, 'POST', `/api/product/companies/${created.company.id}/impersonate`, {
      user_id: attendant.id,
    });
    const support = { token: chosen.json<{ access_token: string }>().access_token };
    expect((await as(support, 'GET', '/api/user')).json()).toMatchObject({ id: attendant.id });

    const foreign = await as(root, 'POST', `/api/product/companies/${created.company.id}/impersonate`, {
      user_id: root.user.id,
    });
    expect(foreign.statusCode).toBe(404);
    const other = await makeCompany(t.database.db);
    const otherRoot = await makeUser(t.database.db, other, { role: 'super_admin' });
    const superAdmin = await as(root, 'POST', `/api/product/companies/${other.id}/impersonate`, {
      user_id: otherRoot.id,
    });
    expect(superAdmin.statusCode).toBe(403);
    const ordinary = await as(root, 'POST', '/api/session/impersonation/end');
    expect(ordinary.statusCode).toBe(409);
    expect(ordinary.json()).toMatchObject({
      code: 'not_impersonating',
      message: 'This session is not a support session.',
    });
  });

  it('expires: a support session past its hour is refused like any expired session', async () => {
    const created = await newCompany();
    const started = await as(root, 'POST', `/api/product/companies/${created.company.id}/impersonate`, {});
    const support = { token: started.json<{ access_token: string }>().access_token };
    expect((await as(support, 'GET', '/api/user')).statusCode).toBe(200);
    // The hour passes (only the clock is moved: the session is remembered by every process with its expiry,
    // so what is tested is the expiry itself, not a row changed behind the cache's back).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + IMPERSONATION_TTL_MS + 1000 });
    try {
      const refused = await as(support, 'GET', '/api/user');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'session_expired' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('product settings', () => {
  it('reads and changes the single row; bad input changes nothing', async () => {
    const initial = (await as(root, 'GET', '/api/product/settings')).json<ProductSettings>();
    expect(initial).toMatchObject({
      survey_period_days: 7,
      changelog_enabled: true,
      changelog_roles: [...ROLES],
    });
    const changed = await as(root, 'PATCH', '/api/product/settings', {
      survey_period_days: 15,
      changelog_roles: ['admin', 'admin', 'supervisor'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ProductSettings>()).toMatchObject({
      survey_period_days: 15,
      changelog_enabled: true,
      changelog_roles: ['admin', 'supervisor'],
    });
    for (const body of [
      {},
      { survey_period_days: 0 },
      { survey_period_days: 'x' },
      { changelog_roles: ['janitor'] },
    ]) {
      const bad = await as(root, 'PATCH', '/api/product/settings', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await as(root, 'GET', '/api/product/settings')).json<ProductSettings>().survey_period_days).toBe(
      15,
    );
  });

  it('writes each changed setting to the audit log of the super administrator’s company, what it was and became', async () => {
    const kept = await makeActor(t.app, t.database.db, 'super_admin');
    const settingsEvents = async () =>
      (
        await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.companyId, kept.company.id))
          .orderBy(auditEvents.id)
      ).filter((event) => event.kind === 'product_settings_changed');
    const before = (await as(kept, 'GET', '/api/product/settings')).json<ProductSettings>();
    const changed = await as(kept, 'PATCH', '/api/product/settings', {
      survey_period_days: before.survey_period_days + 1,
      changelog_enabled: before.changelog_enabled,
      changelog_roles: ['admin'],
    });
    expect(changed.statusCode).toBe(200);
    const events = await settingsEvents();
    expect(events).toMatchObject([
      {
        actorUserId: kept.user.id,
        subject: kept.user.username,
        clientIp: '127.0.0.1',
        details: {
          field: 'survey_period_days',
          from: before.survey_period_days,
          to: before.survey_period_days + 1,
        },
      },
      {
        details: { field: 'changelog_roles', from: before.changelog_roles.join(', '), to: 'admin' },
      },
    ]);
    // Refused input, or a change to what already is, writes nothing.
    await as(kept, 'PATCH', '/api/product/settings', { survey_period_days: 0 });
    await as(kept, 'PATCH', '/api/product/settings', { changelog_roles: ['admin'] });
    expect(await settingsEvents()).toHaveLength(2);
  });
});

describe('policy', () => {
  it('refuses every product operation to every other role of every company, the target company included', async () => {
    const created = await newCompany();
    const targetCompany = { id: created.company.id, slug: created.company.slug } as never;
    const requests = (
      id: string,
    ): Record<string, { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }> => ({
      'GET /api/product/companies': { method: 'GET', url: '/api/product/companies' },
      'POST /api/product/companies': {
        method: 'POST',
        url: '/api/product/companies',
        payload: { name: 'Sneaky', slug: 'sneaky', admin: { name: 'S', username: 'ss' } },
      },
      'POST /api/product/companies/{id}/suspend': {
        method: 'POST',
        url: `/api/product/companies/${id}/suspend`,
      },
      'POST /api/product/companies/{id}/reactivate': {
        method: 'POST',
        url: `/api/product/companies/${id}/reactivate`,
      },
      'POST /api/product/companies/{id}/impersonate': {
        method: 'POST',
        url: `/api/product/companies/${id}/impersonate`,
        payload: {},
      },
      'GET /api/product/settings': { method: 'GET', url: '/api/product/settings' },
      'PATCH /api/product/settings': {
        method: 'PATCH',
        url: '/api/product/settings',
        payload: { survey_period_days: 99 },
      },
    });
    expect(Object.keys(requests(created.company.id)).sort()).toEqual(Object.keys(PRODUCT_OPERATIONS).sort());
    for (const role of ROLES.filter((r) => r !== 'super_admin')) {
      for (const company of [undefined, targetCompany]) {
        const actor = await makeActor(t.app, t.database.db, role, company);
        for (const [operation, request] of Object.entries(requests(created.company.id))) {
          const response = await as(actor, request.method, request.url, request.payload);
          expect(response.statusCode, `${role} ${operation}`).toBe(403);
        }
      }
    }
    const after = (
      await as(root, 'GET', `/api/product/companies?search=${created.company.slug}`)
    ).json<CompanyPage>();
    expect(after.data[0]).toMatchObject({ suspended_at: null });
    expect(
      (await as(root, 'GET', '/api/product/settings')).json<ProductSettings>().survey_period_days,
    ).not.toBe(99);
    expect((await as(root, 'GET', '/api/product/companies?search=sneaky')).json<CompanyPage>().total).toBe(0);
  });

  it('lists product.manage among the abilities of super administrators only', async () => {
    const user = (await as(root, 'GET', '/api/user')).json<{ abilities: string[] }>();
    expect(user.abilities).toContain('product.manage');
    const admin = await makeActor(t.app, t.database.db, 'admin');
    expect((await as(admin, 'GET', '/api/user')).json<{ abilities: string[] }>().abilities).not.toContain(
      'product.manage',
    );
  });
});

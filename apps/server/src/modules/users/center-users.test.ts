import { defaultPermissions } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, teamMembers, teams, users, userWallets, wallets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, loginAs, makeActor, makeCompany, makeUser, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const URL = '/api/center/users';
const call = (actor: Pick<Actor, 'token'>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url, payload });
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (companyId: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.companyId, companyId));
const makeWallet = async (companyId: string, name: string) =>
  (await t.database.db.insert(wallets).values({ companyId, name }).returning())[0]!;

const newUser = (overrides: object = {}) => ({
  name: 'Ana Lima',
  username: 'Ana.Lima',
  email: 'Ana@Example.com',
  role: 'attendant',
  language: 'pt_pt',
  timezone: 'Europe/Lisbon',
  ...overrides,
});

describe('POST /api/center/users', () => {
  it('creates a user with a password the admin chose, their segments and flags; they must change it', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const wallet = await makeWallet(admin.company.id, 'Varejo');
    const response = await call(admin, 'POST', URL, {
      ...newUser(),
      segment_ids: [wallet.id],
      permissions: { broadcast: true },
      password: 'chosen-by-admin',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.temporary_password).toBeNull();
    expect(body.user).toMatchObject({
      name: 'Ana Lima',
      username: 'ana.lima',
      email: 'ana@example.com',
      role: 'attendant',
      language: 'pt_pt',
      timezone: 'Europe/Lisbon',
      active: true,
      require_new_password: true,
      segments: [{ id: wallet.id, name: 'Varejo' }],
      permissions: { ...defaultPermissions('attendant'), broadcast: true },
      default_permissions: defaultPermissions('attendant'),
      last_login_at: null,
    });
    // The new user signs in with it (any case of the username) and is asked for a new password.
    const user = await rowOf(body.user.id);
    const token = await loginAs(t.app, admin.company, { ...user, username: 'ANA.LIMA' }, 'chosen-by-admin');
    const me = (await call({ token }, 'GET', '/api/user')).json();
    expect(me.require_new_password).toBe(true);
    expect(me.abilities).toContain('broadcasts.send');
    const audit = (await auditOf(admin.company.id)).find((event) => event.kind === 'user_created');
    expect(audit).toMatchObject({ actorUserId: admin.user.id, subject: 'ana.lima' });
    // The list now shows when they last signed in.
    const listed = (await call(admin, 'GET', `${URL}/${user.id}`)).json();
    expect(listed.last_login_at).not.toBeNull();
  });

  it('invites: a generated temporary password, answered once, that works once for a forced change', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const response = await call(admin, 'POST', URL, newUser({ username: 'convidado' }));
    expect(response.statusCode).toBe(201);
    const { user, temporary_password: password } = response.json();
    expect(password).toMatch(/^[a-zA-Z0-9]{12}$/);
    const token = await loginAs(t.app, admin.company, await rowOf(user.id), password);
    const changed = await call({ token }, 'POST', '/api/user/reset-password', {
      password: 'my-own-secret',
      password_confirmation: 'my-own-secret',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await rowOf(user.id)).requireNewPassword).toBe(false);
    await expect(loginAs(t.app, admin.company, await rowOf(user.id), password)).rejects.toThrow(/400/);
  });

  it('refuses bad input with a translated 4xx and writes nothing', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const other = await makeCompany(t.database.db);
    const foreignWallet = await makeWallet(other.id, 'Alheia');
    await makeUser(t.database.db, admin.company, { username: 'taken' });
    const before = await t.database.db.select().from(users).where(eq(users.companyId, admin.company.id));
    const cases: [object, number, string, string?][] = [
      [newUser({ username: 'TAKEN' }), 409, 'O usuário “taken” já existe nesta empresa: escolha outro.'],
      [newUser({ email: 'nope' }), 400, 'O campo “e-mail” deve conter um e-mail válido.', 'email'],
      [newUser({ language: 'de' }), 400, 'O campo “idioma” tem um valor não aceito.', 'language'],
      [newUser({ timezone: 'Mars/Olympus' }), 400, 'Fuso horário desconhecido.'],
      [newUser({ role: 'super_admin' }), 400, 'O campo “perfil” tem um valor não aceito.', 'role'],
      [newUser({ username: 'has space' }), 400, 'O campo “usuário” está em um formato inválido.', 'username'],
      [newUser({ name: ' ' }), 400, 'Informe o campo “nome”.', 'name'],
      [newUser({ password: 'short' }), 400, 'O campo “senha” deve ter ao menos 8 caractere(s).', 'password'],
      [
        newUser({ segment_ids: [foreignWallet.id] }),
        400,
        'Uma das carteiras escolhidas não existe nesta empresa.',
      ],
      [newUser({ permissions: { fly: true } }), 400, 'O campo “permissões” tem um valor não aceito.'],
    ];
    for (const [payload, status, message, field] of cases) {
      const response = await call(admin, 'POST', URL, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
      if (field) expect(response.json().field).toBe(field);
    }
    const english = await injectAs(t.app, admin, {
      method: 'POST',
      url: URL,
      payload: newUser({ username: 'taken' }),
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'The username “taken” already exists in this company: choose another.',
    );
    expect(await t.database.db.select().from(users).where(eq(users.companyId, admin.company.id))).toEqual(
      before,
    );
    expect(await auditOf(admin.company.id)).toEqual([]);
    // Two administrators creating the same username at once: one user, one clear refusal.
    const both = await Promise.all(
      [1, 2].map(() => call(admin, 'POST', URL, newUser({ username: 'Dupla' }))),
    );
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/center/users', () => {
  it('pages, sorts and searches the company’s users only', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    for (const name of ['Carla', 'bruno', 'Aline'])
      await makeUser(t.database.db, admin.company, { name, username: name.toLowerCase() });
    await makeUser(t.database.db, await makeCompany(t.database.db), { name: 'Aline', username: 'aline' });
    const list = async (query: string) => (await call(admin, 'GET', `${URL}?${query}`)).json();

    const byName = await list('sort=name&limit=2');
    expect(byName.total).toBe(4);
    expect(byName.data.map((user: { name: string }) => user.name)).toEqual(['Aline', 'bruno']);
    const second = await list('sort=name&limit=2&offset=2');
    expect(second.data.map((user: { name: string }) => user.name)).toEqual(['Carla', 'Test User']);
    const desc = await list('sort=username&direction=desc&limit=1');
    expect(desc.data[0].username).toBe(admin.user.username);
    const searched = await list('search=ALI');
    expect(searched).toMatchObject({ total: 1, data: [{ username: 'aline' }] });
    expect((await call(admin, 'GET', `${URL}?sort=age`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${URL}?limit=1000`)).statusCode).toBe(400);
  });
});

describe('PUT /api/center/users/:id', () => {
  it('edits every field, audits what changed, and the new flags reach the user’s session', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const wallet = await makeWallet(admin.company.id, 'Atacado');
    const response = await call(admin, 'PUT', `${URL}/${attendant.user.id}`, {
      ...newUser({ username: 'renomeado' }),
      role: 'supervisor',
      segment_ids: [wallet.id],
      permissions: { voice: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'renomeado',
      role: 'supervisor',
      segments: [{ name: 'Atacado' }],
      permissions: { ...defaultPermissions('supervisor'), voice: false },
      default_permissions: defaultPermissions('supervisor'),
    });
    const me = (await call(attendant, 'GET', '/api/user')).json();
    expect(me.role).toBe('supervisor');
    expect(me.abilities).toContain('center.open');
    expect(me.abilities).not.toContain('voice.use');
    const audit = (await auditOf(admin.company.id)).find((event) => event.kind === 'user_updated');
    expect(audit?.details).toMatchObject({
      previous_role: 'attendant',
      role: 'supervisor',
      previous_username: attendant.user.username,
      username: 'renomeado',
      permission_voice: false,
      segments: 'Atacado',
    });
  });

  it('refuses demoting the last active admin, a duplicate username, another company’s user', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const colleague = await makeUser(t.database.db, admin.company, { username: 'colega' });
    const edit = (id: string, overrides: object) =>
      call(
        admin,
        'PUT',
        `${URL}/${id}`,
        newUser({ username: admin.user.username, role: 'admin', ...overrides }),
      );
    const demoted = await edit(admin.user.id, { role: 'supervisor' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual({
      code: 'last_admin',
      message: 'Este é o último administrador ativo da empresa: promova outro usuário a administrador antes.',
    });
    const duplicate = await edit(admin.user.id, { username: 'Colega' });
    expect(duplicate.json().code).toBe('username_taken');
    const stranger = await makeActor(t.app, t.database.db, 'admin');
    expect((await edit(stranger.user.id, {})).statusCode).toBe(404);
    expect((await rowOf(admin.user.id)).role).toBe('admin');
    expect((await rowOf(colleague.id)).username).toBe('colega');
    // With a second admin, the first may step down.
    await call(admin, 'PUT', `${URL}/${colleague.id}`, newUser({ username: 'colega', role: 'admin' }));
    expect((await edit(admin.user.id, { role: 'supervisor' })).statusCode).toBe(200);
  });
});

describe('deactivate and reactivate', () => {
  it('ends the user’s sessions and sockets at once; reactivated, they sign in again', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const socket = await connectSocket(baseUrl, attendant.token);
    const closed = new Promise<void>((resolve) => socket.on('disconnect', () => resolve()));
    const response = await call(admin, 'POST', `${URL}/${attendant.user.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    await closed;
    expect((await call(attendant, 'GET', '/api/user')).statusCode).toBe(401);
    await expect(loginAs(t.app, admin.company, attendant.user)).rejects.toThrow(/400/);
    expect((await call(admin, 'GET', `${URL}?status=inactive`)).json().total).toBe(1);

    const reactivated = await call(admin, 'POST', `${URL}/${attendant.user.id}/reactivate`);
    expect(reactivated.json().active).toBe(true);
    await expect(loginAs(t.app, admin.company, attendant.user)).resolves.toBeTypeOf('string');
    const kinds = (await auditOf(admin.company.id)).map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(['user_deactivated', 'user_reactivated']));
    socket.close();
  });

  it('refuses deactivating oneself and the last active admin', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const self = await call(admin, 'POST', `${URL}/${admin.user.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Você não pode desativar a sua própria conta.');
    // The only other admin is inactive: an admin deactivating the last active one (another admin) is refused.
    const second = await makeUser(t.database.db, admin.company, { role: 'admin' });
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, admin.user.id));
    const superAdmin = await makeActor(t.app, t.database.db, 'super_admin', admin.company);
    const last = await call(superAdmin, 'POST', `${URL}/${second.id}/deactivate`);
    expect(last.json().code).toBe('last_admin');
    expect((await rowOf(second.id)).active).toBe(true);
  });
});

describe('POST /api/center/users/:id/reset-password', () => {
  it('answers a temporary password once, signs the user out, and forces a new one', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const response = await call(admin, 'POST', `${URL}/${attendant.user.id}/reset-password`);
    expect(response.statusCode).toBe(200);
    const { temporary_password: password, user } = response.json();
    expect(user.require_new_password).toBe(true);
    expect((await call(attendant, 'GET', '/api/user')).statusCode).toBe(401);
    const token = await loginAs(t.app, admin.company, attendant.user, password);
    expect((await call({ token }, 'GET', '/api/user')).json().require_new_password).toBe(true);
    expect((await auditOf(admin.company.id)).map((event) => event.kind)).toContain('user_password_reset');
    // The admin's own reset keeps their session.
    const own = await call(admin, 'POST', `${URL}/${admin.user.id}/reset-password`);
    expect(own.statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/user')).statusCode).toBe(200);
  });
});

describe('policy per role', () => {
  it('supervisors read; attendants nothing; only admins change', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const target = attendant.user.id;
    expect((await call(supervisor, 'GET', URL)).statusCode).toBe(200);
    expect((await call(supervisor, 'GET', `${URL}/${target}`)).statusCode).toBe(200);
    expect((await call(attendant, 'GET', URL)).statusCode).toBe(403);
    expect((await call(attendant, 'GET', `${URL}/${target}`)).statusCode).toBe(403);
    for (const actor of [supervisor, attendant]) {
      expect((await call(actor, 'POST', URL, newUser({ username: 'x1' }))).statusCode).toBe(403);
      expect((await call(actor, 'PUT', `${URL}/${target}`, newUser({ username: 'x2' }))).statusCode).toBe(
        403,
      );
      for (const action of ['deactivate', 'reactivate', 'reset-password'])
        expect((await call(actor, 'POST', `${URL}/${target}/${action}`)).statusCode).toBe(403);
    }
    // An admin may not change the platform's super administrator.
    const root = await makeUser(t.database.db, admin.company, { role: 'super_admin' });
    const refused = await call(admin, 'POST', `${URL}/${root.id}/reset-password`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_not_assignable');
    const segments = await t.database.db
      .select()
      .from(userWallets)
      .where(and(eq(userWallets.companyId, admin.company.id)));
    expect(segments).toEqual([]);
  });
});

describe('teams from the user form', () => {
  const makeTeam = async (companyId: string, name: string, archived = false) =>
    (
      await t.database.db
        .insert(teams)
        .values({ companyId, name, archivedAt: archived ? new Date() : null })
        .returning()
    )[0]!;
  const membersOf = (teamId: string) =>
    t.database.db
      .select({ userId: teamMembers.userId, supervisor: teamMembers.supervisor })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));

  it('puts a new user in the chosen teams, and an edit replaces them, keeping a kept team’s supervisor', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const north = await makeTeam(admin.company.id, 'Norte');
    const south = await makeTeam(admin.company.id, 'Sul');
    const east = await makeTeam(admin.company.id, 'Leste');
    const created = await call(
      admin,
      'POST',
      URL,
      newUser({ role: 'supervisor', team_ids: [south.id, north.id] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json().user;
    expect(user.teams).toEqual([
      { id: north.id, name: 'Norte' },
      { id: south.id, name: 'Sul' },
    ]);
    expect(await membersOf(north.id)).toEqual([{ userId: user.id, supervisor: false }]);
    const createdAudit = (await auditOf(admin.company.id)).find((event) => event.kind === 'user_created');
    expect(createdAudit?.details).toMatchObject({ teams: 'Norte, Sul' });
    // The team page makes them Norte's supervisor; the form then drops Sul and adds Leste.
    await t.database.db
      .update(teamMembers)
      .set({ supervisor: true })
      .where(and(eq(teamMembers.teamId, north.id), eq(teamMembers.userId, user.id)));
    const edited = await call(
      admin,
      'PUT',
      `${URL}/${user.id}`,
      newUser({ role: 'supervisor', team_ids: [north.id, east.id] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().teams.map((team: { name: string }) => team.name)).toEqual(['Leste', 'Norte']);
    expect(await membersOf(north.id)).toEqual([{ userId: user.id, supervisor: true }]);
    expect(await membersOf(south.id)).toEqual([]);
    expect(await membersOf(east.id)).toEqual([{ userId: user.id, supervisor: false }]);
    const listed = (await call(admin, 'GET', `${URL}?search=ana.lima`)).json();
    expect(listed.data[0].teams.map((team: { name: string }) => team.name)).toEqual(['Leste', 'Norte']);
    const updated = (await auditOf(admin.company.id)).find((event) => event.kind === 'user_updated');
    expect(updated).toMatchObject({
      actorUserId: admin.user.id,
      details: { previous_teams: 'Norte, Sul', teams: 'Leste, Norte' },
    });
    // An edit without team_ids takes the user out of every team.
    expect((await call(admin, 'PUT', `${URL}/${user.id}`, newUser({ role: 'supervisor' }))).statusCode).toBe(
      200,
    );
    expect(await membersOf(north.id)).toEqual([]);
  });

  it('refuses another company’s team (and an archived one) with a 400, creating and changing nothing', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    const attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    const own = await makeTeam(admin.company.id, 'Própria');
    const archived = await makeTeam(admin.company.id, 'Antiga', true);
    const other = await makeCompany(t.database.db);
    const foreign = await makeTeam(other.id, 'Alheia');
    const before = await t.database.db.select().from(users).where(eq(users.companyId, admin.company.id));
    for (const team_ids of [[foreign.id], [own.id, foreign.id], [archived.id]]) {
      const refused = await call(admin, 'POST', URL, newUser({ username: 'novo', team_ids }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'team_not_found',
        message: 'Uma das equipes escolhidas não existe nesta empresa ou está arquivada.',
      });
    }
    expect(await t.database.db.select().from(users).where(eq(users.companyId, admin.company.id))).toEqual(
      before,
    );
    const editRefused = await call(
      admin,
      'PUT',
      `${URL}/${attendant.user.id}`,
      newUser({ username: attendant.user.username, name: 'Mudou', team_ids: [own.id, foreign.id] }),
    );
    expect(editRefused.statusCode).toBe(400);
    expect(editRefused.json().code).toBe('team_not_found');
    expect((await rowOf(attendant.user.id)).name).toBe(attendant.user.name);
    expect(await membersOf(own.id)).toEqual([]);
    expect(await membersOf(foreign.id)).toEqual([]);
    expect((await auditOf(admin.company.id)).filter((event) => event.kind.startsWith('user_'))).toEqual([]);
    // A member of a team archived since stays in it when the form is saved again.
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: admin.company.id, teamId: archived.id, userId: attendant.user.id });
    const kept = await call(
      admin,
      'PUT',
      `${URL}/${attendant.user.id}`,
      newUser({ username: attendant.user.username, team_ids: [archived.id] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().teams).toEqual([{ id: archived.id, name: 'Antiga' }]);
  });
});

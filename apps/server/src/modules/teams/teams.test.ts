import type { AuditEvent, ContactSummary, Team, TeamPage, WaitingQueue } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactWallets, wallets } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let otherSupervisor: Actor;
let attendant: Actor;
let colleague: Actor;
let stranger: Actor;
let retail: string;
let vip: string;
let archivedSegment: string;
let baseUrl: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;
  admin = await makeActor(t.app, db, 'admin');
  supervisor = await makeActor(t.app, db, 'supervisor', admin.company);
  otherSupervisor = await makeActor(t.app, db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, db, 'attendant', admin.company);
  colleague = await makeActor(t.app, db, 'attendant', admin.company);
  stranger = await makeActor(t.app, db, 'admin');
  const rows = await db
    .insert(wallets)
    .values([
      { companyId: admin.company.id, name: 'Varejo' },
      { companyId: admin.company.id, name: 'VIP' },
      { companyId: admin.company.id, name: 'Antiga', archivedAt: new Date() },
    ])
    .returning();
  [retail, vip, archivedSegment] = rows.map((row) => row.id) as [string, string, string];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (actor: Actor, method: Method, url = '', payload?: unknown) =>
  injectAs(t.app, actor, {
    method,
    url: `/api/center/teams${url}`,
    headers: { 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const create = async (payload: Record<string, unknown>) => {
  const response = await call(admin, 'POST', '', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Team>();
};
const names = (page: TeamPage) => page.data.map((team) => team.name);
const audit = async () =>
  (await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit?limit=100' })).json<{
    data: AuditEvent[];
  }>().data;

describe('teams in the Center', () => {
  it('an administrator creates, edits, archives and restores a team, each audited and announced', async () => {
    const socket = await connectSocket(baseUrl, attendant.token);
    try {
      const team = await create({
        name: '  Vendas ',
        supervisor_ids: [supervisor.user.id],
        member_ids: [attendant.user.id, supervisor.user.id],
        segment_ids: [retail],
      });
      expect(team).toMatchObject({
        name: 'Vendas',
        supervisors: [{ id: supervisor.user.id }],
        members: [{ id: attendant.user.id, role: 'attendant' }],
        segments: [{ id: retail, name: 'Varejo' }],
        editable: true,
        archived_at: null,
      });
      await socket.next<{ team_id: string }>('team.changed', (e) => e.team_id === team.id);

      const edited = await call(admin, 'PUT', `/${team.id}`, {
        name: 'Vendas Sul',
        supervisor_ids: [supervisor.user.id],
        member_ids: [attendant.user.id, colleague.user.id],
        segment_ids: [retail, vip],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(
        edited
          .json<Team>()
          .members.map((m) => m.id)
          .sort(),
      ).toEqual([attendant.user.id, colleague.user.id].sort());
      expect(edited.json<Team>().segments.map((s) => s.name)).toEqual(['Varejo', 'VIP']);

      expect((await call(admin, 'POST', `/${team.id}/archive`)).json<Team>().archived_at).not.toBeNull();
      expect(names((await call(admin, 'GET')).json())).not.toContain('Vendas Sul');
      expect(names((await call(admin, 'GET', '?archived=true')).json())).toContain('Vendas Sul');
      // Archiving twice changes nothing and audits nothing.
      await call(admin, 'POST', `/${team.id}/archive`);
      expect((await call(admin, 'POST', `/${team.id}/unarchive`)).json<Team>().archived_at).toBeNull();

      const events = (await audit()).filter((e) => e.details.team_id === team.id);
      expect(events.map((e) => e.kind)).toEqual([
        'team_unarchived',
        'team_archived',
        'team_updated',
        'team_created',
      ]);
      expect(events[2]).toMatchObject({
        actor_id: admin.user.id,
        subject: 'Vendas Sul',
        details: { previous_name: 'Vendas', members: 3, segments: 2 },
      });
    } finally {
      socket.close();
    }
  });

  it('lists a page at a time, sorted and searched', async () => {
    for (const name of ['Zeta', 'alfa', 'Beta']) await create({ name: `Lista ${name}` });
    const page = (query: string) => call(admin, 'GET', `?search=lista&${query}`);
    expect(names((await page('')).json())).toEqual(['Lista alfa', 'Lista Beta', 'Lista Zeta']);
    expect(names((await page('direction=desc')).json())).toEqual(['Lista Zeta', 'Lista Beta', 'Lista alfa']);
    expect(names((await page('sort=created_at')).json())).toEqual(['Lista Zeta', 'Lista alfa', 'Lista Beta']);
    const second = (await page('limit=2&offset=2')).json<TeamPage>();
    expect(second).toMatchObject({ total: 3, data: [{ name: 'Lista Zeta' }] });
  });

  it('refuses a duplicate name whatever its case, with a translated 409', async () => {
    await create({ name: 'Cobrança' });
    const response = await call(admin, 'POST', '', { name: 'COBRANÇA' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'team_name_taken',
      message: '“COBRANÇA” is already a team (perhaps archived): choose another name.',
    });
    const other = await create({ name: 'Outra' });
    expect((await call(admin, 'PUT', `/${other.id}`, { name: 'cobrança' })).statusCode).toBe(409);
  });

  it.each([
    ['an empty name', { name: '  ' }, 'validation_failed'],
    ['a name too long', { name: 'x'.repeat(121) }, 'validation_failed'],
    ['a member id that is not an id', { name: 'Bad', member_ids: ['nope'] }, 'validation_failed'],
    [
      'an unknown member',
      { name: 'Bad', member_ids: ['0190a0a0-0000-7000-8000-000000000000'] },
      'team_user_unknown',
    ],
    [
      'an unknown segment',
      { name: 'Bad', segment_ids: ['0190a0a0-0000-7000-8000-000000000000'] },
      'team_segment_unknown',
    ],
    ['an archived segment', { name: 'Bad', segment_ids: ['archived'] }, 'team_segment_unknown'],
    ['an attendant as supervisor', { name: 'Bad', supervisor_ids: ['attendant'] }, 'team_supervisor_role'],
  ])('refuses %s with a translated 400 and changes nothing', async (_, body, code) => {
    const payload = {
      ...body,
      ...('segment_ids' in body && body.segment_ids[0] === 'archived'
        ? { segment_ids: [archivedSegment] }
        : {}),
      ...('supervisor_ids' in body ? { supervisor_ids: [attendant.user.id] } : {}),
    };
    const before = (await call(admin, 'GET', '?archived=true&limit=200')).json<TeamPage>().total;
    const response = await call(admin, 'POST', '', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({ code });
    expect(response.json<{ message: string }>().message).not.toMatch(/team_|undefined/);
    expect((await call(admin, 'GET', '?archived=true&limit=200')).json<TeamPage>().total).toBe(before);
  });

  it("another company's users and segments are unknown, its teams not found", async () => {
    const response = await call(stranger, 'POST', '', { name: 'Intrusa', member_ids: [attendant.user.id] });
    expect(response.json()).toMatchObject({ code: 'team_user_unknown' });
    expect(
      (await call(stranger, 'POST', '', { name: 'Intrusa', segment_ids: [retail] })).json(),
    ).toMatchObject({
      code: 'team_segment_unknown',
    });
    const team = await create({ name: 'Só nossa' });
    expect((await call(stranger, 'GET', `/${team.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/${team.id}`, { name: 'Tomada' })).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/${team.id}/archive`)).statusCode).toBe(404);
    expect(names((await call(stranger, 'GET', '?search=nossa')).json())).toEqual([]);
  });
});

describe('who manages which team', () => {
  let mine: Team;
  let theirs: Team;
  beforeAll(async () => {
    mine = await create({
      name: 'Do supervisor',
      supervisor_ids: [supervisor.user.id],
      member_ids: [attendant.user.id],
    });
    theirs = await create({ name: 'De outro', supervisor_ids: [otherSupervisor.user.id] });
  });

  it('a supervisor sees and edits only the teams they supervise, but not who supervises them', async () => {
    const listed = names((await call(supervisor, 'GET', '?limit=200')).json());
    expect(listed).toContain('Do supervisor');
    expect(listed).not.toContain('De outro');
    const edited = await call(supervisor, 'PUT', `/${mine.id}`, {
      name: 'Do supervisor (renomeada)',
      supervisor_ids: [supervisor.user.id],
      member_ids: [attendant.user.id, colleague.user.id],
      segment_ids: [vip],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Team>()).toMatchObject({ editable: true, segments: [{ id: vip }] });
    const promoting = await call(supervisor, 'PUT', `/${mine.id}`, {
      name: 'Do supervisor',
      supervisor_ids: [supervisor.user.id, otherSupervisor.user.id],
    });
    expect(promoting.statusCode).toBe(403);
    expect((await call(supervisor, 'GET', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(supervisor, 'PUT', `/${theirs.id}`, { name: 'Tomada' })).statusCode).toBe(404);
    // Creating and archiving are the administrators'.
    expect((await call(supervisor, 'POST', '', { name: 'Nova' })).statusCode).toBe(403);
    expect((await call(supervisor, 'POST', `/${mine.id}/archive`)).statusCode).toBe(403);
  });

  it('an attendant reaches no team, not even their own', async () => {
    expect((await call(attendant, 'GET')).statusCode).toBe(403);
    expect((await call(attendant, 'GET', `/${mine.id}`)).statusCode).toBe(404);
    expect((await call(attendant, 'PUT', `/${mine.id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call(attendant, 'POST', '', { name: 'X' })).statusCode).toBe(403);
  });
});

describe("a team's segments are its members' segments", () => {
  let member: Actor;
  let outsider: Actor;
  let teamId: string;
  const db = () => t.database.db;
  const segmentContact = async (name: string, walletId: string, fields: Record<string, unknown> = {}) => {
    const contact = await makeContact(db(), admin.company, { name, ...fields });
    await db()
      .insert(contactWallets)
      .values({ companyId: admin.company.id, contactId: contact.id, walletId });
    return contact;
  };
  beforeAll(async () => {
    member = await makeActor(t.app, db(), 'attendant', admin.company);
    outsider = await makeActor(t.app, db(), 'attendant', admin.company);
    const [segment] = await db()
      .insert(wallets)
      .values({ companyId: admin.company.id, name: 'Segmento da equipe' })
      .returning();
    teamId = (await create({ name: 'Roteada', member_ids: [member.user.id], segment_ids: [segment!.id] })).id;
    // Waiting: an old high-priority contact of no segment, and a newer one of the team's segment.
    await makeContact(db(), admin.company, {
      name: 'Fila antiga',
      onQueue: true,
      priority: 2,
      queuedAt: minutesAgo(60),
    });
    await segmentContact('Fila da equipe', segment!.id, {
      onQueue: true,
      priority: 0,
      queuedAt: minutesAgo(1),
    });
    await segmentContact('Da equipe com colega', segment!.id, { responsibleId: outsider.user.id });
    await segmentContact('Da equipe sem dono', segment!.id, { lastMessageAt: minutesAgo(5) });
  });

  const list = async (actor: Actor, query: string) => {
    const response = await injectAs(t.app, actor, { method: 'GET', url: `/api/contacts?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ data: ContactSummary[] }>()
      .data.map((c) => c.name)
      .sort();
  };

  it('"only my segments" shows a member the team’s segment contacts, and stops when the team is archived', async () => {
    expect(await list(member, 'only_my_segments=true')).toEqual(['Da equipe sem dono', 'Fila da equipe']);
    expect(await list(outsider, 'only_my_segments=true')).toEqual([]);
    await call(admin, 'POST', `/${teamId}/archive`);
    expect(await list(member, 'only_my_segments=true')).toEqual([]);
    await call(admin, 'POST', `/${teamId}/unarchive`);
  });

  it("the waiting queue offers a member their team's segment first; others keep the plain order", async () => {
    const waiting = async (actor: Actor) =>
      (await injectAs(t.app, actor, { method: 'GET', url: '/api/conversations/waiting' }))
        .json<WaitingQueue>()
        .data.map((c) => c.name);
    expect((await waiting(member))[0]).toBe('Fila da equipe');
    expect((await waiting(outsider))[0]).toBe('Fila antiga');
    const taken = await injectAs(t.app, member, {
      method: 'GET',
      url: '/api/conversations/waiting/conversation',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<{ name: string }>().name).toBe('Fila da equipe');
  });
});

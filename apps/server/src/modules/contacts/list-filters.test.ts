import { type ContactSummary } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactChannels,
  contactWallets,
  teamMembers,
  teams,
  teamWallets,
  wallets,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let colleague: Actor;
let supervisor: Actor;
let stranger: Actor;
let retail: string;
let vip: string;
let vipTeam: string;
let colleagueTeam: string;
let strangerTeam: string;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  me = await makeActor(t.app, db, 'attendant');
  const company = me.company;
  colleague = await makeActor(t.app, db, 'attendant', company);
  supervisor = await makeActor(t.app, db, 'supervisor', company);
  stranger = await makeActor(t.app, db, 'supervisor');
  const [a, b] = await db
    .insert(wallets)
    .values([
      { companyId: company.id, name: 'Varejo' },
      { companyId: company.id, name: 'VIP' },
    ])
    .returning();
  retail = a!.id;
  vip = b!.id;
  const mk = async (
    name: string,
    fields: Parameters<typeof makeContact>[2],
    extra: { wallets?: string[]; alsoOn?: 'email' | 'sms' } = {},
  ) => {
    const contact = await makeContact(db, company, { name, ...fields });
    for (const walletId of extra.wallets ?? []) {
      await db.insert(contactWallets).values({ companyId: company.id, contactId: contact.id, walletId });
    }
    if (extra.alsoOn) {
      await db.insert(contactChannels).values({
        companyId: company.id,
        contactId: contact.id,
        kind: extra.alsoOn,
        address: `${name.replace(/\W/g, '').toLowerCase()}@example.com`,
      });
    }
  };
  // Twelve contacts over every filter's values; "minutes ago" gives each a distinct place in every ordering.
  await mk(
    'Ana',
    { responsibleId: me.user.id, priority: 2, critical: true, tag: 'Recife', lastMessageAt: minutesAgo(1) },
    { wallets: [retail], alsoOn: 'email' },
  );
  await mk(
    'Bia',
    { responsibleId: me.user.id, priority: 2, tag: 'recife', lastMessageAt: minutesAgo(2) },
    { wallets: [vip] },
  );
  await mk(
    'Caio',
    { responsibleId: me.user.id, priority: 0, status: 'resolved', lastMessageAt: minutesAgo(3) },
    { wallets: [retail] },
  );
  await mk('Duda', {
    responsibleId: me.user.id,
    priority: 1,
    critical: true,
    lastMessageAt: minutesAgo(4),
    channel: { kind: 'email', address: 'duda@example.com' },
  });
  await mk(
    'Edu',
    { priority: 2, critical: true, onQueue: true, tag: 'Olinda', lastMessageAt: minutesAgo(5) },
    { wallets: [retail, vip] },
  );
  await mk('Fe', { priority: 1, onQueue: true, lastMessageAt: minutesAgo(6) }, { alsoOn: 'sms' });
  await mk('Gil', {
    priority: 0,
    status: 'snoozed',
    snoozedUntil: new Date(Date.now() + 3_600_000),
    lastMessageAt: minutesAgo(7),
  });
  await mk(
    'Hugo',
    {
      responsibleId: colleague.user.id,
      priority: 2,
      critical: true,
      tag: 'Recife',
      lastMessageAt: minutesAgo(8),
    },
    { wallets: [retail] },
  );
  await mk(
    'Iara',
    { responsibleId: colleague.user.id, priority: 1, lastMessageAt: minutesAgo(9) },
    { alsoOn: 'email' },
  );
  await mk('Joao', {
    responsibleId: colleague.user.id,
    priority: 2,
    status: 'resolved',
    lastMessageAt: minutesAgo(10),
  });
  await mk(
    'Katia',
    { responsibleId: me.user.id, priority: 2, critical: true, lastMessageAt: minutesAgo(11) },
    { wallets: [retail] },
  );
  await mk('Leo', { priority: 2, lastMessageAt: minutesAgo(12), tag: 'RECIFE' }, { wallets: [retail] });
  // Teams: one routed the VIP segment (no members), one holding the colleague (no segment).
  const [routed, holding] = await db
    .insert(teams)
    .values([
      { companyId: company.id, name: 'Equipe VIP' },
      { companyId: company.id, name: 'Equipe do colega' },
    ])
    .returning();
  vipTeam = routed!.id;
  colleagueTeam = holding!.id;
  await db.insert(teamWallets).values({ companyId: company.id, teamId: vipTeam, walletId: vip });
  await db
    .insert(teamMembers)
    .values({ companyId: company.id, teamId: colleagueTeam, userId: colleague.user.id });
  // Another company's contact matching every filter value used below.
  await makeContact(db, stranger.company, { name: 'Outsider', priority: 2, critical: true, tag: 'Recife' });
  // Another company's team naming this company's colleague and segment (rows no service would write): the
  // team filter keeps to the contact's company all the same.
  const [foreignTeam] = await db
    .insert(teams)
    .values({ companyId: stranger.company.id, name: 'Alheia' })
    .returning();
  strangerTeam = foreignTeam!.id;
  await db
    .insert(teamMembers)
    .values({ companyId: stranger.company.id, teamId: strangerTeam, userId: colleague.user.id });
  await db
    .insert(teamWallets)
    .values({ companyId: stranger.company.id, teamId: strangerTeam, walletId: vip });
});
afterAll(() => t.close());

const get = (actor: Actor, query: string) =>
  injectAs(t.app, actor, { method: 'GET', url: `/api/contacts?${query}` });

const names = async (actor: Actor, query: string) => {
  const response = await get(actor, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: ContactSummary[] }).data.map((c) => c.name).sort();
};

describe('combinable filters of GET /api/contacts', () => {
  it.each([
    ['status=resolved', ['Caio', 'Joao']],
    ['status=open,snoozed', ['Ana', 'Bia', 'Duda', 'Edu', 'Fe', 'Gil', 'Hugo', 'Iara', 'Katia', 'Leo']],
    ['channel=email', ['Ana', 'Duda', 'Iara']],
    ['channel=sms,email', ['Ana', 'Duda', 'Fe', 'Iara']],
    ['tag=recife', ['Ana', 'Bia', 'Hugo', 'Leo']],
    ['priority=low', ['Caio', 'Gil']],
    ['priority=low,medium', ['Caio', 'Duda', 'Fe', 'Gil', 'Iara']],
    ['critical=true', ['Ana', 'Duda', 'Edu', 'Hugo', 'Katia']],
    ['critical=false&priority=high', ['Bia', 'Joao', 'Leo']],
    ['responsible=unassigned', ['Edu', 'Fe', 'Gil', 'Leo']],
  ])('%s (supervisor)', async (query, expected) => {
    expect(await names(supervisor, query)).toEqual(expected);
  });

  it('filters by segment and by responsible ids, with or without the unassigned', async () => {
    expect(await names(supervisor, `segment=${vip}`)).toEqual(['Bia', 'Edu']);
    expect(await names(supervisor, `segment=${vip},${retail}&critical=true`)).toEqual([
      'Ana',
      'Edu',
      'Hugo',
      'Katia',
    ]);
    expect(await names(supervisor, `responsible=${colleague.user.id}`)).toEqual(['Hugo', 'Iara', 'Joao']);
    expect(await names(supervisor, `responsible=${colleague.user.id},unassigned&priority=high`)).toEqual([
      'Edu',
      'Hugo',
      'Joao',
      'Leo',
    ]);
  });

  it('filters by team: contacts whose responsible is a member, or in a segment routed to the team', async () => {
    expect(await names(supervisor, `team=${vipTeam}`)).toEqual(['Bia', 'Edu']);
    expect(await names(supervisor, `team=${colleagueTeam}`)).toEqual(['Hugo', 'Iara', 'Joao']);
    expect(await names(supervisor, `team=${vipTeam},${colleagueTeam}&priority=high`)).toEqual([
      'Bia',
      'Edu',
      'Hugo',
      'Joao',
    ]);
    // Never widens what an attendant sees; another company's team matches nothing here.
    expect(await names(me, `team=${vipTeam},${colleagueTeam}`)).toEqual(['Bia', 'Edu']);
    expect(await names(supervisor, `team=${strangerTeam}`)).toEqual([]);
  });

  it('combines every filter with AND and on top of the chosen list', async () => {
    expect(
      await names(
        supervisor,
        `status=open&channel=whatsapp,email&segment=${retail}&responsible=${me.user.id},unassigned&tag=RECIFE&priority=high&critical=true`,
      ),
    ).toEqual(['Ana']);
    // On top of "pending"... nobody here has unread messages; on top of "mine", the supervisor's own: none.
    expect(await names(supervisor, 'filter=pending&critical=true')).toEqual([]);
    expect(await names(me, 'filter=mine&priority=high')).toEqual(['Ana', 'Bia', 'Katia']);
    expect(await names(me, 'filter=mine&priority=high&only_my_segments=true')).toEqual([]);
  });

  it('never widens what an attendant sees: a colleague’s contacts stay out whatever the filter', async () => {
    expect(await names(me, 'critical=true')).toEqual(['Ana', 'Duda', 'Edu', 'Katia']);
    expect(await names(me, `responsible=${colleague.user.id}`)).toEqual([]);
    expect(await names(me, 'tag=recife')).toEqual(['Ana', 'Bia', 'Leo']);
    // An attendant's working lists hold open conversations only (policy workingParts).
    expect(await names(me, 'status=resolved')).toEqual([]);
    expect(await names(colleague, 'priority=high')).toEqual(['Edu', 'Hugo', 'Leo']);
  });

  it('keeps to the company: another company’s matching contact never shows', async () => {
    expect(await names(stranger, 'critical=true&tag=recife')).toEqual(['Outsider']);
    expect(await names(supervisor, 'critical=true&tag=recife')).toEqual(['Ana', 'Hugo']);
  });

  it.each(['default', 'name', 'priority', 'critical', 'last_message', 'unread', 'online'])(
    'pages with filters by %s cover every match once, in the order of one big page',
    async (order) => {
      for (const [actor, filters] of [
        [supervisor, 'priority=high,medium'],
        [me, 'critical=false'],
        [supervisor, `segment=${retail}&status=open`],
        [supervisor, `team=${vipTeam},${colleagueTeam}`],
      ] as const) {
        const whole = await get(actor, `order=${order}&${filters}&limit=200`);
        const expected = (whole.json() as { data: ContactSummary[] }).data.map((c) => c.name);
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 20; i++) {
          const response = await get(
            actor,
            `order=${order}&${filters}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          const page = response.json() as { data: ContactSummary[]; next_cursor: string | null };
          seen.push(...page.data.map((c) => c.name));
          cursor = page.next_cursor;
          if (!cursor) break;
        }
        expect(seen).toEqual(expected);
        expect(expected.length).toBeGreaterThan(2);
      }
    },
  );

  const many = Array.from({ length: 51 }, () => '0190a0a0-0000-7000-8000-000000000000').join(',');
  it.each([
    ['status=closed', 'status'],
    ['channel=pigeon', 'canal'],
    ['segment=not-a-uuid', 'carteira'],
    ['responsible=nobody', 'responsável'],
    ['priority=urgent', 'prioridade'],
    ['critical=maybe', 'crítico'],
    [`tag=${'x'.repeat(65)}`, 'etiqueta'],
    [`responsible=${many}`, 'responsável'],
    ['team=not-a-uuid', 'equipe'],
    [`team=${many}`, 'equipe'],
  ])('refuses %s with a 400 naming the field in the caller’s language', async (query, field) => {
    const response = await injectAs(t.app, supervisor, {
      method: 'GET',
      url: `/api/contacts?${query}`,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string; code: string };
    expect(body.code).toBe('validation_failed');
    expect(body.message).toContain(`“${field}”`);
  });
});

import {
  ANALYTICS_BUCKET_LOWER_BOUNDS,
  histogramQuantile,
  type AttendanceHistory,
  type DayStats,
  type Performance,
} from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeCompany,
  makeContact,
  makeUser,
  type Actor,
} from '../../../test/factories.ts';
import {
  companies,
  csatRequests,
  messages,
  pauseReasons,
  pauses,
  teamMembers,
  teams,
  voiceCalls,
} from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import { sealDays } from './daily.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NIL = '00000000-0000-0000-0000-000000000000';
const ALL = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const HOUR = 3_600_000;
const bucketOf = (seconds: number) => {
  let index = 0;
  ANALYTICS_BUCKET_LOWER_BOUNDS.forEach((bound, i) => {
    if (Math.max(seconds, 0) >= bound) index = i;
  });
  return index;
};
const hourOf = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR).toISOString();

type Cell = {
  attended: number;
  messages_in: number;
  messages_out: number;
  first_response_count: number;
  first_response_seconds: number;
  first_response_histogram: number[];
  resolution_count: number;
  resolution_seconds: number;
  resolution_histogram: number[];
  pause_seconds: number;
  calls: number;
  call_seconds: number;
};
const emptyCell = (): Cell => ({
  attended: 0,
  messages_in: 0,
  messages_out: 0,
  first_response_count: 0,
  first_response_seconds: 0,
  first_response_histogram: new Array<number>(ANALYTICS_BUCKET_LOWER_BOUNDS.length).fill(0),
  resolution_count: 0,
  resolution_seconds: 0,
  resolution_histogram: new Array<number>(ANALYTICS_BUCKET_LOWER_BOUNDS.length).fill(0),
  pause_seconds: 0,
  calls: 0,
  call_seconds: 0,
});

/** What happens, in time order: each step advances the clock by `gap` seconds first. */
const step = fc.record({
  gap: fc.integer({ min: 1, max: 7_200 }),
  action: fc.oneof(
    fc.record({
      type: fc.constant('message' as const),
      contact: fc.nat(3),
      direction: fc.constantFrom('in' as const, 'out' as const),
      internal: fc.boolean(),
      sender: fc.nat(2),
    }),
    fc.record({ type: fc.constant('resolve' as const), contact: fc.nat(3) }),
    fc.record({ type: fc.constant('reopen' as const), contact: fc.nat(3) }),
    fc.record({
      type: fc.constant('pause' as const),
      user: fc.nat(1),
      seconds: fc.integer({ min: 1, max: 9_000 }),
    }),
    fc.record({
      type: fc.constant('call' as const),
      user: fc.nat(1),
      ring: fc.integer({ min: 0, max: 60 }),
      talk: fc.option(fc.integer({ min: 0, max: 5_000 })),
    }),
  ),
});

describe('rollups', () => {
  it('equal a recomputation from the raw rows, whatever the events (property)', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        const company = await makeCompany(db);
        const users = [await makeUser(db, company), await makeUser(db, company)];
        const [reason] = await db
          .insert(pauseReasons)
          .values({ companyId: company.id, name: 'Almoço' })
          .returning({ id: pauseReasons.id });
        let clock = Date.UTC(2025, 0, 6, 10, 17, 3, 250);
        const contacts = [];
        for (let i = 0; i < 4; i++) {
          contacts.push(
            await makeContact(db, company, {
              responsibleId: i < 2 ? users[i]!.id : null,
              createdAt: new Date(clock),
              channel:
                i % 2 ? { kind: 'email', address: `c${i}-${clock}@example.com` } : { kind: 'whatsapp' },
            }),
          );
        }
        for (const { gap, action } of steps) {
          clock += gap * 1000 + 137;
          const at = new Date(clock);
          if (action.type === 'message') {
            const contact = contacts[action.contact]!;
            await db.insert(messages).values({
              companyId: company.id,
              contactId: contact.id,
              kind: action.contact % 2 ? 'email' : 'whatsapp',
              direction: action.direction,
              internal: action.internal,
              senderUserId: action.direction === 'out' && action.sender < 2 ? users[action.sender]!.id : null,
              text: 'x',
              createdAt: at,
            });
          } else if (action.type === 'resolve' || action.type === 'reopen') {
            const resolved = action.type === 'resolve';
            await db.execute(sql`update contacts set status = ${resolved ? 'resolved' : 'open'},
              resolved_at = ${resolved ? at.toISOString() : null}
              where id = ${contacts[action.contact]!.id}`);
          } else if (action.type === 'pause') {
            const [row] = await db
              .insert(pauses)
              .values({
                companyId: company.id,
                userId: users[action.user]!.id,
                reasonId: reason!.id,
                startedAt: at,
              })
              .returning({ id: pauses.id });
            await db
              .update(pauses)
              .set({ endedAt: new Date(clock + action.seconds * 1000 + 501) })
              .where(eq(pauses.id, row!.id));
          } else {
            const answered = action.talk === null ? null : new Date(clock + action.ring * 1000);
            const [row] = await db
              .insert(voiceCalls)
              .values({
                companyId: company.id,
                callId: `call-${clock}`,
                direction: 'inbound',
                typeId: 0,
                fromNumber: '551100000000',
                toNumber: '100',
                operatorId: users[action.user]!.id,
                startedAt: at,
                answeredAt: answered,
              })
              .returning({ id: voiceCalls.id });
            const ended = new Date(clock + (action.ring + (action.talk ?? 0)) * 1000 + 333);
            await db.update(voiceCalls).set({ endedAt: ended }).where(eq(voiceCalls.id, row!.id));
          }
        }

        // The recomputation, from the raw rows only.
        const expected = new Map<string, Cell>();
        const cell = (user: string | null, kind: string, ms: number) => {
          const key = `${user ?? NIL}|${kind}|${hourOf(ms)}`;
          if (!expected.has(key)) expected.set(key, emptyCell());
          return expected.get(key)!;
        };
        const raw = await queryRows<{
          contact_id: string;
          responsible_id: string | null;
          kind: string;
          direction: 'in' | 'out';
          sender_user_id: string | null;
          at: string;
        }>(
          db,
          sql`select m.contact_id, c.responsible_id, m.kind::text as kind, m.direction, m.sender_user_id,
                m.created_at::text as at
              from messages m join contacts c on c.id = m.contact_id
              where m.company_id = ${company.id} and not m.internal order by m.contact_id, m.created_at, m.id`,
        );
        const waiting = new Map<string, number>();
        for (const m of raw) {
          const ms = Date.parse(m.at);
          if (m.direction === 'in') {
            cell(m.responsible_id, m.kind, ms).messages_in++;
            if (!waiting.has(m.contact_id)) waiting.set(m.contact_id, ms);
          } else {
            const c = cell(m.sender_user_id, m.kind, ms);
            c.messages_out++;
            const since = waiting.get(m.contact_id);
            if (since !== undefined) {
              const seconds = Math.floor((ms - since) / 1000);
              c.first_response_count++;
              c.first_response_seconds += seconds;
              c.first_response_histogram[bucketOf(seconds)]!++;
            }
            waiting.delete(m.contact_id);
          }
        }
        const attendances = await queryRows<{
          user_id: string | null;
          kind: string;
          finished: string;
          resolution: number;
        }>(
          db,
          sql`select user_id, kind::text as kind, finished_at::text as finished, resolution_seconds as resolution
              from analytics_attendances where company_id = ${company.id}`,
        );
        expect(attendances.length).toBe(await resolutionsOf(steps));
        for (const a of attendances) {
          const c = cell(a.user_id, a.kind, Date.parse(a.finished));
          c.attended++;
          c.resolution_count++;
          c.resolution_seconds += a.resolution;
          c.resolution_histogram[bucketOf(a.resolution)]!++;
        }
        const pauseRows = await queryRows<{ user_id: string; started: string; ended: string }>(
          db,
          sql`select user_id, started_at::text as started, ended_at::text as ended from pauses
              where company_id = ${company.id}`,
        );
        for (const p of pauseRows) {
          const start = Date.parse(p.started);
          const end = Date.parse(p.ended);
          for (let h = Math.floor(start / HOUR) * HOUR; h < end; h += HOUR) {
            const seconds = Math.floor((Math.min(h + HOUR, end) - Math.max(h, start)) / 1000);
            if (seconds > 0) cell(p.user_id, 'pause', h).pause_seconds += seconds;
          }
        }
        const callRows = await queryRows<{
          operator_id: string;
          started: string;
          answered: string | null;
          ended: string;
        }>(
          db,
          sql`select operator_id, started_at::text as started, answered_at::text as answered, ended_at::text as ended
              from voice_calls where company_id = ${company.id}`,
        );
        for (const call of callRows) {
          const c = cell(call.operator_id, 'voice', Date.parse(call.started));
          c.calls++;
          c.call_seconds += call.answered
            ? Math.floor((Date.parse(call.ended) - Date.parse(call.answered)) / 1000)
            : 0;
        }

        // The company's total: every attendant's (and nobody's) rows summed, per channel and hour.
        for (const [key, c] of [...expected]) {
          const [, kind, hour] = key.split('|');
          const total = cell(ALL, kind!, Date.parse(hour!));
          for (const field of Object.keys(c) as (keyof Cell)[]) {
            const value = c[field];
            if (Array.isArray(value)) {
              (total[field] as number[]) = (total[field] as number[]).map((n, i) => n + value[i]!);
            } else (total[field] as number) += value;
          }
        }

        const stored = await queryRows<Cell & { user_id: string; kind: string; hour: string }>(
          db,
          sql`select user_id, kind, hour::text as hour, attended, messages_in, messages_out, first_response_count,
                first_response_seconds::float8 as first_response_seconds, first_response_histogram,
                resolution_count, resolution_seconds::float8 as resolution_seconds, resolution_histogram,
                pause_seconds::float8 as pause_seconds, calls, call_seconds::float8 as call_seconds
              from analytics_hourly where company_id = ${company.id}`,
        );
        const actual = new Map(
          stored.map(({ user_id, kind, hour, ...cells }) => [
            `${user_id}|${kind}|${new Date(Date.parse(hour)).toISOString()}`,
            cells,
          ]),
        );
        expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));

        // The set-based pass bulk loads use (and the migration's backfill) gives the messages' part the same.
        await db.execute(sql`delete from analytics_hourly where company_id = ${company.id}`);
        await db.execute(sql`select atende_analytics_add_messages(${company.id})`);
        const again = await queryRows<{
          key: string;
          n_in: number;
          n_out: number;
          fr: number;
          frs: number;
          frh: number[];
        }>(
          db,
          sql`select user_id || '|' || kind || '|' || hour::text as key, messages_in as n_in, messages_out as n_out,
                first_response_count as fr, first_response_seconds::float8 as frs, first_response_histogram as frh
              from analytics_hourly where company_id = ${company.id}`,
        );
        const messagesPart = (cells: Map<string, Cell>) =>
          Object.fromEntries(
            [...cells]
              .filter(([, c]) => c.messages_in + c.messages_out > 0)
              .map(([key, c]) => [
                key,
                [
                  c.messages_in,
                  c.messages_out,
                  c.first_response_count,
                  c.first_response_seconds,
                  c.first_response_histogram,
                ],
              ]),
          );
        const rebuilt = new Map(
          again.map((r) => {
            const [user, kind, hour] = r.key.split('|');
            const c = {
              ...emptyCell(),
              messages_in: r.n_in,
              messages_out: r.n_out,
              first_response_count: r.fr,
              first_response_seconds: r.frs,
              first_response_histogram: r.frh,
            };
            return [`${user}|${kind}|${new Date(Date.parse(hour!)).toISOString()}`, c];
          }),
        );
        expect(messagesPart(rebuilt)).toEqual(messagesPart(expected));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

/** How many resolutions the steps made: a resolve counts when the conversation was not resolved already. */
async function resolutionsOf(steps: { action: { type: string; contact?: number } }[]): Promise<number> {
  const resolved = new Set<number>();
  let count = 0;
  for (const { action } of steps) {
    if (action.type === 'resolve' && !resolved.has(action.contact!)) {
      resolved.add(action.contact!);
      count++;
    } else if (action.type === 'reopen') resolved.delete(action.contact!);
  }
  return count;
}

describe('periods in the company time zone', () => {
  let supervisor: Actor;
  const inbound = async (actor: Actor, at: string) => {
    const contact = await makeContact(t.database.db, actor.company, { responsibleId: actor.user.id });
    await t.database.db.insert(messages).values({
      companyId: actor.company.id,
      contactId: contact.id,
      kind: 'whatsapp',
      direction: 'in',
      text: 'oi',
      createdAt: new Date(at),
    });
  };
  const setZone = (actor: Actor, timezone: string) =>
    t.database.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify({ timezone })}::jsonb` })
      .where(eq(companies.id, actor.company.id));
  const performance = (actor: Actor, query: string) =>
    injectAs(t.app, actor, { method: 'GET', url: `/api/analytics/performance?${query}` });

  beforeAll(async () => {
    supervisor = await makeActor(t.app, t.database.db, 'supervisor');
  });

  it('a day of São Paulo (UTC-3) starts at 03:00 UTC', async () => {
    await setZone(supervisor, 'America/Sao_Paulo');
    await inbound(supervisor, '2024-05-10T02:59:59Z'); // 23:59:59 of the 9th
    await inbound(supervisor, '2024-05-10T03:00:00Z'); // 00:00 of the 10th
    await inbound(supervisor, '2024-05-11T02:30:00Z'); // 23:30 of the 10th
    const response = await performance(supervisor, 'from=2024-05-10&to=2024-05-10');
    expect(response.statusCode).toBe(200);
    const body = response.json<Performance>();
    expect(body.current.period).toEqual({ from: '2024-05-10T03:00:00.000Z', to: '2024-05-11T03:00:00.000Z' });
    expect(body.current.messages_in).toBe(2);
    expect(body.previous.messages_in).toBe(1);
    expect(body.previous.period).toEqual({
      from: '2024-05-09T03:00:00.000Z',
      to: '2024-05-10T03:00:00.000Z',
    });
    const stats = (
      await injectAs(t.app, supervisor, {
        method: 'GET',
        url: '/api/analytics/day-stats?from=2024-05-10&to=2024-05-10',
      })
    ).json<DayStats>();
    // Friday the 10th, at midnight and at 23:00 local time.
    expect(stats.cells.map((c) => [c.weekday, c.hour, c.messages_in])).toEqual([
      [5, 0, 1],
      [5, 23, 1],
    ]);
  });

  it('follows daylight-saving history: São Paulo in 2018 and Lisbon in 2024 have 23-hour days', async () => {
    await setZone(supervisor, 'America/Sao_Paulo');
    // Brazil's last daylight saving began at midnight of 4 November 2018 (clocks went to 01:00).
    const brazil = (await performance(supervisor, 'from=2018-11-04&to=2018-11-04')).json<Performance>();
    expect(brazil.current.period).toEqual({
      from: '2018-11-04T03:00:00.000Z',
      to: '2018-11-05T02:00:00.000Z',
    });

    const lisbon = await makeActor(t.app, t.database.db, 'supervisor');
    await setZone(lisbon, 'Europe/Lisbon');
    await inbound(lisbon, '2024-03-30T23:30:00Z'); // 23:30 of the 30th (WET)
    await inbound(lisbon, '2024-03-31T22:30:00Z'); // 23:30 of the 31st (WEST)
    await inbound(lisbon, '2024-03-31T23:30:00Z'); // 00:30 of 1 April
    const body = (await performance(lisbon, 'from=2024-03-31&to=2024-03-31')).json<Performance>();
    expect(body.current.period).toEqual({ from: '2024-03-31T00:00:00.000Z', to: '2024-03-31T23:00:00.000Z' });
    expect(body.current.messages_in).toBe(1);
    expect(body.previous.messages_in).toBe(1);
    const stats = (
      await injectAs(t.app, lisbon, {
        method: 'GET',
        url: '/api/analytics/day-stats?from=2024-03-31&to=2024-03-31',
      })
    ).json<DayStats>();
    expect(stats.cells.map((c) => [c.weekday, c.hour])).toEqual([[0, 23]]);
  });
});

describe('who may read whose numbers, and the history', () => {
  let attendant: Actor;
  let colleague: Actor;
  let supervisor: Actor;
  let teamId: string;
  let contactId: string;
  const today = new Date().toISOString().slice(0, 10);
  const period = `from=${today}&to=${today}`;
  const get = (actor: Actor, url: string) => injectAs(t.app, actor, { method: 'GET', url });

  beforeAll(async () => {
    const db = t.database.db;
    attendant = await makeActor(t.app, db, 'attendant');
    colleague = await makeActor(t.app, db, 'attendant', attendant.company);
    supervisor = await makeActor(t.app, db, 'supervisor', attendant.company);
    await db
      .update(companies)
      .set({ settings: sql`'{"timezone": "UTC"}'::jsonb` })
      .where(eq(companies.id, attendant.company.id));
    const [team] = await db
      .insert(teams)
      .values({ companyId: attendant.company.id, name: 'Vendas' })
      .returning({ id: teams.id });
    teamId = team!.id;
    await db
      .insert(teamMembers)
      .values({ companyId: attendant.company.id, teamId, userId: colleague.user.id });
    const contact = await makeContact(db, attendant.company, {
      name: 'Joana Analítica',
      responsibleId: attendant.user.id,
    });
    contactId = contact.id;
    const now = Date.now();
    for (const [direction, ago] of [
      ['in', 300],
      ['out', 240],
      ['in', 120],
    ] as const) {
      await db.insert(messages).values({
        companyId: attendant.company.id,
        contactId,
        kind: 'whatsapp',
        direction,
        senderUserId: direction === 'out' ? attendant.user.id : null,
        text: 'olá',
        createdAt: new Date(now - ago * 1000),
      });
    }
    // Resolved through the real route: the trigger records the attendance in its transaction.
    const resolved = await injectAs(t.app, attendant, {
      method: 'POST',
      url: `/api/conversation/${contactId}/resolve`,
      payload: {},
    });
    expect(resolved.statusCode).toBe(200);
  });

  it('an attendant reads their own numbers only; a supervisor anyone of the company, a team, or all', async () => {
    const own = (await get(attendant, `/api/analytics/performance?${period}`)).json<Performance>();
    expect(own.current).toMatchObject({ attended: 1, messages_in: 2, messages_out: 1 });
    expect(own.current.first_response.count).toBe(1);
    expect(own.current.first_response.median).toBeGreaterThanOrEqual(45);
    expect(own.current.first_response.median).toBeLessThanOrEqual(90);
    expect(own.current.resolution.count).toBe(1);
    expect(
      (await get(attendant, `/api/analytics/performance?${period}&user_id=${attendant.user.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await get(attendant, `/api/analytics/performance?${period}&user_id=${colleague.user.id}`)).statusCode,
    ).toBe(403);
    expect((await get(attendant, `/api/analytics/day-stats?${period}&team_id=${teamId}`)).statusCode).toBe(
      403,
    );
    expect((await get(colleague, `/api/analytics/history?${period}`)).json<AttendanceHistory>().data).toEqual(
      [],
    );

    const ofAttendant = (
      await get(supervisor, `/api/analytics/performance?${period}&user_id=${attendant.user.id}`)
    ).json<Performance>();
    expect(ofAttendant.current.attended).toBe(1);
    const ofTeam = (
      await get(supervisor, `/api/analytics/performance?${period}&team_id=${teamId}`)
    ).json<Performance>();
    expect(ofTeam.current).toMatchObject({ attended: 0, messages_in: 0 });
    const ofCompany = (await get(supervisor, `/api/analytics/performance?${period}`)).json<Performance>();
    expect(ofCompany.current).toMatchObject({ attended: 1, messages_in: 2, messages_out: 1 });
    const both = await get(
      supervisor,
      `/api/analytics/performance?${period}&team_id=${teamId}&user_id=${attendant.user.id}`,
    );
    expect(both.statusCode).toBe(400);
  });

  it('lists attended customers paged, filtered, and exports them as CSV', async () => {
    const page = (
      await get(supervisor, `/api/analytics/history?${period}&limit=1`)
    ).json<AttendanceHistory>();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      contact: { id: contactId, name: 'Joana Analítica' },
      user: { id: attendant.user.id },
      kind: 'whatsapp',
      messages_in: 2,
      messages_out: 1,
      first_response_seconds: 60,
    });
    expect(page.data[0]!.resolution_seconds).toBeGreaterThanOrEqual(299);
    expect(page.next_cursor).toBeNull();
    const filtered = (
      await get(supervisor, `/api/analytics/history?${period}&kind=email`)
    ).json<AttendanceHistory>();
    expect(filtered.data).toEqual([]);
    const bad = await get(supervisor, `/api/analytics/history?${period}&cursor=nonsense`);
    expect(bad.statusCode).toBe(400);

    const csv = await get(supervisor, `/api/analytics/history.csv?${period}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('first_response_seconds');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Joana Analítica');
    expect(
      (await get(attendant, `/api/analytics/history.csv?${period}&user_id=${colleague.user.id}`)).statusCode,
    ).toBe(403);
  });
});

describe('the satisfaction request after a resolution', () => {
  it('is nobody’s reply and no part of the next attendance', async () => {
    const db = t.database.db;
    const attendant = await makeActor(t.app, db, 'attendant');
    const contact = await makeContact(db, attendant.company, {
      responsibleId: attendant.user.id,
      channel: { kind: 'sms', address: '+5511912345678' },
    });
    const write = (direction: 'in' | 'out', at: number) =>
      db.insert(messages).values({
        companyId: attendant.company.id,
        contactId: contact.id,
        kind: 'sms',
        direction,
        senderUserId: direction === 'out' ? attendant.user.id : null,
        text: 'olá',
        createdAt: new Date(at),
      });
    const act = async (action: 'resolve' | 'reopen') => {
      const response = await injectAs(t.app, attendant, {
        method: 'POST',
        url: `/api/conversation/${contact.id}/${action}`,
        payload: {},
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const automatic = async () =>
      (await db.select().from(messages).where(eq(messages.contactId, contact.id))).filter((m) => m.automatic);
    await write('in', Date.now() - 300_000);
    await write('out', Date.now() - 240_000);
    await act('resolve');
    // The request goes out from a job, in the resolving attendant's name.
    for (let i = 0; i < 150 && (await automatic()).length === 0; i++) {
      await new Promise((done) => setTimeout(done, 100));
    }
    const [request] = await automatic();
    expect(request).toMatchObject({ direction: 'out', senderUserId: attendant.user.id });
    // The customer rates it 4 on the public page: the attendant's (and the company's) rating.
    const [asked] = await db.select().from(csatRequests).where(eq(csatRequests.contactId, contact.id));
    const rated = await t.app.inject({
      method: 'POST',
      url: `/s/${asked!.token}`,
      payload: 'rating=4',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(rated.statusCode).toBe(200);

    // The customer writes again; the next attendance starts there, not at the request.
    await act('reopen');
    const again = Date.now();
    await write('in', again);
    await act('resolve');
    const today = new Date().toISOString().slice(0, 10);
    const period = `from=${today}&to=${today}`;
    const own = (
      await injectAs(t.app, attendant, { method: 'GET', url: `/api/analytics/performance?${period}` })
    ).json<Performance>();
    expect(own.current).toMatchObject({
      attended: 2,
      messages_in: 2,
      messages_out: 1,
      rating: { count: 1, average: 4 },
    });
    expect(own.previous.rating).toEqual({ count: 0, average: null });
    const history = (
      await injectAs(t.app, attendant, { method: 'GET', url: `/api/analytics/history?${period}` })
    ).json<AttendanceHistory>();
    expect(history.data.map((entry) => [entry.messages_in, entry.messages_out])).toEqual([
      [1, 0],
      [1, 1],
    ]);
    expect(Date.parse(history.data[0]!.started_at)).toBe(again);
  });
});

describe('whole past days', () => {
  /** The period's numbers summed straight from the hourly rows of the company's total (the daily rollup's oracle). */
  const fromHours = async (companyId: string, from: string, to: string) => {
    const [row] = await queryRows<{
      messages_in: number;
      messages_out: number;
      attended: number;
      pause_seconds: number;
      fr: number[] | null;
      rs: number[] | null;
    }>(
      t.database.db,
      sql`select coalesce(sum(messages_in), 0)::int as messages_in, coalesce(sum(messages_out), 0)::int as messages_out,
            coalesce(sum(attended), 0)::int as attended, coalesce(sum(pause_seconds), 0)::int as pause_seconds,
            ${sql.raw(histogramSumOf('first_response_histogram'))} as fr,
            ${sql.raw(histogramSumOf('resolution_histogram'))} as rs
          from analytics_hourly where company_id = ${companyId} and user_id = ${ALL}
            and hour >= ${from}::timestamptz and hour < ${to}::timestamptz`,
    );
    const quantiles = (histogram: number[] | null) => ({
      median: histogramQuantile(histogram ?? [], 0.5),
      p90: histogramQuantile(histogram ?? [], 0.9),
    });
    return {
      messages_in: row!.messages_in,
      messages_out: row!.messages_out,
      attended: row!.attended,
      pause_seconds: row!.pause_seconds,
      first_response: quantiles(row!.fr),
      resolution: quantiles(row!.rs),
    };
  };
  const picked = (totals: Performance['current']) => ({
    messages_in: totals.messages_in,
    messages_out: totals.messages_out,
    attended: totals.attended,
    pause_seconds: totals.pause_seconds,
    first_response: { median: totals.first_response.median, p90: totals.first_response.p90 },
    resolution: { median: totals.resolution.median, p90: totals.resolution.p90 },
  });

  it('read a row a day that equals its hours, and count a late change to one of them', async () => {
    const db = t.database.db;
    const supervisor = await makeActor(t.app, db, 'supervisor');
    const attendant = await makeUser(db, supervisor.company);
    // Two weeks of São Paulo (UTC-3) days: customers write at the UTC day's edges and in its middle, the
    // attendant answers after a while that grows, resolves every other one, and pauses.
    for (let day = 0; day < 14; day++) {
      for (const [hour, minute] of [
        [2, 40],
        [3, 5],
        [14, 0],
        [23, 50],
      ] as const) {
        const at = Date.UTC(2024, 4, 27 + day, hour, minute);
        const contact = await makeContact(db, supervisor.company, {
          responsibleId: attendant.id,
          createdAt: new Date(at),
        });
        const message = {
          companyId: supervisor.company.id,
          contactId: contact.id,
          kind: 'whatsapp' as const,
        };
        await db
          .insert(messages)
          .values({ ...message, direction: 'in', text: 'oi', createdAt: new Date(at) });
        const answered = at + (day * 97 + hour) * 1000;
        await db.insert(messages).values({
          ...message,
          direction: 'out',
          senderUserId: attendant.id,
          text: 'olá',
          createdAt: new Date(answered),
        });
        if ((day + hour) % 2) {
          await db.execute(sql`update contacts set status = 'resolved',
            resolved_at = ${new Date(answered + day * 600_000).toISOString()} where id = ${contact.id}`);
        }
      }
      await db.insert(pauses).values({
        companyId: supervisor.company.id,
        userId: attendant.id,
        reasonId: (
          await db
            .insert(pauseReasons)
            .values({ companyId: supervisor.company.id, name: `Pausa ${day}` })
            .returning({ id: pauseReasons.id })
        )[0]!.id,
        startedAt: new Date(Date.UTC(2024, 4, 27 + day, 22, 30)),
        endedAt: new Date(Date.UTC(2024, 4, 28 + day, 1, 15)),
      });
    }
    const query = 'from=2024-06-03&to=2024-06-09';
    const read = async () => {
      const response = await injectAs(t.app, supervisor, {
        method: 'GET',
        url: `/api/analytics/performance?${query}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<Performance>();
    };
    const expectHours = async (body: Performance) => {
      expect(picked(body.current)).toEqual(
        await fromHours(supervisor.company.id, body.current.period.from, body.current.period.to),
      );
      expect(picked(body.previous)).toEqual(
        await fromHours(supervisor.company.id, body.previous.period.from, body.previous.period.to),
      );
    };

    const first = await read();
    expect(first.current.messages_in).toBe(27);
    await expectHours(first);
    // The whole UTC days inside each week are summed and fresh (a São Paulo week starts at 03:00 UTC: 6 of them).
    const week = (first: number) =>
      Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(2024, 4, first + i)));
    const days = (dates: Date[]) => dates.map((date) => date.toISOString().slice(5, 10));
    const fresh = async () =>
      (
        await queryRows<{ day: string }>(
          db,
          sql`select to_char(day at time zone 'UTC', 'MM-DD') as day from analytics_daily_days
              where company_id = ${supervisor.company.id} and fresh order by day`,
        )
      ).map((row) => row.day);
    const whole = days([...week(28), ...week(35)]);
    expect(await fresh()).toEqual(expect.arrayContaining(whole));
    expect(await read()).toEqual(first);

    // A message that arrives late into 5 June (an import, a delayed webhook) makes that day stale, then summed.
    const contact = await makeContact(db, supervisor.company, { responsibleId: attendant.id });
    await db.insert(messages).values({
      companyId: supervisor.company.id,
      contactId: contact.id,
      kind: 'email',
      direction: 'in',
      text: 'atrasada',
      createdAt: new Date('2024-06-05T12:00:00Z'),
    });
    expect(await fresh()).not.toContain('06-05');
    const second = await read();
    expect(second.current.messages_in).toBe(28);
    await expectHours(second);
    expect(await fresh()).toContain('06-05');

    // The hourly job sums every other past day (27 May to 10 June here), each the sum of its hours.
    expect(await sealDays(db, supervisor.company.id, new Date())).toBeGreaterThanOrEqual(3);
    expect(await fresh()).toEqual(
      days(Array.from({ length: 15 }, (_, i) => new Date(Date.UTC(2024, 4, 27 + i)))),
    );
    const sums = (table: 'analytics_daily' | 'analytics_hourly', day: string) =>
      queryRows(
        db,
        sql`select user_id, ${sql.raw(day)} as day, sum(messages_in)::int as messages_in,
              sum(messages_out)::int as messages_out, sum(attended)::int as attended,
              sum(pause_seconds)::int as pause_seconds, sum(first_response_seconds)::int as first_response_seconds,
              ${sql.raw(histogramSumOf('first_response_histogram'))} as fr,
              ${sql.raw(histogramSumOf('resolution_histogram'))} as rs
            from ${sql.raw(table)} where company_id = ${supervisor.company.id} group by 1, 2 order by 1, 2`,
      );
    expect(await sums('analytics_daily', 'day')).toEqual(
      await sums('analytics_hourly', `date_trunc('day', hour, 'UTC')`),
    );
    expect(await sealDays(db, supervisor.company.id, new Date())).toBe(0);

    // Today's hours are no day's business: the rollup's usual writes leave the markers alone.
    const markers = () =>
      queryRows(db, sql`select * from analytics_daily_days where company_id = ${supervisor.company.id}`);
    const before = await markers();
    await inboundNow(supervisor);
    expect(await markers()).toEqual(before);
  });

  const inboundNow = async (actor: Actor) => {
    const contact = await makeContact(t.database.db, actor.company, {});
    await t.database.db.insert(messages).values({
      companyId: actor.company.id,
      contactId: contact.id,
      kind: 'whatsapp',
      direction: 'in',
      text: 'agora',
    });
  };
});

/** A histogram column's buckets summed by position, as an array (null without rows). */
const histogramSumOf = (column: string) =>
  `array[${ANALYTICS_BUCKET_LOWER_BOUNDS.map((_, i) => `sum(${column}[${i + 1}])::int`).join(', ')}]`;

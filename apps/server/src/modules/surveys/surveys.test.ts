// The satisfaction survey through the real app: asked once per the product's period (answer or dismissal
// alike), validated with the spec's texts, and listed with its average — a company's own answers for its
// administrators, every company's for the super administrator.
import type { SurveyAnswerList, SurveyStatus } from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';
import { surveyAnswers, users } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Actor;
let attendant: Actor;
let supervisor: Actor;
let stranger: Actor;
let root: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
  root = await makeActor(t.app, t.database.db, 'super_admin');
  // Accounts older than the period: a new one is not asked yet (proved below with a fresh account).
  for (const actor of [admin, attendant, supervisor, stranger]) {
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(users.id, actor.user.id));
  }
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url, payload, headers: { 'accept-language': 'pt-BR' } });
const status = async (actor: Actor) => (await call(actor, 'GET', '/api/survey')).json<SurveyStatus>();
const answers = async (actor: Actor) =>
  (await call(actor, 'GET', '/api/center/survey-answers')).json<SurveyAnswerList>();
const rowsOf = (actor: Actor) =>
  t.database.db.select().from(surveyAnswers).where(eq(surveyAnswers.userId, actor.user.id));
/** Moves a user's answers back in time, as if the period had passed. */
const age = (actor: Actor, days: number) =>
  t.database.db
    .update(surveyAnswers)
    .set({ createdAt: sql`${surveyAnswers.createdAt} - make_interval(days => ${days})` })
    .where(eq(surveyAnswers.userId, actor.user.id));

describe('satisfaction survey', () => {
  it('does not ask a new account until it has used the product for a period', async () => {
    const newcomer = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    expect(await status(newcomer)).toEqual({ due: false, period_days: 7 });
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(users.id, newcomer.user.id));
    expect((await status(newcomer)).due).toBe(true);
  });

  it('refuses a missing rating or comment with the spec texts, and a rating off the 0–10 scale', async () => {
    const cases: [object, string][] = [
      [{ comment: 'Ótimo' }, 'Informe uma classificação'],
      [{ rating: 11, comment: 'Ótimo' }, 'Informe uma classificação'],
      [{ rating: -1, comment: 'Ótimo' }, 'Informe uma classificação'],
      [{ rating: 7.5, comment: 'Ótimo' }, 'Informe uma classificação'],
      [{ rating: 8 }, 'Informe mais detalhes da sua avaliação'],
      [{ rating: 8, comment: '   ' }, 'Informe mais detalhes da sua avaliação'],
    ];
    for (const [body, message] of cases) {
      const response = await call(attendant, 'POST', '/api/survey', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toContain(
        message,
      );
    }
    expect(await rowsOf(attendant)).toHaveLength(0);
    expect((await status(attendant)).due).toBe(true);
  });

  it('asks once per period: an answer ends it, a second one is refused until the period has passed', async () => {
    expect(
      (await call(attendant, 'POST', '/api/survey', { rating: 9, comment: ' Muito bom ' })).statusCode,
    ).toBe(200);
    expect(await status(attendant)).toEqual({ due: false, period_days: 7 });
    const again = await call(attendant, 'POST', '/api/survey', { rating: 2, comment: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'A pesquisa de satisfação já foi respondida neste período.',
    );
    expect(await rowsOf(attendant)).toHaveLength(1);
    await age(attendant, 6);
    expect((await status(attendant)).due).toBe(false);
    await age(attendant, 2);
    expect((await status(attendant)).due).toBe(true);
  });

  it('a dismissal waits the period too, and the super administrator sets the period', async () => {
    expect((await status(supervisor)).due).toBe(true);
    expect((await call(supervisor, 'POST', '/api/survey/dismiss')).statusCode).toBe(200);
    expect((await status(supervisor)).due).toBe(false);
    expect((await call(supervisor, 'POST', '/api/survey/dismiss')).statusCode).toBe(409);
    await age(supervisor, 2);
    expect((await status(supervisor)).due).toBe(false);
    expect((await call(root, 'PATCH', '/api/product/settings', { survey_period_days: 1 })).statusCode).toBe(
      200,
    );
    expect(await status(supervisor)).toEqual({ due: true, period_days: 1 });
    // Only the super administrator owns the period.
    expect((await call(admin, 'PATCH', '/api/product/settings', { survey_period_days: 30 })).statusCode).toBe(
      403,
    );
    await call(root, 'PATCH', '/api/product/settings', { survey_period_days: 7 });
  });

  it('lists answers with their average: administrators their company only, the super administrator all', async () => {
    await call(stranger, 'POST', '/api/survey', { rating: 3, comment: 'Lento' });
    await call(admin, 'POST', '/api/survey', { rating: 6, comment: 'Razoável' });

    const own = await answers(admin);
    // The attendant's 9 and the admin's 6; the supervisor's dismissal is no answer.
    expect(own.total).toBe(2);
    expect(own.average).toBe(7.5);
    expect(own.data.map((a) => [a.rating, a.label, a.comment, a.user.id])).toEqual([
      [6, 'average', 'Razoável', admin.user.id],
      [9, 'excellent', 'Muito bom', attendant.user.id],
    ]);
    expect(own.data.every((a) => a.company.id === admin.company.id)).toBe(true);

    const theirs = await answers(stranger);
    expect(theirs.data.map((a) => a.rating)).toEqual([3]);
    expect(theirs.average).toBe(3);

    const all = await answers(root);
    expect(all.data.map((a) => a.company.id)).toEqual(
      expect.arrayContaining([admin.company.id, stranger.company.id]),
    );
    expect(all.total).toBeGreaterThanOrEqual(3);

    for (const reader of [attendant, supervisor]) {
      expect((await call(reader, 'GET', '/api/center/survey-answers')).statusCode).toBe(403);
    }
  });
});

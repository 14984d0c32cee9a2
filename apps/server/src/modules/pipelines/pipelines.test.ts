import type { Board, Card, CardSummary, Comment, Pipeline, StepPage } from '@atende/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  eventually,
  injectAs,
  makeActor,
  makeContact,
  multipartBody,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';
import { buildApp } from '../../app.ts';
import { loopbackRegistry } from '../../channels/loopback.ts';
import { pipelineCards, pipelineSteps, teamMembers, teams } from '../../db/schema/index.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let attendant: Actor;
let colleague: Actor;
let baseUrl: string;
let contactId: string;
let pipeline: Pipeline;

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api${url}`, payload });
const steps = () => pipeline.steps.map((step) => step.id);
const newCard = async (name: string, step = steps()[0]!, actor = attendant, after?: string | null) => {
  const response = await call(actor, 'POST', `/pipeline/${pipeline.id}/steps/${step}/item`, {
    contact_id: contactId,
    name,
    ...(after === undefined ? {} : { after_id: after }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Card;
};
const board = async (actor = attendant, query = '') =>
  (await call(actor, 'GET', `/user/pipeline?pipeline_id=${pipeline.id}${query}`)).json()
    .data as CardSummary[];

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: process.env.PIPELINE_LOG ?? 'silent' } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  colleague = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  // Waiting in the queue: every attendant may see the customer.
  contactId = (await makeContact(t.database.db, admin.company, { onQueue: true })).id;
  const created = await call(admin, 'POST', '/pipeline', {
    name: 'Vendas',
    steps: [{ name: 'Prospecção' }, { name: 'Proposta' }, { name: 'Fechado', final: true }],
  });
  expect(created.statusCode, created.body).toBe(201);
  pipeline = created.json();
});
afterAll(() => t.close());

describe('pipelines configuration', () => {
  it('admins create and change pipelines; attendants may not; names and steps are checked', async () => {
    expect(pipeline.steps.map((step) => [step.name, step.final])).toEqual([
      ['Prospecção', false],
      ['Proposta', false],
      ['Fechado', true],
    ]);
    expect(
      (await call(attendant, 'POST', '/pipeline', { name: 'X', steps: [{ name: 'A' }] })).statusCode,
    ).toBe(403);
    const noName = await call(admin, 'POST', '/pipeline', { name: ' ', steps: [{ name: 'A' }] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('É necessário informar o nome');
    expect(
      (await call(admin, 'POST', '/pipeline', { name: 'vendas', steps: [{ name: 'A' }] })).json().code,
    ).toBe('pipeline_name_taken');
    // Rename and reorder, add a step.
    const [first, second, last] = pipeline.steps;
    const changed = await call(admin, 'PUT', `/pipeline/${pipeline.id}`, {
      name: 'Vendas',
      steps: [
        { id: second!.id, name: 'Proposta enviada' },
        { id: first!.id, name: 'Prospecção' },
        { name: 'Negociação' },
        { id: last!.id, name: 'Fechado', final: true },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    pipeline = changed.json();
    expect(pipeline.steps.map((step) => step.name)).toEqual([
      'Proposta enviada',
      'Prospecção',
      'Negociação',
      'Fechado',
    ]);
  });

  it('a step with cards cannot be removed', async () => {
    const card = await newCard('Ocupa a lista', steps()[2]);
    const response = await call(admin, 'PUT', `/pipeline/${pipeline.id}`, {
      name: 'Vendas',
      steps: pipeline.steps
        .filter((_, i) => i !== 2)
        .map((step) => ({ id: step.id, name: step.name, final: step.final })),
    });
    expect(response.json().code).toBe('step_not_empty');
    expect((await call(admin, 'GET', '/pipeline')).json().data[0].steps).toHaveLength(4);
    await call(attendant, 'DELETE', `/pipeline/${pipeline.id}/item/${card.id}`);
  });

  it('a pipeline given to a team is seen by its members and supervisors only', async () => {
    const [team] = await t.database.db
      .insert(teams)
      .values({ companyId: admin.company.id, name: 'Time Suporte' })
      .returning();
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: admin.company.id, teamId: team!.id, userId: colleague.user.id });
    const response = await call(admin, 'POST', '/pipeline', {
      name: 'Suporte',
      steps: [{ name: 'Aberto' }],
      team_ids: [team!.id],
    });
    const support: Pipeline = response.json();
    const names = async (actor: Actor) =>
      ((await call(actor, 'GET', '/pipeline')).json().data as Pipeline[]).map((p) => p.name);
    expect(await names(colleague)).toContain('Suporte');
    expect(await names(supervisor)).toContain('Suporte');
    expect(await names(attendant)).not.toContain('Suporte');
    // The board too: one statement per kind of viewer, each viewer's own answer.
    expect((await call(attendant, 'GET', `/pipeline/${support.id}/board`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', `/pipeline/${support.id}/board`)).statusCode).toBe(200);
    const hidden = await call(
      attendant,
      'POST',
      `/pipeline/${support.id}/steps/${support.steps[0]!.id}/item`,
      {
        contact_id: contactId,
        name: 'Não deveria',
      },
    );
    expect(hidden.statusCode).toBe(404);
    const unknown = await call(admin, 'POST', '/pipeline', {
      name: 'Outro',
      steps: [{ name: 'A' }],
      segment_ids: [support.id],
    });
    expect(unknown.json().code).toBe('pipeline_segment_unknown');
  });

  it('labels are managed per pipeline and toggled on cards of that pipeline only', async () => {
    const label = (
      await call(admin, 'POST', `/pipeline/${pipeline.id}/labels`, { name: 'Quente', colour: '#ff0000' })
    ).json();
    expect(
      (await call(attendant, 'POST', `/pipeline/${pipeline.id}/labels`, { name: 'X', colour: '#000000' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'POST', `/pipeline/${pipeline.id}/labels`, { name: 'X', colour: 'red' })).statusCode,
    ).toBe(400);
    const renamed = await call(admin, 'PUT', `/pipeline/${pipeline.id}/labels/${label.id}`, {
      name: 'Muito quente',
      colour: '#ff0000',
    });
    expect(renamed.json().name).toBe('Muito quente');
    expect((await call(attendant, 'GET', `/pipeline/${pipeline.id}/labels`)).json().data).toHaveLength(1);

    const card = await newCard('Com etiqueta');
    const on: Card = (
      await call(attendant, 'POST', `/pipeline/${pipeline.id}/item/${card.id}/label/${label.id}`)
    ).json();
    expect(on.label_ids).toEqual([label.id]);
    expect(await board(attendant, `&label_id=${label.id}`)).toHaveLength(1);
    const off: Card = (
      await call(attendant, 'POST', `/pipeline/${pipeline.id}/item/${card.id}/label/${label.id}`)
    ).json();
    expect(off.label_ids).toEqual([]);

    const other: Pipeline = (
      await call(admin, 'POST', '/pipeline', { name: 'Pós-venda', steps: [{ name: 'A' }] })
    ).json();
    const foreignLabel = (
      await call(admin, 'POST', `/pipeline/${other.id}/labels`, { name: 'Outra', colour: '#00ff00' })
    ).json();
    const wrong = await call(
      attendant,
      'POST',
      `/pipeline/${pipeline.id}/item/${card.id}/label/${foreignLabel.id}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('label_not_in_pipeline');
    expect((await call(admin, 'DELETE', `/pipeline/${pipeline.id}/labels/${label.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/pipeline/${pipeline.id}/labels/${label.id}`)).statusCode).toBe(404);
  });
});

describe('cards', () => {
  it('creates, orders, moves, finishes and filters cards', async () => {
    const a = await newCard('Alfa');
    const b = await newCard('Beta');
    const c = await newCard('Gama', steps()[0], attendant, null);
    const ids = async (query = '') =>
      (await board(attendant, query)).filter((card) => card.step_id === steps()[0]).map((card) => card.name);
    expect((await ids()).slice(-2)).toEqual(['Alfa', 'Beta']);
    expect((await ids())[0]).toBe('Gama');
    // Between Gama and Alfa.
    await call(attendant, 'PUT', `/pipeline/${pipeline.id}/steps/${steps()[0]}/item/${b.id}`, {
      after_id: c.id,
    });
    expect((await ids()).slice(0, 2)).toEqual(['Gama', 'Beta']);
    // To the final list: finished.
    const finished = await call(
      attendant,
      'PUT',
      `/pipeline/${pipeline.id}/steps/${steps()[3]}/item/${a.id}`,
      {},
    );
    expect(finished.json()).toMatchObject({ step_id: steps()[3], finished: true });
    expect((await board(attendant)).map((card) => card.name)).not.toContain('Alfa');
    expect((await board(attendant, '&status=finished')).map((card) => card.name)).toEqual(['Alfa']);
    expect((await board(attendant, '&status=all')).map((card) => card.name)).toContain('Alfa');
    expect((await board(attendant, '&status=all&q=gam')).map((card) => card.name)).toEqual(['Gama']);
    expect(
      (await board(attendant, `&status=all&responsible_id=${colleague.user.id}`)).map((card) => card.name),
    ).toEqual([]);
    const mine = await call(attendant, 'GET', `/responsible/${attendant.user.id}/pipeline?status=all`);
    expect((mine.json().data as CardSummary[]).map((card) => card.name)).toContain('Alfa');
    const ofCustomer = await call(attendant, 'GET', `/user/pipeline?contact_id=${contactId}&status=all`);
    expect((ofCustomer.json().data as CardSummary[]).map((card) => card.name)).toContain('Gama');
    expect((await call(attendant, 'GET', `/user/pipeline`)).json().message).toBe(
      'É necessário selecionar um pipeline',
    );
  });

  it('refuses moves to another pipeline, bad ratings and unknown customers; changes nothing', async () => {
    const card = await newCard('Recusas');
    const other: Pipeline = (
      await call(admin, 'POST', '/pipeline', { name: 'Cobrança', steps: [{ name: 'A' }] })
    ).json();
    const move = await call(
      attendant,
      'PUT',
      `/pipeline/${pipeline.id}/steps/${other.steps[0]!.id}/item/${card.id}`,
      {},
    );
    expect(move.statusCode).toBe(400);
    expect(move.json().code).toBe('step_not_in_pipeline');
    for (const rating of [6, -1, 2.5]) {
      expect(
        (await call(attendant, 'POST', `/pipeline/${pipeline.id}/item/${card.id}/rating`, { rating }))
          .statusCode,
      ).toBe(400);
    }
    const rated = await call(attendant, 'POST', `/pipeline/${pipeline.id}/item/${card.id}/rating`, {
      rating: 4,
    });
    expect(rated.json().rating).toBe(4);
    const after: Card = (await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}`)).json();
    expect(after).toMatchObject({ step_id: steps()[0], rating: 4, name: 'Recusas' });
    const owned = await makeContact(t.database.db, admin.company, { responsibleId: colleague.user.id });
    const hiddenCustomer = await call(
      attendant,
      'POST',
      `/pipeline/${pipeline.id}/steps/${steps()[0]}/item`,
      {
        contact_id: owned.id,
        name: 'Cliente de outro',
      },
    );
    expect(hiddenCustomer.json().code).toBe('card_contact_unavailable');
    const noName = await call(attendant, 'POST', `/pipeline/${pipeline.id}/steps/${steps()[0]}/item`, {
      contact_id: contactId,
      name: '',
    });
    expect(noName.json().message).toBe('É necessário informar o nome');
  });

  it('hides cards of customers the user may not see', async () => {
    const owned = await makeContact(t.database.db, admin.company, { responsibleId: colleague.user.id });
    const response = await call(colleague, 'POST', `/pipeline/${pipeline.id}/steps/${steps()[0]}/item`, {
      contact_id: owned.id,
      name: 'Só do colega',
    });
    const card: Card = response.json();
    expect((await board(attendant, '&status=all')).map((c) => c.id)).not.toContain(card.id);
    expect((await board(supervisor, '&status=all')).map((c) => c.id)).toContain(card.id);
    expect((await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}`)).statusCode).toBe(404);
    // Nor moved by them; nor a card moved after itself or after a card of another step.
    const url = (step: string, id: string) => `/pipeline/${pipeline.id}/steps/${step}/item/${id}`;
    expect((await call(attendant, 'PUT', url(steps()[1]!, card.id), { after_id: null })).statusCode).toBe(
      404,
    );
    const other = await newCard('Vizinho', steps()[1]);
    expect((await call(colleague, 'PUT', url(steps()[0]!, card.id), { after_id: card.id })).statusCode).toBe(
      404,
    );
    expect((await call(colleague, 'PUT', url(steps()[0]!, card.id), { after_id: other.id })).statusCode).toBe(
      404,
    );
    expect((await call(supervisor, 'GET', `/pipeline/${pipeline.id}/item/${card.id}`)).json()).toMatchObject({
      step_id: steps()[0],
      position: card.position,
    });
    // Only its author or a supervisor deletes a card.
    const mine = await newCard('Do atendente');
    expect((await call(colleague, 'DELETE', `/pipeline/${pipeline.id}/item/${mine.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(supervisor, 'DELETE', `/pipeline/${pipeline.id}/item/${mine.id}`)).statusCode).toBe(
      200,
    );
  });

  it('keeps positions unique and ordered under many simultaneous moves', async () => {
    const cards = [] as Card[];
    for (let i = 0; i < 12; i++) cards.push(await newCard(`Concorrente ${i}`, steps()[1]));
    const targets = [steps()[1]!, steps()[2]!];
    const moves = Array.from({ length: 40 }, (_, i) => {
      const card = cards[i % cards.length]!;
      const anchor = cards[(i * 7 + 3) % cards.length]!;
      const step = targets[i % 2]!;
      const body = i % 3 === 0 ? { after_id: null } : i % 3 === 1 ? {} : { after_id: anchor.id };
      return call(
        i % 2 ? attendant : colleague,
        'PUT',
        `/pipeline/${pipeline.id}/steps/${step}/item/${card.id}`,
        body,
      );
    });
    const results = await Promise.all(moves);
    // A move after a card that meanwhile left the step answers 404; every other one succeeds.
    for (const result of results) expect([200, 404], result.body).toContain(result.statusCode);
    const all = await board(supervisor, '&status=all');
    for (const step of targets) {
      const positions = all.filter((card) => card.step_id === step).map((card) => card.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
    }
    expect(all.filter((card) => card.name.startsWith('Concorrente'))).toHaveLength(12);
  });

  /**
   * Runs `change` in a transaction of another connection that stays open until the move `path` waits for it,
   * then commits it: the move's snapshot comes before the change, its locks and index checks after.
   */
  const moveAcross = async (change: (tx: Db) => Promise<unknown>, path: string, body: object) => {
    let answer: ReturnType<typeof call> | undefined;
    await t.database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await change(tx);
      answer = call(attendant, 'PUT', path, body);
      const waiting = async () =>
        (
          await queryRows(
            t.database.db,
            sql`select 1 from pg_stat_activity where wait_event_type = 'Lock'
          and query like 'with step as%'`,
          )
        ).length > 0;
      expect(await eventually(waiting, true, 10_000)).toBe(true);
    });
    return (await answer)!;
  };
  /** The names of the step's cards starting with `prefix`, in the board's order. */
  const stepOrder = async (stepId: string, prefix: string) =>
    (await board(supervisor, '&status=all'))
      .filter((card) => card.step_id === stepId && card.name.startsWith(prefix))
      .map((card) => card.name);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a move whose place another move took meanwhile runs again and lands after its card',
    async () => {
      const [from, to] = [steps()[0]!, steps()[1]!];
      const a = await newCard('Tomado A', to, attendant, null);
      const b = await newCard('Tomado B', to, attendant, a.id);
      const x = await newCard('Tomado X', from);
      const y = await newCard('Tomado Y', from);
      const middle = (a.position + b.position) / 2;
      const moved = await moveAcross(
        (tx) =>
          tx.update(pipelineCards).set({ stepId: to, position: middle }).where(eq(pipelineCards.id, y.id)),
        `/pipeline/${pipeline.id}/steps/${to}/item/${x.id}`,
        { after_id: a.id },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await stepOrder(to, 'Tomado')).toEqual(['Tomado A', 'Tomado X', 'Tomado Y', 'Tomado B']);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a move that read the positions before its step was spaced out reads them again',
    async () => {
      const [from, to] = [steps()[0]!, steps()[1]!];
      const a = await newCard('Espaçado A', to, attendant, null);
      await newCard('Espaçado B', to, attendant, a.id);
      const x = await newCard('Espaçado X', from);
      // What a re-spacing writes: a new version of the step's row, and every card of the step far above.
      const respace = async (tx: Db) => {
        await tx
          .update(pipelineSteps)
          .set({ position: sql`${pipelineSteps.position}` })
          .where(eq(pipelineSteps.id, to));
        await tx
          .update(pipelineCards)
          .set({ position: sql`${pipelineCards.position} + 1000000` })
          .where(eq(pipelineCards.stepId, to));
      };
      const moved = await moveAcross(respace, `/pipeline/${pipeline.id}/steps/${to}/item/${x.id}`, {
        after_id: a.id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await stepOrder(to, 'Espaçado')).toEqual(['Espaçado A', 'Espaçado X', 'Espaçado B']);
    },
  );
});

describe('the paged board', () => {
  it('answers each step’s first 50 cards with its total, then pages on by cursor to the end', async () => {
    const created = await call(admin, 'POST', '/pipeline', {
      name: 'Paginado',
      steps: [{ name: 'Muitos' }, { name: 'Poucos' }, { name: 'Feito', final: true }],
    });
    const paged = created.json() as Pipeline;
    const [many, few, done] = paged.steps.map((step) => step.id);
    // 120 cards in the first step (positions 1024, 2048, …), every third of the colleague and named "Par".
    await t.database.db.insert(pipelineCards).values(
      Array.from({ length: 120 }, (_, i) => ({
        companyId: admin.company.id,
        pipelineId: paged.id,
        stepId: many!,
        position: (i + 1) * 1024,
        contactId,
        name: `${i % 2 ? 'Outro' : 'Par'} ${String(i).padStart(3, '0')}`,
        responsibleId: i % 3 === 0 ? colleague.user.id : attendant.user.id,
        authorId: attendant.user.id,
      })),
    );
    await call(attendant, 'POST', `/pipeline/${paged.id}/steps/${few}/item`, {
      contact_id: contactId,
      name: 'Só',
    });
    await call(attendant, 'POST', `/pipeline/${paged.id}/steps/${done}/item`, {
      contact_id: contactId,
      name: 'Fim',
    });
    const boardOf = async (query = '') => {
      const response = await call(attendant, 'GET', `/pipeline/${paged.id}/board${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Board).data;
    };
    const pageOf = (step: string, query: string) =>
      call(attendant, 'GET', `/pipeline/${paged.id}/steps/${step}/items?${query}`);

    const open = await boardOf();
    expect(open.map((step) => [step.name, step.total, step.items.length])).toEqual([
      ['Muitos', 120, 50],
      ['Poucos', 1, 1],
      ['Feito', 0, 0],
    ]);
    expect(open[0]!.items.map((card) => card.name).slice(0, 2)).toEqual(['Par 000', 'Outro 001']);
    expect(open[1]!.next_cursor).toBeNull();
    expect((await boardOf('?status=finished')).map((step) => step.total)).toEqual([0, 0, 1]);
    expect((await boardOf('?status=all')).map((step) => step.total)).toEqual([120, 1, 1]);

    // Paging on to the end: every card once, in position order.
    const names = open[0]!.items.map((card) => card.name);
    let cursor = open[0]!.next_cursor;
    let pages = 0;
    while (cursor) {
      const response = await pageOf(many!, `cursor=${cursor}&limit=30`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as StepPage;
      names.push(...page.data.map((card) => card.name));
      cursor = page.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(names).toHaveLength(120);
    expect(names.at(-1)).toBe('Outro 119');
    expect(new Set(names).size).toBe(120);
    // Without a cursor: the first page.
    const first = (await pageOf(many!, 'limit=10')).json() as StepPage;
    expect(first.data.map((card) => card.name)).toEqual(names.slice(0, 10));

    // Filters apply to totals and pages alike.
    const filtered = await boardOf(`?q=par&responsible_id=${colleague.user.id}`);
    // i even and i % 3 === 0: i % 6 === 0, 20 cards.
    expect(filtered[0]!.total).toBe(20);
    expect(filtered[0]!.items.every((card) => card.name.startsWith('Par'))).toBe(true);
    expect(filtered[0]!.next_cursor).toBeNull();
    const filteredPage = (
      await pageOf(many!, `q=par&responsible_id=${colleague.user.id}&limit=15`)
    ).json() as StepPage;
    expect(filteredPage.data).toHaveLength(15);
    const rest = (
      await pageOf(
        many!,
        `q=par&responsible_id=${colleague.user.id}&limit=15&cursor=${filteredPage.next_cursor}`,
      )
    ).json() as StepPage;
    expect(rest.data).toHaveLength(5);
    expect(rest.next_cursor).toBeNull();

    // Bad cursor and limit: translated 400s.
    const tampered = await pageOf(many!, 'cursor=bm90LWEtbnVtYmVy');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('invalid_cursor');
    expect(tampered.json().message).not.toBe('invalid_cursor');
    for (const limit of ['0', '101', 'x']) {
      const bad = await pageOf(many!, `limit=${limit}`);
      expect(bad.statusCode, limit).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    // A step of another pipeline is refused; another company's pipeline is not found.
    expect((await pageOf(steps()[0]!, '')).statusCode).toBe(400);
    const stranger = await makeActor(t.app, t.database.db, 'admin');
    const foreign = await injectAs(t.app, stranger, {
      method: 'GET',
      url: `/api/pipeline/${paged.id}/board`,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPage = await injectAs(t.app, stranger, {
      method: 'GET',
      url: `/api/pipeline/${paged.id}/steps/${many}/items`,
    });
    expect(foreignPage.statusCode).toBe(404);
  });
});

describe('the board’s visibility', () => {
  it('counts and pages only the cards whose customer the user sees, with the label filter, for each role', async () => {
    const created = await call(admin, 'POST', '/pipeline', {
      name: 'Visíveis',
      steps: [{ name: 'Entrada' }, { name: 'Ganho', final: true }],
    });
    const seen = created.json() as Pipeline;
    const entry = seen.steps[0]!.id;
    const owned = await makeContact(t.database.db, admin.company, { responsibleId: colleague.user.id });
    const label = (
      await call(admin, 'POST', `/pipeline/${seen.id}/labels`, { name: 'Quente', colour: '#ff0000' })
    ).json();
    // Cards 0–2 on the queue's customer (everyone sees it), 3–4 on the colleague's own; 0 and 3 labelled.
    const ids: string[] = [];
    for (const [i, customer] of [contactId, contactId, contactId, owned.id, owned.id].entries()) {
      const response = await call(
        i < 3 ? attendant : colleague,
        'POST',
        `/pipeline/${seen.id}/steps/${entry}/item`,
        {
          contact_id: customer,
          name: `Cartão ${i}`,
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    for (const id of [ids[0], ids[3]]) {
      const toggled = await call(supervisor, 'POST', `/pipeline/${seen.id}/item/${id}/label/${label.id}`);
      expect(toggled.statusCode, toggled.body).toBe(200);
    }
    const columnOf = async (actor: Actor, query = '') => {
      const response = await call(actor, 'GET', `/pipeline/${seen.id}/board${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const [column, final] = (response.json() as Board).data;
      expect(final!.total).toBe(0);
      return { total: column!.total, names: column!.items.map((card) => card.name), items: column!.items };
    };
    const every = ids.map((_, i) => `Cartão ${i}`);
    expect(await columnOf(attendant)).toMatchObject({ total: 3, names: every.slice(0, 3) });
    expect(await columnOf(colleague)).toMatchObject({ total: 5, names: every });
    expect(await columnOf(supervisor)).toMatchObject({ total: 5, names: every });
    const labelled = `?label_id=${label.id}`;
    expect(await columnOf(attendant, labelled)).toMatchObject({ total: 1, names: ['Cartão 0'] });
    expect(await columnOf(supervisor, labelled)).toMatchObject({ total: 2, names: ['Cartão 0', 'Cartão 3'] });
    expect(await columnOf(supervisor, `?status=finished`)).toMatchObject({ total: 0, names: [] });
    // A board card says what the card itself says.
    const [first] = (await columnOf(supervisor)).items;
    const card = (await call(supervisor, 'GET', `/pipeline/${seen.id}/item/${ids[0]}`)).json() as Card;
    expect(card).toMatchObject(first!);
    expect(first!.label_ids).toEqual([label.id]);
    expect(first!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('comments, attachments and the cover', () => {
  it('pages comments 15 at a time, newest first; authors and supervisors change them', async () => {
    const card = await newCard('Comentada');
    for (let i = 1; i <= 17; i++) {
      const response = await call(
        i % 2 ? attendant : colleague,
        'POST',
        `/pipeline/${pipeline.id}/item/${card.id}/comments`,
        {
          text: `comentário ${i}`,
        },
      );
      expect(response.statusCode).toBe(201);
    }
    const first = (await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}/comments`)).json();
    expect(first.data).toHaveLength(15);
    expect(first.total).toBe(17);
    expect(first.data[0].text).toBe('comentário 17');
    const second = (
      await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}/comments?page=2`)
    ).json();
    expect(second.data.map((c: Comment) => c.text)).toEqual(['comentário 2', 'comentário 1']);
    const asc = (
      await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}/comments?od=asc&limit=2`)
    ).json();
    expect(asc.data.map((c: Comment) => c.text)).toEqual(['comentário 1', 'comentário 2']);
    const beyond = await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}/comments?page=3`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().code).toBe('page_out_of_range');

    const mine = first.data.find((c: Comment) => c.author?.id === attendant.user.id) as Comment;
    const theirs = first.data.find((c: Comment) => c.author?.id === colleague.user.id) as Comment;
    expect(mine.editable).toBe(true);
    expect(theirs.editable).toBe(false);
    const url = (c: Comment) => `/pipeline/${pipeline.id}/item/${card.id}/comments/${c.id}`;
    expect((await call(attendant, 'PUT', url(theirs), { text: 'alterado' })).statusCode).toBe(403);
    expect((await call(attendant, 'DELETE', url(theirs))).statusCode).toBe(403);
    expect((await call(attendant, 'PUT', url(mine), { text: 'corrigido' })).json().text).toBe('corrigido');
    expect((await call(supervisor, 'DELETE', url(theirs))).statusCode).toBe(200);
    const card2: Card = (await call(attendant, 'GET', `/pipeline/${pipeline.id}/item/${card.id}`)).json();
    expect(card2.comments_count).toBe(16);
    expect(
      (await call(attendant, 'POST', `/pipeline/${pipeline.id}/item/${card.id}/comments`, { text: ' ' }))
        .statusCode,
    ).toBe(400);
  });

  it('stores attachments checked by content; only an image of the card becomes its cover', async () => {
    const card = await newCard('Com anexo');
    const upload = (data: Buffer, filename: string, type: string) =>
      injectAs(t.app, attendant, {
        method: 'POST',
        url: `/api/pipeline/${pipeline.id}/item/${card.id}/attachment`,
        ...multipartBody([{ name: 'file', filename, type, data }]),
      });
    const image = await upload(SAMPLE_PNG, 'foto.png', 'image/png');
    expect(image.statusCode, image.body).toBe(201);
    const withImage: Card = image.json();
    const text = await upload(Buffer.from('olá, mundo'), 'nota.txt', 'text/plain');
    const withBoth: Card = text.json();
    expect(withBoth.attachments_count).toBe(2);
    expect((await upload(Buffer.from([0, 1, 2, 3]), 'x.exe', 'application/octet-stream')).json().code).toBe(
      'file_type_not_allowed',
    );
    const imageId = withImage.attachments[0]!.id;
    const textId = withBoth.attachments.find((file) => file.kind === 'document')!.id;
    const cover = (id: string, method: 'POST' | 'DELETE' = 'POST') =>
      call(attendant, method, `/pipeline/${pipeline.id}/item/${card.id}/attachment/${id}/cover`);
    const refused = await cover(textId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('cover_not_image');
    const covered: Card = (await cover(imageId)).json();
    expect(covered.cover_url).toMatch(/^\/api\/pipeline-files\//);
    expect(covered.attachments.find((file) => file.id === imageId)?.cover).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: covered.cover_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await cover(imageId, 'DELETE')).json().cover_url).toBeNull();
    await cover(imageId);
    const removed = await call(
      attendant,
      'DELETE',
      `/pipeline/${pipeline.id}/item/${card.id}/attachment/${imageId}`,
    );
    expect(removed.json()).toMatchObject({ cover_url: null, attachments_count: 1 });
    expect((await t.app.inject({ method: 'GET', url: covered.cover_url! })).statusCode).toBe(404);
  });
});

describe('realtime', () => {
  it('tells the company’s pipeline room of every move, after commit', async () => {
    const watcher = await connectSocket(baseUrl, colleague.token);
    const card = await newCard('Ao vivo');
    await call(attendant, 'PUT', `/pipeline/${pipeline.id}/steps/${steps()[3]}/item/${card.id}`, {});
    const event = await watcher.next<{ card_id: string; step_id: string }>(
      'pipeline.card',
      (e) => e.card_id === card.id && e.step_id === steps()[3],
    );
    expect(event.step_id).toBe(steps()[3]);
    await call(admin, 'PUT', `/pipeline/${pipeline.id}`, {
      name: 'Vendas B2B',
      steps: pipeline.steps.map((step) => ({ id: step.id, name: step.name, final: step.final })),
    });
    await watcher.next<{ pipeline_id: string }>('pipeline.changed', (e) => e.pipeline_id === pipeline.id);
    watcher.close();
  });

  it('an archived pipeline disappears with its cards', async () => {
    const temp: Pipeline = (
      await call(admin, 'POST', '/pipeline', { name: 'Temporário', steps: [{ name: 'A' }] })
    ).json();
    expect((await call(admin, 'DELETE', `/pipeline/${temp.id}`)).statusCode).toBe(200);
    expect(
      ((await call(admin, 'GET', '/pipeline')).json().data as Pipeline[]).map((p) => p.id),
    ).not.toContain(temp.id);
  });
});

describe('the board cache', () => {
  const boardOf = async (actor: Actor, app = t.app, pipelineId = pipeline.id) => {
    const response = await injectAs(app, actor, {
      method: 'GET',
      url: `/api/pipeline/${pipelineId}/board?status=all`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Board;
  };
  const stepOf = (board: Board, cardId: string) =>
    board.data.find((step) => step.items.some((item) => item.id === cardId))?.id;
  const cardIds = (board: Board) => board.data.flatMap((step) => step.items.map((item) => item.id));

  it('a board read again after a move, a rename or a deletion shows it', async () => {
    const card = await newCard('Em cache', steps()[0], attendant, null);
    expect(stepOf(await boardOf(supervisor), card.id)).toBe(steps()[0]);
    // The same answer for everyone who sees every card.
    expect(await boardOf(admin)).toEqual(await boardOf(supervisor));
    await call(attendant, 'PUT', `/pipeline/${pipeline.id}/steps/${steps()[1]}/item/${card.id}`, {
      after_id: null,
    });
    expect(stepOf(await boardOf(supervisor), card.id)).toBe(steps()[1]);
    await call(attendant, 'PUT', `/pipeline/${pipeline.id}/steps/${steps()[1]}/item/${card.id}`, {
      name: 'Renomeado',
    });
    const renamed = (await boardOf(supervisor)).data
      .flatMap((step) => step.items)
      .find((c) => c.id === card.id);
    expect(renamed?.name).toBe('Renomeado');
    await call(supervisor, 'DELETE', `/pipeline/${pipeline.id}/item/${card.id}`);
    expect(cardIds(await boardOf(supervisor))).not.toContain(card.id);
  });

  it('never gives a viewer who may not see a customer an answer holding its card', async () => {
    const owned = await makeContact(t.database.db, admin.company, { responsibleId: colleague.user.id });
    const hidden: Card = (
      await call(colleague, 'POST', `/pipeline/${pipeline.id}/steps/${steps()[0]}/item`, {
        contact_id: owned.id,
        name: 'Só do colega',
        after_id: null,
      })
    ).json();
    expect(cardIds(await boardOf(supervisor))).toContain(hidden.id);
    expect(cardIds(await boardOf(attendant))).not.toContain(hidden.id);
    expect(cardIds(await boardOf(colleague))).toContain(hidden.id);
    expect(cardIds(await boardOf(attendant))).not.toContain(hidden.id);
    // A supervisor of another company shares nothing with this one's.
    const outsider = await makeActor(t.app, t.database.db, 'supervisor');
    const elsewhere = await injectAs(t.app, outsider, {
      method: 'GET',
      url: `/api/pipeline/${pipeline.id}/board?status=all`,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)(
    'a move through one instance shows on a board the other had kept (Redis)',
    async () => {
      // The second instance shares the database and Redis as a second process would.
      const one = await createTestApp({ env: { REDIS_URL: redisUrl! } });
      const two = await buildApp(one.config, one.database, { adapters: loopbackRegistry });
      await two.ready();
      try {
        const boss = await makeActor(one.app, one.database.db, 'admin');
        const customer = await makeContact(one.database.db, boss.company, { onQueue: true });
        const shared: Pipeline = (
          await injectAs(one.app, boss, {
            method: 'POST',
            url: '/api/pipeline',
            payload: { name: 'Distribuído', steps: [{ name: 'A' }, { name: 'B' }] },
          })
        ).json();
        const [a, b] = shared.steps.map((step) => step.id);
        const card: Card = (
          await injectAs(one.app, boss, {
            method: 'POST',
            url: `/api/pipeline/${shared.id}/steps/${a}/item`,
            payload: { contact_id: customer.id, name: 'Viajante' },
          })
        ).json();
        expect(stepOf(await boardOf(boss, two, shared.id), card.id)).toBe(a);
        const moved = await injectAs(one.app, boss, {
          method: 'PUT',
          url: `/api/pipeline/${shared.id}/steps/${b}/item/${card.id}`,
          payload: {},
        });
        expect(moved.statusCode).toBe(200);
        expect(stepOf(await boardOf(boss, two, shared.id), card.id)).toBe(b);
      } finally {
        await two.close();
        await one.close();
      }
    },
  );
});

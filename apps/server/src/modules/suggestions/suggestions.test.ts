import type { Suggestion, SuggestionPage } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let baseUrl: string;
let author: Actor;
let colleague: Actor;
let supervisor: Actor;
let admin: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  author = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', author.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', author.company);
  admin = await makeActor(t.app, t.database.db, 'admin', author.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, actor, { method, url, payload });
const suggest = async (actor: Actor, body: object) => {
  const response = await call(actor, 'POST', '/api/suggestions', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Suggestion>();
};
const page = async (actor: Actor, query = '') =>
  (await call(actor, 'GET', `/api/suggestions${query}`)).json<SuggestionPage>();
const vote = (actor: Actor, id: string, value: 'yes' | 'no') =>
  call(actor, 'POST', `/api/suggestions/${id}/vote`, { vote: value });
const moderate = (actor: Actor, id: string, body: object) =>
  call(actor, 'PUT', `/api/center/suggestions/${id}`, body);

describe('suggestions', () => {
  it('are created signed, in vote, and listed newest first with the sender', async () => {
    const created = await suggest(author, {
      title: '  Atalho para encerrar  ',
      body: 'Um atalho de teclado.',
    });
    expect(created).toMatchObject({
      title: 'Atalho para encerrar',
      body: 'Um atalho de teclado.',
      anonymous: false,
      status: 'in_vote',
      votes: { yes: 0, no: 0 },
      my_vote: null,
      sender: { id: author.user.id, name: author.user.name },
      mine: true,
      answer: null,
    });
    const listed = await page(colleague);
    expect(listed.data[0]).toMatchObject({ id: created.id, mine: false, sender: { id: author.user.id } });
  });

  it('never name the sender of an anonymous one to anybody else, administrators included', async () => {
    const secret = await suggest(author, { title: 'Sugestão anônima', body: 'Sem nome.', anonymous: true });
    expect(secret.sender).toEqual({ id: author.user.id, name: author.user.name });
    for (const reader of [colleague, supervisor, admin]) {
      const response = await call(reader, 'GET', '/api/suggestions');
      const seen = response.json<SuggestionPage>().data.find((item) => item.id === secret.id);
      expect(seen).toMatchObject({ anonymous: true, sender: null, mine: false });
      expect(JSON.stringify(seen)).not.toContain(author.user.id);
    }
    // Nor do the answers to a vote or a moderation.
    expect(JSON.stringify((await vote(colleague, secret.id, 'yes')).json())).not.toContain(author.user.id);
    const moderated = await moderate(admin, secret.id, { status: 'pending', answer: 'Vamos avaliar.' });
    expect(moderated.json()).toMatchObject({ sender: null, mine: false });
    expect(moderated.body).not.toContain(author.user.id);
  });

  it('take one vote per user, final: a second vote is refused and changes nothing', async () => {
    const idea = await suggest(author, { title: 'Modo escuro automático', body: 'Seguir o sistema.' });
    const yes = await vote(colleague, idea.id, 'yes');
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({ votes: { yes: 1, no: 0 }, my_vote: 'yes' });
    expect((await vote(supervisor, idea.id, 'no')).json()).toMatchObject({ votes: { yes: 1, no: 1 } });

    for (const again of ['yes', 'no'] as const) {
      const twice = await vote(colleague, idea.id, again);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'suggestion_already_voted',
        message: 'Você já votou nesta sugestão: o voto não pode ser alterado.',
      });
    }
    const english = await injectAs(t.app, colleague, {
      method: 'POST',
      url: `/api/suggestions/${idea.id}/vote`,
      payload: { vote: 'no' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(409);
    const listed = (await page(colleague)).data.find((item) => item.id === idea.id);
    expect(listed).toMatchObject({ votes: { yes: 1, no: 1 }, my_vote: 'yes' });
    // Each reader sees their own vote.
    expect((await page(author)).data.find((item) => item.id === idea.id)?.my_vote).toBeNull();
  });

  it('count two votes at once only once (the key settles it)', async () => {
    const idea = await suggest(author, { title: 'Votos simultâneos', body: 'Duas abas.' });
    const answers = await Promise.all([vote(admin, idea.id, 'yes'), vote(admin, idea.id, 'no')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const listed = (await page(admin)).data.find((item) => item.id === idea.id)!;
    expect(listed.votes.yes + listed.votes.no).toBe(1);
  });

  it('refuse bad input with the field named, and votes outside the vote', async () => {
    expect((await call(author, 'POST', '/api/suggestions', { title: ' ', body: 'x' })).json()).toMatchObject({
      code: 'validation_failed',
      field: 'title',
      message: 'Informe o campo “título”.',
    });
    expect((await call(author, 'POST', '/api/suggestions', { title: 'x' })).json()).toMatchObject({
      field: 'body',
    });
    expect(
      (await call(author, 'POST', '/api/suggestions', { title: 'x'.repeat(121), body: 'y' })).json(),
    ).toMatchObject({ field: 'title' });
    const idea = await suggest(author, { title: 'Votar talvez', body: 'Voto inválido.' });
    expect((await vote(colleague, idea.id, 'maybe' as 'yes')).json()).toMatchObject({ field: 'vote' });
    expect((await call(colleague, 'GET', '/api/suggestions?status=archived')).statusCode).toBe(400);
    expect((await call(colleague, 'GET', '/api/suggestions?limit=51')).statusCode).toBe(400);

    await moderate(admin, idea.id, { status: 'approved', answer: null });
    const closed = await vote(colleague, idea.id, 'yes');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'suggestion_not_in_vote' });
    expect((await page(colleague)).data.find((item) => item.id === idea.id)?.votes).toEqual({
      yes: 0,
      no: 0,
    });
  });

  it('are filtered by status, paged, and counted per status', async () => {
    const { company } = await makeActor(t.app, t.database.db, 'admin');
    const boss = await makeActor(t.app, t.database.db, 'admin', company);
    const ids: string[] = [];
    for (const title of ['Um', 'Dois', 'Três', 'Quatro']) {
      ids.push((await suggest(boss, { title, body: `Sugestão ${title}` })).id);
    }
    await moderate(boss, ids[0]!, { status: 'approved', answer: 'Sim' });
    await moderate(boss, ids[1]!, { status: 'disapproved', answer: 'Não' });
    await moderate(boss, ids[2]!, { status: 'implemented', answer: null });

    const all = await page(boss);
    expect(all.total).toBe(4);
    expect(all.counts).toEqual({ in_vote: 1, approved: 1, disapproved: 1, pending: 0, implemented: 1 });
    expect((await page(boss, '?status=in_vote')).data.map((item) => item.title)).toEqual(['Quatro']);
    expect((await page(boss, '?status=approved')).data.map((item) => item.answer)).toEqual(['Sim']);
    const disapproved = await page(boss, '?status=disapproved');
    expect(disapproved).toMatchObject({ total: 1, data: [{ title: 'Dois', status: 'disapproved' }] });
    const second = await page(boss, '?limit=3&page=2');
    expect(second).toMatchObject({ total: 4, data: [{ title: 'Um' }] });
  });
});

describe('moderation', () => {
  it('answers and moves the status for administrators; voters see the answer', async () => {
    const idea = await suggest(author, { title: 'Relatório semanal', body: 'Por e-mail.' });
    await vote(colleague, idea.id, 'yes');
    const answered = await moderate(admin, idea.id, {
      status: 'approved',
      answer: '  Entra no próximo ciclo.  ',
    });
    expect(answered.statusCode).toBe(200);
    const body = answered.json<Suggestion>();
    expect(body).toMatchObject({ status: 'approved', answer: 'Entra no próximo ciclo.' });
    expect(body.answered_at).not.toBeNull();
    const seen = (await page(colleague, '?status=approved')).data.find((item) => item.id === idea.id);
    expect(seen).toMatchObject({
      answer: 'Entra no próximo ciclo.',
      my_vote: 'yes',
      votes: { yes: 1, no: 0 },
    });

    // The same answer keeps its time; clearing it clears the time.
    const again = await moderate(admin, idea.id, {
      status: 'implemented',
      answer: 'Entra no próximo ciclo.',
    });
    expect(again.json().answered_at).toBe(body.answered_at);
    expect((await moderate(admin, idea.id, { status: 'implemented', answer: null })).json()).toMatchObject({
      answer: null,
      answered_at: null,
    });
  });

  it('is refused to attendants and supervisors, and to bad input, changing nothing', async () => {
    const idea = await suggest(author, { title: 'Sem moderação', body: 'Intocada.' });
    for (const actor of [author, colleague, supervisor]) {
      const refused = await moderate(actor, idea.id, { status: 'approved', answer: 'Eu aprovo' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await moderate(admin, idea.id, { status: 'done', answer: null })).json()).toMatchObject({
      field: 'status',
    });
    expect((await moderate(admin, idea.id, { status: 'approved', answer: '   ' })).json()).toMatchObject({
      field: 'answer',
    });
    expect((await moderate(admin, idea.id, { status: 'approved' })).statusCode).toBe(400);
    const unchanged = (await page(author)).data.find((item) => item.id === idea.id);
    expect(unchanged).toMatchObject({ status: 'in_vote', answer: null });
  });
});

describe('tenancy and realtime', () => {
  it('keeps each company to its own suggestions: listed, voted and moderated', async () => {
    const mine = await suggest(author, { title: 'Só da empresa A', body: 'Interna.' });
    expect((await page(stranger)).data.map((item) => item.id)).not.toContain(mine.id);
    expect((await vote(stranger, mine.id, 'yes')).statusCode).toBe(404);
    expect((await moderate(stranger, mine.id, { status: 'approved', answer: 'Invasão' })).statusCode).toBe(
      404,
    );
    const after = (await page(author)).data.find((item) => item.id === mine.id);
    expect(after).toMatchObject({ status: 'in_vote', votes: { yes: 0, no: 0 }, answer: null });
  });

  it('tells the company’s sockets of a new suggestion, a vote and a moderation; no other company hears', async () => {
    const watcher = await connectSocket(baseUrl, supervisor.token);
    const outsider = await connectSocket(baseUrl, stranger.token);
    try {
      const idea = await suggest(author, { title: 'Ao vivo', body: 'Eventos.' });
      await watcher.next<{ id: string }>('suggestion.changed', (event) => event.id === idea.id);
      watcher.received.length = 0;
      await vote(colleague, idea.id, 'yes');
      await watcher.next<{ id: string }>('suggestion.changed', (event) => event.id === idea.id);
      watcher.received.length = 0;
      await moderate(admin, idea.id, { status: 'pending', answer: null });
      await watcher.next<{ id: string }>('suggestion.changed', (event) => event.id === idea.id);
      // A refused vote announces nothing.
      watcher.received.length = 0;
      await vote(colleague, idea.id, 'no');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watcher.received.filter((entry) => entry.event === 'suggestion.changed')).toEqual([]);
      expect(outsider.received.filter((entry) => entry.event === 'suggestion.changed')).toEqual([]);
    } finally {
      watcher.close();
      outsider.close();
    }
  });
});

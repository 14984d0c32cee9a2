import type { CompanyMessageSearchResult } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let attendant: Actor;
let colleague: Actor;
let supervisor: Actor;
let stranger: Actor;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Messages of one contact, each `[text, minutes ago]`. */
async function write(actor: Actor, contactId: string, texts: [string, number][]) {
  await t.database.db.insert(messages).values(
    texts.map(([text, minutes]) => ({
      companyId: actor.company.id,
      contactId,
      kind: 'whatsapp' as const,
      direction: 'in' as const,
      text,
      createdAt: minutesAgo(minutes),
    })),
  );
}

const search = (actor: Actor, query: string) =>
  injectAs(t.app, actor, { method: 'GET', url: `/api/messages/search?${query}` });
const texts = async (actor: Actor, query: string) =>
  (await search(actor, query)).json<CompanyMessageSearchResult>().data.map((hit) => hit.text);

// The default windows hold this company's few messages; windows of 2 reach every step: the windows read in
// order, then the older messages through the indexes alone, a page and its cursor spanning them.
describe.each([
  ['windows holding every message', undefined],
  ['windows of 2 messages', [2, 2]],
])('message search across the company (%s)', (_name, searchWindows) => {
  beforeAll(async () => {
    t = await createTestApp({ searchWindows });
    attendant = await makeActor(t.app, t.database.db, 'attendant');
    colleague = await makeActor(t.app, t.database.db, 'attendant', attendant.company);
    supervisor = await makeActor(t.app, t.database.db, 'supervisor', attendant.company);
    stranger = await makeActor(t.app, t.database.db, 'supervisor');
    const mine = await makeContact(t.database.db, attendant.company, {
      name: 'Ana Souza',
      responsibleId: attendant.user.id,
    });
    const queued = await makeContact(t.database.db, attendant.company, { name: 'Bruno Lima' });
    const theirs = await makeContact(t.database.db, attendant.company, {
      name: 'Carla Dias',
      responsibleId: colleague.user.id,
    });
    const foreign = await makeContact(t.database.db, stranger.company, { name: 'Outra Empresa' });
    await write(attendant, mine.id, [
      ['Fiz os pagamentos ontem', 50],
      ['A AÇÃO foi registrada', 40],
      ['Qual o prazo do pagamento?', 10],
    ]);
    await write(attendant, queued.id, [['Meu pagamento não caiu', 30]]);
    await write(attendant, theirs.id, [['Pagamento do colega', 20]]);
    await write(stranger, foreign.id, [['Pagamento de outra empresa', 5]]);
  });
  afterAll(() => t.close());

  it('finds fragments ignoring case and accents and Portuguese word forms, newest first, with the contact', async () => {
    const response = await search(supervisor, 'term=pagamento');
    expect(response.statusCode).toBe(200);
    const body = response.json<CompanyMessageSearchResult>();
    expect(body.data.map((hit) => [hit.text, hit.contact.name])).toEqual([
      ['Qual o prazo do pagamento?', 'Ana Souza'],
      ['Pagamento do colega', 'Carla Dias'],
      ['Meu pagamento não caiu', 'Bruno Lima'],
      ['Fiz os pagamentos ontem', 'Ana Souza'],
    ]);
    expect(body.data[0]).toMatchObject({ direction: 'in', channel: { type: 'whatsapp' }, subject: null });
    expect(body.has_more).toBe(false);
    expect(await texts(supervisor, 'term=acao')).toEqual(['A AÇÃO foi registrada']);
    expect(await texts(supervisor, 'term=REGISTRADA')).toEqual(['A AÇÃO foi registrada']);
    expect(await texts(supervisor, 'term=pagamentos')).toContain('Qual o prazo do pagamento?');
    expect(await texts(supervisor, `term=${encodeURIComponent('100%')}`)).toEqual([]);
  });

  it("shows an attendant their own contacts and the unassigned queue, never a colleague's", async () => {
    expect(await texts(attendant, 'term=pagamento')).toEqual([
      'Qual o prazo do pagamento?',
      'Meu pagamento não caiu',
      'Fiz os pagamentos ontem',
    ]);
  });

  it("never returns another company's messages", async () => {
    expect(await texts(stranger, 'term=pagamento')).toEqual(['Pagamento de outra empresa']);
    expect(await texts(supervisor, 'term=outra')).toEqual([]);
  });

  it('pages newest first from the last match shown, without repeating or skipping one', async () => {
    const first = (await search(supervisor, 'term=pagamento&limit=3')).json<CompanyMessageSearchResult>();
    expect(first.data).toHaveLength(3);
    expect(first.has_more).toBe(true);
    const last = first.data.at(-1)!;
    const next = (
      await search(
        supervisor,
        `term=pagamento&limit=3&before_created_at=${encodeURIComponent(last.created_at)}&before_id=${last.id}`,
      )
    ).json<CompanyMessageSearchResult>();
    expect(next.data.map((hit) => hit.text)).toEqual(['Fiz os pagamentos ontem']);
    expect(next.has_more).toBe(false);
  });

  it('walks every match a page of one at a time, the same as one page of all', async () => {
    const walked: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const body = (
        await search(attendant, `term=pagamento&limit=1${cursor}`)
      ).json<CompanyMessageSearchResult>();
      walked.push(...body.data.map((hit) => hit.text));
      if (!body.has_more) break;
      const last = body.data.at(-1)!;
      cursor = `&before_created_at=${encodeURIComponent(last.created_at)}&before_id=${last.id}`;
    }
    expect(walked).toEqual(await texts(attendant, 'term=pagamento'));
    expect(walked).toHaveLength(3);
  });

  it('finds messages written after the last search, newer and older than the windows it shared', async () => {
    const contact = await makeContact(t.database.db, attendant.company, { name: 'Davi Reis' });
    await write(attendant, contact.id, [['Reembolso pedido', 15]]);
    expect(await texts(supervisor, 'term=reembolso')).toEqual(['Reembolso pedido']);
    await write(attendant, contact.id, [
      ['Reembolso aprovado', 1],
      ['Reembolso antigo', 500],
    ]);
    expect(await texts(supervisor, 'term=reembolso')).toEqual([
      'Reembolso aprovado',
      'Reembolso pedido',
      'Reembolso antigo',
    ]);
  });

  it('refuses a term under three characters with the translated message, and a page over the maximum', async () => {
    const short = await search(attendant, 'term=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      field: 'term',
      message: 'O termo de pesquisa deve conter 3 caractéres ou mais.',
    });
    expect((await search(attendant, 'term=pagamento&limit=51')).statusCode).toBe(400);
  });
});

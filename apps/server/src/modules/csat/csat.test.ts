import type { ConversationCsat } from '@atende/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChannels, csatRequests, messages } from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let me: Actor;
let admin: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeActor(t.app, t.database.db, 'attendant');
  admin = await makeActor(t.app, t.database.db, 'admin', me.company);
  stranger = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const smsContact = () =>
  makeContact(t.database.db, me.company, {
    responsibleId: me.user.id,
    channel: { kind: 'sms', address: `+5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` },
  });
const resolve = async (contactId: string) => {
  const resolved = await injectAs(t.app, me, {
    method: 'POST',
    url: `/api/conversation/${contactId}/resolve`,
    payload: {},
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
};
const csatOf = async (actor: Actor, contactId: string) =>
  injectAs(t.app, actor, { method: 'GET', url: `/api/conversations/${contactId}/csat` });
const requests = (contactId: string) =>
  t.database.db.select().from(csatRequests).where(eq(csatRequests.contactId, contactId));
/** Waits until every request job of the contact ran (done or decided against). */
const jobsDone = async (contactId: string, count = 1) => {
  for (let i = 0; i < 150; i++) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'csat.request'
            and data->>'contactId' = ${contactId} and state = 'completed'`,
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('csat job never completed');
};
const messagesOf = (contactId: string) =>
  t.database.db.select().from(messages).where(eq(messages.contactId, contactId));

describe('a resolved conversation asks its customer for a rating', () => {
  it('sends one request with a link, once, however often the conversation is resolved', async () => {
    const contact = await smsContact();
    await resolve(contact.id);
    await jobsDone(contact.id);
    const [request] = await requests(contact.id);
    expect(request).toMatchObject({ rating: null, answeredAt: null, companyId: me.company.id });
    const sent = (await messagesOf(contact.id)).filter((message) => message.direction === 'out');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`/s/${request!.token}`);
    expect(sent[0]!.text).toContain('Como você avalia nosso atendimento?');
    // Kinds without a native form get the link alone, no choices for the adapter.
    expect(sent[0]!.choices).toBeNull();

    const asked = await csatOf(me, contact.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<ConversationCsat>().csat).toMatchObject({ contact_id: contact.id, rating: null });

    await injectAs(t.app, me, { method: 'POST', url: `/api/conversation/${contact.id}/reopen` });
    await resolve(contact.id);
    await jobsDone(contact.id, 2);
    expect(await requests(contact.id)).toHaveLength(1);
    expect((await messagesOf(contact.id)).filter((message) => message.direction === 'out')).toHaveLength(1);
  });

  it('never asks over a blacklisted channel', async () => {
    const contact = await smsContact();
    await t.database.db
      .update(contactChannels)
      .set({ blacklisted: true })
      .where(and(eq(contactChannels.contactId, contact.id), eq(contactChannels.companyId, me.company.id)));
    await resolve(contact.id);
    await jobsDone(contact.id);
    expect(await requests(contact.id)).toHaveLength(0);
    expect((await csatOf(me, contact.id)).json<ConversationCsat>()).toEqual({ csat: null });
  });

  it('asks nobody while the company has CSAT off', async () => {
    const off = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/center/company',
      payload: { csat_enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const contact = await smsContact();
    await resolve(contact.id);
    await jobsDone(contact.id);
    expect(await requests(contact.id)).toHaveLength(0);
    await injectAs(t.app, admin, {
      method: 'PATCH',
      url: '/api/center/company',
      payload: { csat_enabled: true },
    });
  });

  it('another company never reads a conversation’s rating', async () => {
    const contact = await smsContact();
    expect((await csatOf(stranger, contact.id)).statusCode).toBe(404);
  });
});

describe('the public page answers once', () => {
  const asked = async () => {
    const contact = await smsContact();
    await resolve(contact.id);
    await jobsDone(contact.id);
    const [request] = await requests(contact.id);
    return { contact, token: request!.token };
  };
  const form = (url: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('shows the form, refuses a rating out of range, records the answer and refuses a second one', async () => {
    const { contact, token } = await asked();
    const page = await t.app.inject({ method: 'GET', url: `/s/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="pt-BR"');
    expect(page.body).toContain('Como você avalia o atendimento que recebeu?');
    expect(page.body.match(/type="radio" name="rating"/g)).toHaveLength(5);

    const outOfRange = await form(`/s/${token}`, 'rating=6&comment=');
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.body).toContain('Escolha uma nota de 1 a 5.');
    expect((await requests(contact.id))[0]!.rating).toBeNull();

    const answered = await form(
      `/s/${token}`,
      `rating=4&comment=${encodeURIComponent('Rápido & gentil <3')}`,
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('Obrigado pela sua avaliação!');
    const csat = (await csatOf(me, contact.id)).json<ConversationCsat>().csat;
    expect(csat).toMatchObject({ rating: 4, comment: 'Rápido & gentil <3' });
    expect(csat!.answered_at).not.toBeNull();

    const again = await form(`/s/${token}`, 'rating=1');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Você já avaliou este atendimento.');
    expect((await csatOf(me, contact.id)).json<ConversationCsat>().csat).toMatchObject({ rating: 4 });
    expect((await t.app.inject({ method: 'GET', url: `/s/${token}` })).body).toContain('Você já avaliou');
  });

  it('refuses unknown and expired links with a translated page', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { 'accept-language': 'en' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This rating link is invalid or has expired.');
    const malformed = await form('/s/%3Cscript%3E', 'rating=3');
    expect(malformed.statusCode).toBe(404);

    const { contact, token } = await asked();
    await t.database.db
      .update(csatRequests)
      .set({ requestedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(csatRequests.contactId, contact.id));
    const expired = await form(`/s/${token}`, 'rating=5');
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('Este link de avaliação é inválido ou expirou.');
    expect((await requests(contact.id))[0]!.rating).toBeNull();
  });

  it('the widget’s JSON answer validates the rating and answers once', async () => {
    const { contact, token } = await asked();
    const url = `/api/widget/csat/${token}`;
    expect((await t.app.inject({ method: 'POST', url, payload: { rating: 0 } })).statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url, payload: { rating: 5, comment: 'Ótimo' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ token, rating: 5 });
    const twice = await t.app.inject({ method: 'POST', url, payload: { rating: 2 } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'csat_already_answered' });
    expect((await csatOf(me, contact.id)).json<ConversationCsat>().csat).toMatchObject({
      rating: 5,
      comment: 'Ótimo',
    });
  });
});

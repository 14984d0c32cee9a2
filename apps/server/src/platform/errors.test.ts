import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeCompany, makeUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup(app) {
      app.get('/api/test/boom', { config: { public: true } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
    },
  });
});
afterAll(() => t.close());

const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
const login = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('error responses', () => {
  it('malformed JSON answers 400 invalid_json and writes nothing', async () => {
    const before = await sessionCount();
    const response = await login('{"company": "demo", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_json',
      message: 'O conteúdo enviado não é um JSON válido.',
    });
    expect(await sessionCount()).toBe(before);
  });

  it('a body over 1 MB answers 400 body_too_large and writes nothing', async () => {
    const company = await makeCompany(t.database.db);
    const user = await makeUser(t.database.db, company);
    const before = await sessionCount();
    const payload = JSON.stringify({
      company: company.slug,
      username: user.username,
      password: TEST_PASSWORD,
      pad: 'x'.repeat(1_100_000),
    });
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'body_too_large' });
    expect(response.json().message).toContain('1 MB');
    expect(await sessionCount()).toBe(before);
  });

  it('wrong types answer 400 naming the field', async () => {
    const response = await login(JSON.stringify({ company: 12, username: 'a', password: 'b' }));
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'company',
      message: 'O campo “empresa” tem um tipo de valor inválido.',
    });
  });

  it('a request without a body answers a validation error, not a crash', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it.each([
    ['en-US,en;q=0.9', 'The “username” field is required.'],
    ['es-AR', 'Complete el campo “usuario”.'],
    ['fr', 'Le champ « identifiant » est obligatoire.'],
    ['pt-PT', 'Preencha o campo “utilizador”.'],
    ['de-DE,pt-BR;q=0.5', 'Informe o campo “usuário”.'],
    ['ja', 'Informe o campo “usuário”.'],
  ])('messages follow Accept-Language %s', async (language, message) => {
    const response = await login(JSON.stringify({ company: 'x', password: 'y' }), {
      'accept-language': language,
    });
    expect(response.json().message).toBe(message);
  });

  it('unknown API paths answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'route_not_found', message: 'Endereço não encontrado.' });
  });

  it('a server error hides its details', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal_error', message: 'Oops. Something went wrong...' });
    expect(response.body).not.toContain('secret');
  });

  it('every response carries a request id, echoing a valid incoming one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(echoed.headers['x-request-id']).toBe('req-12345678');
    const generated = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// Text that PostgreSQL refuses (NUL) or cannot keep (a lone UTF-16 surrogate) is a 400 validation error at every
// named text field, never a 500; text is stored in NFC, and a message of only invisible characters is refused as
// empty (issue 19, finding 2). The property test (fuzz-openapi.test.ts) covers the rest of the API.
import { ChatVisitor, WidgetError } from '@atende/simulators/chat-visitor';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import {
  injectAs,
  makeActor,
  makeChatWidget,
  makeContact,
  multipartBody,
  SAMPLE_PNG,
  type Actor,
} from './factories.ts';

let t: TestApp;
let baseUrl: string;
let admin: Actor;
let contactId: string;
let threadId: string;
const visitors: ChatVisitor[] = [];

/** JSON with a lone surrogate spelled as an escape: JSON.parse gives the server the broken string itself. */
const LONE_SURROGATE = 'ab\\ud800c';

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  contactId = (await makeContact(t.database.db, admin.company, { onQueue: true })).id;
  const thread = await injectAs(t.app, admin, {
    method: 'POST',
    url: `/api/conversation/${contactId}/threads`,
    payload: { name: 'Tópico' },
  });
  threadId = thread.json<{ id: string }>().id;
  await makeChatWidget(t.database.db, admin.company.id, 'text-rules', {
    credentials: t.app.deps.credentials.seal({ identity_secret: 'secret' }),
  });
});
afterAll(async () => {
  for (const one of visitors) one.disconnect();
  await t.close();
});

/** A JSON body with `field` set to `raw`, spliced in unparsed so escapes like \ud800 reach the server. */
const bodyWith = (body: Record<string, unknown>, field: string, raw: string) =>
  JSON.stringify({ ...body, [field]: '§' }).replace('"§"', `"${raw}"`);

const jsonRequest = (
  method: 'POST' | 'PUT',
  url: string,
  field: string,
  body: Record<string, unknown> = {},
) => {
  return (raw: string): InjectOptions => ({
    method,
    url,
    payload: bodyWith(body, field, raw),
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
  });
};

const bodies = [
  {
    name: 'message text',
    field: 'text',
    request: jsonRequest('POST', '/api/conversation/:contact/messages', 'text'),
  },
  {
    name: 'new contact name',
    field: 'name',
    request: jsonRequest('POST', '/api/conversations', 'name', {
      channel: { type: 'whatsapp', address: '5511987650000' },
    }),
  },
  { name: 'contact name', field: 'name', request: jsonRequest('POST', '/api/conversation/:contact', 'name') },
  {
    name: 'thread name',
    field: 'name',
    request: jsonRequest('POST', '/api/conversation/:contact/threads', 'name'),
  },
  {
    name: 'thread message',
    field: 'text',
    request: jsonRequest('POST', '/api/conversation/:contact/threads/:thread/messages', 'text'),
  },
  { name: 'phrase', field: 'text', request: jsonRequest('POST', '/api/v2/phrases', 'text') },
  { name: 'user name', field: 'name', request: jsonRequest('POST', '/api/user', 'name') },
  {
    name: 'contact search',
    field: 'value',
    request: jsonRequest('POST', '/api/conversations/search', 'value', { parameter: 'name' }),
  },
];

// A query string cannot carry a lone surrogate (its percent-decoding makes it U+FFFD), but it carries NUL.
const queries = [
  { name: 'message search', url: '/api/messages/search', field: 'term' },
  { name: 'phrase search', url: '/api/v2/phrases', field: 'search' },
  { name: 'responsible search', url: '/api/responsibles', field: 'search' },
];

const send = (request: InjectOptions) =>
  injectAs(t.app, admin, {
    ...request,
    url: String(request.url).replace(':contact', contactId).replace(':thread', threadId),
  });

describe('text fields (issue 19, finding 2)', () => {
  describe.each(bodies)('$name', ({ field, request }) => {
    it('refuses a NUL character with a 400 naming the field', async () => {
      const response = await send(request('ab\\u0000cd'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        field,
        message: expect.stringContaining('characters that are not allowed'),
      });
    });

    it('refuses a lone surrogate with a 400', async () => {
      const response = await send(request(LONE_SURROGATE));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', field });
    });
  });

  it.each(queries)('$name refuses a NUL character with a 400 naming the field', async ({ url, field }) => {
    const response = await send({
      method: 'GET',
      url: `${url}?${field}=abc%00def`,
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', field });
  });

  it('refuses a NUL in the caption of a file send (multipart fields follow the same rule)', async () => {
    const body = multipartBody([
      { name: 'file', filename: 'foto.png', type: 'image/png', data: SAMPLE_PNG },
      { name: 'caption', value: 'foto\u0000' },
    ]);
    const response = await send({ method: 'POST', url: '/api/conversation/:contact/file', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', field: 'caption' });
  });

  it('refuses a list cursor whose text key holds a NUL: a tampered cursor is invalid_cursor, never SQL', async () => {
    // JSON escapes, as a forged cursor would spell them.
    for (const name of ['a\\u0000b', 'a\\ud800b']) {
      const cursor = Buffer.from(`["${name}","${contactId}"]`).toString('base64url');
      const response = await send({ method: 'GET', url: `/api/contacts?order=name&cursor=${cursor}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_cursor' });
    }
  });

  it('stores text in NFC: a decomposed é arrives composed', async () => {
    const response = await send(
      jsonRequest('POST', '/api/conversation/:contact/messages', 'text')('Caf\\u0065\\u0301'),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.id, response.json<{ id: string }>().id));
    expect(row?.text).toBe('Caf\u00e9');
  });

  it('refuses a message of only whitespace and zero-width characters as empty', async () => {
    const invisible = '\\u200b \\u200c\\u200d\\u2060\\ufeff\\u00a0';
    for (const request of [
      jsonRequest('POST', '/api/conversation/:contact/messages', 'text'),
      jsonRequest('POST', '/api/conversation/:contact/threads/:thread/messages', 'text'),
    ]) {
      const response = await send(request(invisible));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'message_empty', field: 'text' });
    }
    // Names of only invisible characters are as empty as no name.
    const name = await send(jsonRequest('POST', '/api/conversation/:contact/threads', 'name')(invisible));
    expect(name.statusCode).toBe(400);
    expect(name.json()).toMatchObject({ code: 'validation_failed', field: 'name' });
  });

  it("refuses the widget's message.send with NUL, a lone surrogate or only invisible text", async () => {
    const browser = new ChatVisitor({ baseUrl, widgetKey: 'text-rules', language: 'en' });
    visitors.push(browser);
    await browser.start({ name: 'Ana' });
    await browser.connect();
    const refusal = (text: string) =>
      browser.send(text).then(
        () => null,
        (error: unknown) => (error instanceof WidgetError ? error.code : String(error)),
      );
    expect(await refusal('oi\u0000')).toBe('validation_failed');
    expect(await refusal('oi\ud800')).toBe('validation_failed');
    expect(await refusal('\u200b\u200d\ufeff ')).toBe('message_empty');
    expect((await browser.send('Cafe\u0301')).text).toBe('Caf\u00e9');
  });
});

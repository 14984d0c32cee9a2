// The AI area through the real app and database, against the OpenAI-compatible simulator: streamed suggestions
// with this conversation's messages as context, the monthly limit per company, the provider's refusals and
// silence, the embedded spelling fix without a provider, transcription stored and found by search, tenancy.
import type { AiSettings, EnhancementEvent, Message } from '@atende/contract';
import { startOpenAiSimulator, type OpenAiSimulator } from '@atende/simulators/openai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiProviders, attachments, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, SAMPLE_OGG_OPUS, type Actor } from '../../../test/factories.ts';

let t: TestApp;
let sim: OpenAiSimulator;
let admin: Actor;
let me: Actor;
let stranger: Actor;
let strangerAdmin: Actor;
let contactId: string;

beforeAll(async () => {
  sim = await startOpenAiSimulator();
  t = await createTestApp({ env: { AI_TIMEOUT_MS: '600', PROVIDER_PRIVATE_ADDRESSES: 'allow' } });
  admin = await makeActor(t.app, t.database.db, 'admin');
  me = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  stranger = await makeActor(t.app, t.database.db, 'attendant');
  strangerAdmin = await makeActor(t.app, t.database.db, 'admin', stranger.company);
  contactId = (await makeContact(t.database.db, admin.company, { onQueue: true })).id;
  await t.database.db.insert(messages).values([
    {
      companyId: admin.company.id,
      contactId,
      kind: 'whatsapp',
      direction: 'in',
      text: 'Hola, ¿dónde está mi pedido?',
    },
    {
      companyId: admin.company.id,
      contactId,
      kind: 'whatsapp',
      direction: 'out',
      text: 'Nota interna: cliente difícil',
      internal: true,
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const configure = (actor: Actor, overrides: object = {}) =>
  injectAs(t.app, actor, {
    method: 'PUT',
    url: '/api/center/ai',
    payload: {
      base_url: sim.baseUrl,
      api_key: sim.apiKey,
      chat_model: 'gpt-4o-mini',
      transcription_model: 'whisper-1',
      monthly_limit: null,
      log_requests: true,
      ...overrides,
    },
  });

const enhance = (actor: Actor, payload: object, contact = contactId, language = 'pt-BR') =>
  injectAs(t.app, actor, {
    method: 'POST',
    url: `/api/conversation/${contact}/content-enhancement`,
    headers: { 'accept-language': language },
    payload: { channel: 'whatsapp', ...payload },
  });

const eventsOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as EnhancementEvent);
const suggestion = (body: string) =>
  eventsOf(body)
    .map((event) => (event.type === 'delta' ? event.text : ''))
    .join('');

describe('without a provider: the embedded spelling fix', () => {
  it('corrects Brazilian Portuguese and English drafts and tidies spaces, punctuation and capitals', async () => {
    const status = await injectAs(t.app, me, { method: 'GET', url: '/api/ai/status' });
    expect(status.json()).toEqual({ provider: false, transcription: false });

    const pt = await enhance(me, {
      action: 'fix',
      text: 'voce  recebeu o pedido ,concerteza chega amanhã ?obrigado',
      language: 'pt_br',
    });
    expect(pt.statusCode).toBe(200);
    expect(pt.headers['content-type']).toContain('application/x-ndjson');
    expect(eventsOf(pt.body).at(-1)).toEqual({ type: 'done', mode: 'spelling_only' });
    expect(suggestion(pt.body)).toBe('Você recebeu o pedido, com certeza chega amanhã? Obrigado');

    const en = await enhance(me, {
      action: 'fix',
      text: 'i  will recieve   it tomorow . thanks',
      language: 'en',
    });
    expect(suggestion(en.body)).toBe('I will receive it tomorrow. Thanks');
    // Links and placeholders are kept as typed.
    const kept = await enhance(me, {
      action: 'fix',
      text: 'see https://exmple.com/Pedio?x=1 {{first_name}}',
      language: 'en',
    });
    expect(suggestion(kept.body)).toBe('See https://exmple.com/Pedio?x=1 {{first_name}}');
  });

  it('says that every other action needs a provider, and transcription too', async () => {
    const formal = await enhance(me, { action: 'formal', text: 'oi' });
    expect(formal.statusCode).toBe(400);
    expect(formal.json()).toMatchObject({ code: 'ai_provider_not_configured' });
    expect(formal.json().message).toContain('provedor de IA');
  });
});

describe('bad drafts', () => {
  it('refuses an empty draft or one over the channel’s limit, translated', async () => {
    const empty = await enhance(me, { action: 'fix', text: '   ' }, contactId, 'en');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      code: 'enhancement_text_empty',
      message: 'Write the message text before asking for an improvement.',
    });
    const long = await enhance(me, { action: 'fix', text: 'a'.repeat(1001), channel: 'instagram_direct' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'enhancement_text_too_long' });
    expect(long.json().message).toContain('1000');
  });

  it('reaches no conversation of another company', async () => {
    const other = await enhance(stranger, { action: 'fix', text: 'oi' });
    expect(other.statusCode).toBe(404);
  });
});

describe('with the simulator as provider', () => {
  it('is configured by administrators only; the key is sealed and never given back', async () => {
    expect((await configure(me)).statusCode).toBe(403);
    const first = await configure(admin, { api_key: undefined });
    expect(first.json()).toMatchObject({ code: 'ai_key_required' });
    const saved = await configure(admin);
    expect(saved.statusCode).toBe(200);
    const settings: AiSettings = saved.json();
    expect(settings.provider).toEqual({
      base_url: sim.baseUrl,
      has_key: true,
      chat_model: 'gpt-4o-mini',
      transcription_model: 'whisper-1',
      monthly_limit: null,
      log_requests: true,
    });
    expect(JSON.stringify(settings)).not.toContain(sim.apiKey);
    const [row] = await t.database.db
      .select()
      .from(aiProviders)
      .where(eq(aiProviders.companyId, admin.company.id));
    expect(row!.credentials).not.toContain(sim.apiKey);
    // Saving again without a key keeps it.
    expect((await configure(admin, { api_key: '' })).statusCode).toBe(200);
    const test = await injectAs(t.app, admin, { method: 'POST', url: '/api/center/ai/test' });
    expect(test.json()).toEqual({ ok: true, models: 1 });
    // Another company's administrator sees none of it.
    expect(
      (await injectAs(t.app, strangerAdmin, { method: 'GET', url: '/api/center/ai' })).json().provider,
    ).toBe(null);
  });

  it('streams the suggestion, with this conversation’s public messages alone as context', async () => {
    sim.answerWith(() => 'Prezado cliente, seu pedido já foi enviado.');
    const before = sim.calls.length;
    const response = await enhance(me, { action: 'formal', text: 'oi, seu pedido ja foi' });
    expect(response.statusCode).toBe(200);
    const events = eventsOf(response.body);
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(3);
    expect(events.at(-1)).toEqual({ type: 'done', mode: 'provider' });
    expect(suggestion(response.body)).toBe('Prezado cliente, seu pedido já foi enviado.');

    const call = sim.calls.slice(before).find((c) => c.path === '/v1/chat/completions')!;
    const body = call.body as {
      stream: boolean;
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ stream: true, model: 'gpt-4o-mini' });
    const sent = JSON.stringify(body.messages);
    expect(sent).toContain('Hola, ¿dónde está mi pedido?');
    expect(sent).not.toContain('Nota interna');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'oi, seu pedido ja foi' });
  });

  it('translates a provider’s refusal or silence into a clear message and counts the request', async () => {
    sim.failNext('unauthorized');
    const refused = await enhance(me, { action: 'clearer', text: 'teste' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'ai_provider_unauthorized' });

    sim.failNext('rate_limit');
    const limited = await enhance(me, { action: 'clearer', text: 'teste' }, contactId, 'en');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json().message).toBe('The AI provider is limiting requests. Try again in 1 second.');

    sim.failNext('server_error');
    expect((await enhance(me, { action: 'clearer', text: 'teste' })).json()).toMatchObject({
      code: 'ai_provider_failed',
    });

    sim.failNext('hang');
    const silent = await enhance(me, { action: 'clearer', text: 'teste' });
    expect(silent.statusCode).toBe(504);
    expect(silent.json()).toMatchObject({ code: 'ai_provider_timeout' });

    const settings: AiSettings = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/ai' })
    ).json();
    expect(settings.usage.by_user).toEqual([{ user_id: me.user.id, name: me.user.name, requests: 5 }]);
    expect(settings.log.slice(0, 4).map((entry) => entry.outcome)).toEqual([
      'ai_provider_timeout',
      'ai_provider_failed',
      'ai_provider_rate_limited',
      'ai_provider_unauthorized',
    ]);
    expect(settings.log.at(-1)).toMatchObject({ action: 'formal', outcome: 'ok', input_size: 21 });
    expect(JSON.stringify(settings.log)).not.toContain('teste');
  });

  it('holds the company to its monthly limit, without touching another company’s', async () => {
    await configure(admin, { monthly_limit: 6 });
    expect((await enhance(me, { action: 'shorter', text: 'um texto' })).statusCode).toBe(200);
    const over = await enhance(me, { action: 'shorter', text: 'um texto' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'ai_monthly_limit_reached' });
    expect(over.json().message).toContain('6');
    const settings: AiSettings = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/ai' })
    ).json();
    expect(settings.usage.requests).toBe(6);
    await configure(admin, { monthly_limit: null });
  });
});

describe('transcription', () => {
  async function receivedAudio(data: Buffer, contentType = 'audio/ogg') {
    const [message] = await t.database.db
      .insert(messages)
      .values({ companyId: admin.company.id, contactId, kind: 'whatsapp', direction: 'in', text: '' })
      .returning();
    const storageKey = `test/${message!.id}.ogg`;
    await t.app.deps.storage.put(storageKey, data);
    await t.database.db.insert(attachments).values({
      companyId: admin.company.id,
      messageId: message!.id,
      kind: 'audio',
      storageKey,
      filename: 'voz.ogg',
      contentType,
      size: data.length,
      sha256: 'x',
    });
    return message!.id;
  }
  const transcribe = (actor: Actor, messageId: string) =>
    injectAs(t.app, actor, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/${messageId}/transcribe`,
    });

  it('stores the provider’s text with the message, and message search finds it', async () => {
    sim.transcribeAs('Quero trocar o endereço de entrega para a Rua das Palmeiras.');
    const messageId = await receivedAudio(SAMPLE_OGG_OPUS);
    const response = await transcribe(me, messageId);
    expect(response.statusCode).toBe(200);
    const message: Message = response.json();
    expect(message.transcription).toBe('Quero trocar o endereço de entrega para a Rua das Palmeiras.');
    const call = sim.calls.at(-1)!;
    expect(call.path).toBe('/v1/audio/transcriptions');
    expect(call.headers['content-type']).toContain('multipart/form-data');

    const found = await injectAs(t.app, me, {
      method: 'GET',
      url: `/api/conversation/${contactId}/messages/search?term=palmeiras`,
    });
    expect(found.json().data.map((m: Message) => m.id)).toContain(messageId);
    const companyWide = await injectAs(t.app, me, {
      method: 'GET',
      url: '/api/messages/search?term=endereco',
    });
    expect(JSON.stringify(companyWide.json())).toContain(messageId);
  });

  it('refuses a message that is not audio, audio too large, and another company’s message', async () => {
    const [text] = await t.database.db
      .insert(messages)
      .values({ companyId: admin.company.id, contactId, kind: 'whatsapp', direction: 'in', text: 'oi' })
      .returning();
    const notAudio = await transcribe(me, text!.id);
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json()).toMatchObject({ code: 'not_audio' });

    const fake = await receivedAudio(Buffer.from('not audio'), 'application/pdf');
    expect((await transcribe(me, fake)).json()).toMatchObject({ code: 'not_audio' });

    const big = await receivedAudio(SAMPLE_OGG_OPUS);
    await t.database.db
      .update(attachments)
      .set({ size: 26 * 1024 * 1024 })
      .where(eq(attachments.messageId, big));
    const tooBig = await transcribe(me, big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'audio_too_long' });

    const audio = await receivedAudio(SAMPLE_OGG_OPUS);
    expect((await transcribe(stranger, audio)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, audio));
    expect(row!.transcription).toBeNull();
  });

  it('says transcription needs a provider once the provider is removed', async () => {
    const audio = await receivedAudio(SAMPLE_OGG_OPUS);
    await injectAs(t.app, admin, { method: 'DELETE', url: '/api/center/ai' });
    const refused = await transcribe(me, audio);
    expect(refused.json()).toMatchObject({ code: 'transcription_not_configured' });
  });
});

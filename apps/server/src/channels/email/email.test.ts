// E-mail end to end against real servers: Dovecot (IMAP, mail appended as a delivery would) and an SMTP sink.
// An administrator connects the mailbox in the Center, a customer's mail becomes a message, the attendant's
// reply leaves threaded, the customer's answer lands in the same conversation, and a restart in the middle
// loses and duplicates nothing.
import { startDovecot, startSmtpSink, type Dovecot, type SmtpSink } from '@atende/simulators/email';
import type { CenterChannelAccount, ContactSummary, ItemsPage, Message } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  injectAs,
  makeActor,
  makeUser,
  loginAs,
  multipartBody,
  SAMPLE_PNG,
  type Actor,
} from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { channelAccounts, messages } from '../../db/schema/index.ts';
import { CHANNEL_ADAPTERS } from '../index.ts';
import { createAdapterRegistry } from '../registry.ts';

const MAILBOX = { user: 'suporte@acme.test', password: 'imap-secret' };
const SMTP = { user: 'suporte@acme.test', password: 'smtp-secret' };
// Polling far slower than the test: mail must arrive through IDLE's EXISTS notices.
const TIMING = { sweepMs: 200, pollMs: 60_000 };

let dovecot: Dovecot;
let sink: SmtpSink;
let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let account: CenterChannelAccount;

const realEmail = () => ({ adapters: createAdapterRegistry(CHANNEL_ADAPTERS), connectors: TIMING });

function mail(headers: Record<string, string>, body: string): string {
  const lines = Object.entries({ Date: new Date().toUTCString(), 'MIME-Version': '1.0', ...headers }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  return `${lines.join('\r\n')}\r\n\r\n${body.replace(/\n/g, '\r\n')}`;
}

const customerMail = (
  id: string,
  extra: Record<string, string> = {},
  from = 'Maria Souza <maria@cliente.test>',
) =>
  mail(
    {
      From: from,
      To: 'Suporte ACME <suporte@acme.test>',
      Subject: 'Pedido 123 atrasado',
      'Message-ID': id,
      'Content-Type': 'multipart/mixed; boundary="b1"',
      ...extra,
    },
    [
      '--b1',
      'Content-Type: multipart/alternative; boundary="b2"',
      '',
      '--b2',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Olá, meu pedido 123 não chegou.',
      '--b2',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Olá, meu <b>pedido 123</b> não chegou.</p><script>alert(1)</script><img src="https://tracker.test/p.gif">',
      '--b2--',
      '--b1',
      'Content-Type: image/png; name="foto.png"',
      'Content-Disposition: attachment; filename="foto.png"',
      'Content-Transfer-Encoding: base64',
      '',
      SAMPLE_PNG.toString('base64'),
      '--b1--',
      '',
    ].join('\n'),
  );

async function eventually<T>(
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const emailMessages = () =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, admin.company.id), eq(messages.kind, 'email')));

async function items(contactId: string): Promise<Message[]> {
  const page = (
    await injectAs(app, admin, { url: `/api/conversation/${contactId}/items` })
  ).json<ItemsPage>();
  return page.data.flatMap((item) => (item.type === 'message' ? [item.message] : []));
}

beforeAll(async () => {
  [dovecot, sink] = await Promise.all([startDovecot([MAILBOX]), startSmtpSink(SMTP)]);
  t = await createTestApp({ ...realEmail(), env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
  app = t.app;
  admin = await makeActor(app, t.database.db, 'admin');
}, 30_000);

afterAll(async () => {
  await app.close();
  await t.close();
  await Promise.all([dovecot?.stop(), sink?.stop()]);
});

describe('e-mail channel', () => {
  it('is connected by an administrator, secrets stored sealed, and its connection tested', async () => {
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/center/channels',
      payload: {
        kind: 'email',
        name: 'Suporte ACME',
        address: 'suporte@acme.test',
        email: {
          smtp: { host: sink.host, port: sink.port, secure: false, user: SMTP.user },
          imap: { host: dovecot.host, port: dovecot.port, secure: false, user: MAILBOX.user },
        },
        secrets: { smtp_password: SMTP.password, imap_password: MAILBOX.password },
      },
    });
    expect(created.statusCode).toBe(201);
    account = created.json<CenterChannelAccount>();
    expect(account.email).toMatchObject({ has_smtp_password: true, has_imap_password: true });
    expect(JSON.stringify(account)).not.toContain('secret');
    const [row] = await t.database.db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.id, account.id));
    expect(row!.credentials).not.toContain(MAILBOX.password);

    const test = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${account.id}/test`,
    });
    expect(test.json()).toEqual({ smtp: { ok: true, error: null }, imap: { ok: true, error: null } });
  });

  it('reports a wrong password in the server’s words', async () => {
    const wrong = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/center/channels',
      payload: {
        kind: 'email',
        name: 'Errada',
        address: 'suporte@acme.test',
        enabled: false,
        email: {
          smtp: { host: sink.host, port: sink.port, secure: false, user: SMTP.user },
          imap: { host: dovecot.host, port: dovecot.port, secure: false, user: MAILBOX.user },
        },
        secrets: { smtp_password: 'nope', imap_password: 'nope' },
      },
    });
    const test = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/center/channels/${wrong.json<CenterChannelAccount>().id}/test`,
    });
    const result = test.json<{
      smtp: { ok: boolean; error: string };
      imap: { ok: boolean; error: string };
    }>();
    expect(result.smtp.ok).toBe(false);
    expect(result.smtp.error).toMatch(/535|Invalid/);
    expect(result.imap.ok).toBe(false);
  });

  let contactId: string;

  it('turns a customer’s mail into a message with subject, sanitised HTML and attachment', async () => {
    await dovecot.append(MAILBOX, customerMail('<first@cliente.test>'));
    const sentAt = Date.now();
    const [stored] = await eventually(async () => {
      const rows = await emailMessages();
      return rows.length > 0 && rows;
    });
    const latencyMs = Date.now() - sentAt;
    console.info(`inbound e-mail latency: ${latencyMs} ms`);
    expect(latencyMs).toBeLessThan(5_000);
    contactId = stored!.contactId;
    const [message] = await items(contactId);
    expect(message).toMatchObject({
      direction: 'in',
      subject: 'Pedido 123 atrasado',
      has_html: true,
      text: 'Olá, meu pedido 123 não chegou.',
    });
    expect(message!.attachments).toMatchObject([{ kind: 'image', filename: 'foto.png' }]);

    const html = await injectAs(app, admin, {
      url: `/api/conversation/${contactId}/messages/${message!.id}/html`,
    });
    expect(html.statusCode).toBe(200);
    expect(html.json().html).toContain('<b>pedido 123</b>');
    expect(html.json().html).not.toMatch(/script|tracker\.test/);

    const found = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/conversations/search',
      payload: { parameter: 'email', value: 'maria@cliente.test' },
    });
    expect(found.json<{ data: ContactSummary[] }>().data.map((c) => c.id)).toEqual([contactId]);
  });

  let replyId: string;

  it('sends the attendant’s reply threaded under the customer’s mail', async () => {
    const { payload, headers } = multipartBody([
      { name: 'subject', value: 'Re: Pedido 123 atrasado' },
      { name: 'text', value: 'Maria, seu pedido sai hoje.' },
      { name: 'files', filename: 'etiqueta.png', type: 'image/png', data: SAMPLE_PNG },
    ]);
    const sent = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/mail`,
      payload,
      headers,
    });
    expect(sent.statusCode).toBe(201);
    replyId = sent.json<Message>().id;
    const out = await sink.next((m) => m.parsed.subject === 'Re: Pedido 123 atrasado');
    expect(out.envelope.to).toEqual(['maria@cliente.test']);
    expect(out.parsed.messageId).toBe(`<${replyId}@acme.test>`);
    expect(out.parsed.inReplyTo).toBe('<first@cliente.test>');
    expect(out.parsed.references).toBe('<first@cliente.test>');
    expect(out.parsed.text?.trim()).toBe('Maria, seu pedido sai hoje.');
    expect(out.parsed.attachments.map((a) => a.filename)).toEqual(['etiqueta.png']);
    await eventually(async () => (await items(contactId)).find((m) => m.id === replyId)?.status === 'sent');
  });

  it('fails at once on a permanent SMTP refusal, with the server’s words, and retries a transient one', async () => {
    const send = async (text: string) =>
      (
        await injectAs(app, admin, {
          method: 'POST',
          url: `/api/conversation/${contactId}/messages`,
          payload: { text },
        })
      ).json<Message>().id;
    const statusOf = async (id: string) => (await items(contactId)).find((m) => m.id === id);

    sink.refuseNext(550);
    const refused = await send('Esta não passa.');
    const failed = await eventually(async () => {
      const message = await statusOf(refused);
      return message?.status === 'failed' && message;
    });
    expect(failed.failure_reason).toMatch(/550/);

    sink.refuseNext(451);
    const delayed = await send('Esta passa na segunda tentativa.');
    const arrived = await sink.next(
      (m) => m.parsed.text?.trim() === 'Esta passa na segunda tentativa.',
      30_000,
    );
    // A plain reply on an e-mail channel takes the subject of the mail it answers.
    expect(arrived.parsed.subject).toBe('Re: Pedido 123 atrasado');
    await eventually(async () => (await statusOf(delayed))?.status === 'sent', 30_000);
  }, 60_000);

  it('refuses an e-mail without subject, and on a channel that is not e-mail', async () => {
    const { payload, headers } = multipartBody([{ name: 'text', value: 'sem assunto' }]);
    const missing = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages/mail`,
      payload,
      headers: { ...headers, 'accept-language': 'pt-BR' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Informe o campo “assunto”.');
  });

  it('files the customer’s answer — from a colleague’s address too — in the same conversation', async () => {
    await dovecot.append(
      MAILBOX,
      customerMail(
        '<second@cliente.test>',
        {
          'In-Reply-To': `<${replyId}@acme.test>`,
          References: `<first@cliente.test> <${replyId}@acme.test>`,
        },
        'João Souza <joao@cliente.test>',
      ),
    );
    const answer = await eventually(async () =>
      (await emailMessages()).find((m) => m.providerMessageId === '<second@cliente.test>'),
    );
    expect(answer.contactId).toBe(contactId);
  });

  it('threads a reply under the mail the attendant quoted, and cannot take a sent mail back', async () => {
    const quoted = (await emailMessages()).find((m) => m.providerMessageId === '<first@cliente.test>')!;
    // The customer's latest mail is <second@…>; the quote chooses the first one.
    const sent = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/conversation/${contactId}/messages`,
      payload: { text: 'Sobre o seu primeiro e-mail: resolvido.', reply_to: quoted.id },
    });
    expect(sent.statusCode).toBe(201);
    const reply = sent.json<Message>();
    expect(reply.reply_to).toMatchObject({ id: quoted.id, direction: 'in', deleted: false });
    const out = await sink.next((m) => m.parsed.text?.trim() === 'Sobre o seu primeiro e-mail: resolvido.');
    expect(out.parsed.inReplyTo).toBe('<first@cliente.test>');
    expect(out.parsed.references).toBe('<first@cliente.test>');
    await eventually(async () => (await items(contactId)).find((m) => m.id === reply.id)?.status === 'sent');

    const refused = await injectAs(app, admin, {
      method: 'DELETE',
      url: `/api/conversation/${contactId}/messages/${reply.id}`,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'channel_cannot_delete',
      message: 'Este canal não permite apagar uma mensagem já enviada ao cliente.',
    });
    expect((await items(contactId)).find((m) => m.id === reply.id)).toMatchObject({
      text: 'Sobre o seu primeiro e-mail: resolvido.',
      deleted_at: null,
    });
  });

  it('after a restart reads what arrived meanwhile, once, and nothing twice', async () => {
    await app.close();
    await dovecot.append(MAILBOX, customerMail('<while-down@cliente.test>'));
    app = await buildApp(t.config, t.database, realEmail());
    await app.ready();
    admin = { ...admin, token: await loginAs(app, admin.company, admin.user) };
    await eventually(async () =>
      (await emailMessages()).some((m) => m.providerMessageId === '<while-down@cliente.test>'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const ids = (await emailMessages()).filter((m) => m.direction === 'in').map((m) => m.providerMessageId);
    expect(ids.sort()).toEqual([
      '<first@cliente.test>',
      '<second@cliente.test>',
      '<while-down@cliente.test>',
    ]);
  });

  it('is for administrators only', async () => {
    const attendant = await makeUser(t.database.db, admin.company, { role: 'supervisor' });
    const token = await loginAs(app, admin.company, attendant);
    const list = await injectAs(app, { token }, { url: '/api/center/channels' });
    expect(list.statusCode).toBe(403);
  });
});

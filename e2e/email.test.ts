// E-mail in the browser against real mail servers: a company's mailbox is connected to Dovecot (IMAP) and an
// SMTP sink started here; a customer's mail appended to the mailbox shows in the attendant's conversation with
// its subject and original HTML, and the reply written in the console (subject prefilled "Re: …") reaches the
// sink threaded under it.
import {
  localMailAccount,
  startDovecot,
  startSmtpSink,
  type Dovecot,
  type SmtpSink,
} from '@atende/simulators/email';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { launchBrowser, type Credentials } from './support/browser.ts';
import { seedContacts } from './support/control.ts';
import { messageWith, openConversation } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
// A company of its own: the demo company's (simulated) mailbox stays as other flows expect it.
const COMPANY = `mail${Date.now().toString(36)}`;
const admin: Credentials = { company: COMPANY, username: 'admin', password: 'demo1234' };
const mailbox = { user: 'atendimento@mailtest.example', password: 'imap-and-smtp' };

let browser: Browser;
let context: BrowserContext | undefined;
let dovecot: Dovecot;
let sink: SmtpSink;

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [browser, dovecot, sink] = await Promise.all([
    launchBrowser(),
    startDovecot([mailbox]),
    startSmtpSink(mailbox),
    seedContacts(dataDir, COMPANY, 1),
  ]);
  const token = await apiLogin(baseUrl, admin);
  const accounts = await api<{ data: { id: string; kind: string }[] }>(token, '/api/center/channels');
  const email = accounts.data.find((account) => account.kind === 'email')!;
  await api(token, `/api/center/channels/${email.id}`, {
    method: 'PUT',
    body: JSON.stringify(localMailAccount({ dovecot, sink }, mailbox, 'Atendimento')),
  });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await Promise.all([dovecot?.stop(), sink?.stop()]);
});

describe('e-mail in the console', () => {
  it('shows a customer’s mail and sends the threaded reply written in the composer', async () => {
    await dovecot.append(
      mailbox,
      [
        'From: Renata Lima <renata@cliente.example>',
        `To: ${mailbox.user}`,
        'Subject: Nota fiscal do pedido 42',
        'Message-ID: <nf42@cliente.example>',
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary="x"',
        '',
        '--x',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Preciso da nota fiscal do pedido 42.',
        '--x',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p>Preciso da <b>nota fiscal</b> do pedido 42.</p><script>document.title="x"</script>',
        '--x--',
        '',
      ].join('\r\n'),
    );
    const token = await apiLogin(baseUrl, admin);
    const contactId = await (async () => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = await api<{ data: { id: string }[] }>(token, '/api/conversations/search', {
          method: 'POST',
          body: JSON.stringify({ parameter: 'email', value: 'renata@cliente.example' }),
        });
        if (found.data[0]) return found.data[0].id;
        if (Date.now() > deadline) throw new Error('the mail never became a conversation');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    const opened = await openConversation(browser, baseUrl, admin, contactId);
    context = opened.context;
    const { page } = opened;
    const bubble = messageWith(page, 'Preciso da nota fiscal do pedido 42.');
    await bubble.getByTestId('message-subject').filter({ hasText: 'Nota fiscal do pedido 42' }).waitFor();

    // The original, sanitised, in a sandboxed frame.
    await bubble.getByRole('button', { name: /HTML/ }).click();
    const frame = page.getByTestId('email-html');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    const html = (await frame.getAttribute('srcdoc')) ?? '';
    expect(html).toContain('<b>nota fiscal</b>');
    expect(html).not.toContain('script');
    await page.keyboard.press('Escape');

    // The reply: the footer's subject is prefilled from the customer's mail.
    const subject = page.getByTestId('mail-subject');
    await expect.poll(() => subject.inputValue()).toBe('Re: Nota fiscal do pedido 42');
    await page.getByTestId('composer-text').fill('Renata, segue a nota fiscal em anexo ainda hoje.');
    await page.getByTestId('composer-send').click();
    const sent = await sink.next((mail) => mail.envelope.to.includes('renata@cliente.example'), 20_000);
    expect(sent.parsed.subject).toBe('Re: Nota fiscal do pedido 42');
    expect(sent.parsed.inReplyTo).toBe('<nf42@cliente.example>');
    expect(sent.parsed.text?.trim()).toBe('Renata, segue a nota fiscal em anexo ainda hoje.');
    await expect
      .poll(() => messageWith(page, 'Renata, segue a nota fiscal').getAttribute('data-status'), {
        timeout: 15_000,
      })
      .toMatch(/sent|delivered|read/);
  });
});

// The Center's channels page driven by an administrator: a website chat created, its installation tag shown,
// its colour edited and the account disabled; an e-mail account pointed at a local SMTP sink and a Dovecot
// IMAP server started here, whose "test connection" logs into both.
import type { CenterChannelAccount, CenterChannelList } from '@atende/contract';
import { startDovecot, startSmtpSink, type Dovecot, type SmtpSink } from '@atende/simulators/email';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { admin, launchBrowser, newContext, supervisor, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const MAIL = { user: 'suporte-e2e', password: 'segredo-e2e' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let dovecot: Dovecot;
let sink: SmtpSink;
let token: string;

async function accountNamed(name: string): Promise<CenterChannelAccount> {
  const response = await fetch(`${baseUrl}/api/center/channels`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const found = ((await response.json()) as CenterChannelList).data.find((account) => account.name === name);
  if (!found) throw new Error(`no channel account named ${name}`);
  return found;
}

/** Polls the API until the account matches (the list refreshes after each save). */
async function eventually(name: string, check: (account: CenterChannelAccount) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check(await accountNamed(name))) {
    if (Date.now() > deadline) throw new Error(`${name} did not reach the expected state`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

const rowOf = (name: string) => page.getByTestId('channel-row').filter({ hasText: name });

async function save(): Promise<void> {
  await page.getByTestId('channel-save').click();
  await page.getByTestId('channel-save').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  [dovecot, sink, browser, token] = await Promise.all([
    startDovecot([MAIL]),
    startSmtpSink(MAIL),
    launchBrowser(),
    apiLogin(baseUrl, admin),
  ]);
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, baseUrl, admin);
  await page.goto(`${baseUrl}/center/channels`);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await Promise.all([dovecot?.stop(), sink?.stop()]);
});

describe('Center channels', () => {
  it('creates a website chat, shows its tag, edits its colour and disables it', async () => {
    const name = `Chat E2E ${Date.now()}`;
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-new-chat').click();
    await page.getByTestId('channel-name').fill(name);
    await page.getByTestId('channel-chat.title').fill('Fale com a gente');
    await save();
    await rowOf(name).waitFor();
    const created = await accountNamed(name);

    await rowOf(name).getByTestId('channel-snippet').click();
    const snippet = await page.getByTestId('widget-snippet').textContent();
    expect(snippet).toBe(
      `<script src="${baseUrl}/widget.js" data-key="${created.chat?.widget_key}" async></script>`,
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('widget-snippet').waitFor({ state: 'detached' });

    await rowOf(name).getByTestId('channel-edit').click();
    await page.getByTestId('channel-chat.color').fill('#12b886');
    await save();
    await eventually(name, (account) => account.chat?.color === '#12b886');

    await rowOf(name).getByTestId('channel-toggle').click();
    await eventually(name, (account) => !account.enabled);
    // The list refetches after the save: the switch follows the server, not the click alone.
    await expect.poll(() => rowOf(name).getByTestId('channel-toggle').isChecked()).toBe(false);
  });

  it('connects a mailbox and its connection test logs into SMTP and IMAP', async () => {
    const name = `E-mail E2E ${Date.now()}`;
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-new-email').click();
    await page.getByTestId('channel-name').fill(name);
    await page.getByTestId('channel-address').fill('suporte-e2e@demo.example');
    for (const [server, port] of [
      ['smtp', sink.port],
      ['imap', dovecot.port],
    ] as const) {
      await page.getByTestId(`channel-email.${server}.host`).fill('127.0.0.1');
      await page.getByTestId(`channel-email.${server}.port`).fill(String(port));
      // The local servers speak plain text on loopback (no TLS from the first byte).
      await page.getByTestId(`channel-email.${server}.secure`).click();
      await page.getByTestId(`channel-email.${server}.user`).fill(MAIL.user);
      await page.getByTestId(`channel-secrets.${server}_password`).fill(MAIL.password);
    }
    await save();

    await rowOf(name).getByTestId('channel-test').click();
    await page.locator('[data-testid=connection-smtp][data-ok=true]').waitFor();
    await page.locator('[data-testid=connection-imap][data-ok=true]').waitFor();
    const stored = await accountNamed(name);
    expect(stored.email).toMatchObject({ has_smtp_password: true, has_imap_password: true });
    await page.keyboard.press('Escape');

    // Off again before the servers stop, so the server's mailbox reader does not keep knocking.
    await rowOf(name).getByTestId('channel-toggle').click();
    await eventually(name, (account) => !account.enabled);
  });

  it('moves between the Center sections', async () => {
    await page.getByTestId('center-nav-center').click();
    await page.waitForURL(`${baseUrl}/center`);
    await page.getByTestId('center-nav-center.channels').click();
    await page.waitForURL(`${baseUrl}/center/channels`);
    await page.getByTestId('channel-row').first().waitFor();
  });

  it('tells a supervisor the page is for administrators, without calling the channels API', async () => {
    const other = await newContext(browser);
    try {
      const visitor = await other.newPage();
      const calls: string[] = [];
      visitor.on('request', (request) => {
        if (request.url().includes('/api/center/channels')) calls.push(request.url());
      });
      await signIn(visitor, baseUrl, supervisor);
      // The Center is open to a supervisor, its channels section is not even offered (abilities).
      await visitor.goto(`${baseUrl}/center`);
      await visitor.getByTestId('center-nav-center').waitFor();
      expect(await visitor.getByTestId('center-nav-center.channels').count()).toBe(0);
      await visitor.goto(`${baseUrl}/center/channels`);
      await visitor.getByRole('alert').filter({ hasText: 'Somente administradores' }).waitFor();
      expect(calls).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

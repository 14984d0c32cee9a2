// The live contact queue in two browsers (issue "done when"): attendant and attendant2 watch the same queue,
// a simulated customer writes, both see it within a second without reloading, the waiting counters move, and
// when one takes it with "next" it leaves the other's waiting list.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiDrainWaiting, apiLogin, apiWaitingCount } from './support/api.ts';
import {
  attendant,
  attendant2,
  launchBrowser,
  newContext,
  supervisor,
  type Credentials,
  signIn,
} from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];

/** Records the browser notifications a page shows (title and body) in window.__notifications. */
const RECORD_NOTIFICATIONS = () => {
  const shown: { title: string; body: string }[] = [];
  Object.assign(window, { __notifications: shown });
  const Original = window.Notification;
  class Recording extends Original {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push({ title, body: options?.body ?? '' });
    }
  }
  Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
  window.Notification = Recording;
};

async function openConsole(credentials: Credentials): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await context.addInitScript(RECORD_NOTIFICATIONS);
  const page = await context.newPage();
  await signIn(page, baseUrl, credentials);
  await page.getByTestId('contact-column').waitFor();
  return page;
}

const counter = (page: Page) => page.getByTestId('waiting-counter');
const rowNamed = (page: Page, name: string) => page.getByTestId('contact-row').filter({ hasText: name });
const unreadInTitle = async (page: Page) => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);

beforeAll(async () => {
  browser = await launchBrowser();
  // An empty queue, so "next" hands over the customer this test makes write (the demo has 60 waiting).
  await apiDrainWaiting(baseUrl, await apiLogin(baseUrl, supervisor));
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('live contact queue', () => {
  it('a customer writes: both attendants see it live; one takes it with "next"; it leaves the other', async () => {
    const first = await openConsole(attendant);
    const second = await openConsole(attendant2);
    // attendant watches the waiting queue; attendant2 the general contact list, latest unanswered first
    // (the default order puts critical and high-priority contacts above a new medium one).
    await first.getByText('Fila', { exact: true }).click();
    await first.getByTestId('waiting-queue').waitFor();
    await second.getByRole('button', { name: 'Ordenação e segmentos' }).click();
    await second.getByLabel('Ordenar por').selectOption('last_message');
    await second.keyboard.press('Escape');
    await second.getByTestId('contact-row').first().waitFor();
    for (const page of [first, second]) await expect.poll(() => counter(page).textContent()).toBe('0');
    const titleBefore = await unreadInTitle(first);

    const name = `Cliente Ao Vivo ${Date.now() % 100_000}`;
    const sent = Date.now();
    const result = await customerWrites(dataDir, {
      address: `+55 11 9${String(Date.now()).slice(-8)}`,
      name,
      text: 'Olá! Preciso de ajuda com meu pedido.',
    });
    expect(result).toMatchObject({ duplicate: false, createdContact: true });

    // Both see it without reloading, pushed by the server (about 300 ms here). The bound is loose on purpose:
    // CI machines are loaded; it still catches a list that only refreshes by polling or on reload.
    await Promise.all([
      rowNamed(first, name).waitFor({ timeout: 5_000 }),
      rowNamed(second, name).waitFor({ timeout: 5_000 }),
    ]);
    const elapsed = Date.now() - sent;
    console.log(`inbound message on both screens after ${elapsed} ms`);
    expect(elapsed).toBeLessThan(3_000);
    expect(await rowNamed(second, name).textContent()).toContain('Preciso de ajuda com meu pedido.');
    expect(await rowNamed(second, name).getByTestId('unread-badge').textContent()).toBe('1');

    // The counters moved, the title counts the new unread message, and a notification went out.
    for (const page of [first, second]) await expect.poll(() => counter(page).textContent()).toBe('1');
    await expect.poll(() => unreadInTitle(first)).toBe(titleBefore + 1);
    await expect
      .poll(() => first.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications))
      .toEqual([{ title: name, body: 'Olá! Preciso de ajuda com meu pedido.' }]);

    // attendant2 takes the next customer: the conversation opens for them...
    await second.getByTestId('next-in-queue').click();
    await second.waitForURL(`${baseUrl}/painel/conversa/${result.contactId}`);
    await second.getByRole('heading', { name }).waitFor();
    expect(await second.getByText('Com você').first().isVisible()).toBe(true);

    // ...and it leaves attendant's waiting list (and their general list: it is attendant2's now).
    await rowNamed(first, name).waitFor({ state: 'detached', timeout: 5_000 });
    for (const page of [first, second]) await expect.poll(() => counter(page).textContent()).toBe('0');
    await first.getByText('Contatos', { exact: true }).click();
    await first.getByTestId('contact-row').first().waitFor();
    expect(await rowNamed(first, name).count()).toBe(0);
    // attendant2 keeps it, under "my customers".
    await second.getByLabel('Lista', { exact: true }).selectOption('mine');
    await rowNamed(second, name).waitFor();
    expect(await apiWaitingCount(baseUrl, await apiLogin(baseUrl, attendant))).toBe(0);

    // Next with nobody waiting: the server's message, and the console stays where it was.
    await first.getByTestId('next-in-queue').click();
    await first.getByText('Não há clientes aguardando na fila.').waitFor();
    expect(new URL(first.url()).pathname).toBe('/painel');
  });

  it('recent contacts and pins survive a reload; the new contact modal registers a customer', async () => {
    const page = await openConsole(attendant);
    const rows = page.getByTestId('contact-row');
    await rows.first().waitFor();
    const names: string[] = [];
    for (const index of [0, 1, 2]) {
      const row = rows.nth(index);
      const name = (await row.getByTestId('contact-name').textContent()) ?? '';
      names.push(name);
      await row.click();
      await page.getByRole('heading', { name }).waitFor();
    }
    const [oldest, middle, open] = names as [string, string, string];
    // Pin the contact on screen from its header.
    await page.getByRole('button', { name: `Fixar ${open}` }).click();
    await page.reload();
    await page.getByTestId('contact-column').waitFor();
    await page.getByText('Recentes', { exact: true }).click();
    const entries = async (testId: string) =>
      (await page.getByTestId(testId).allInnerTexts()).map((text) => text.replace(/^\S+\s+/, '').trim());
    expect(await entries('pinned-contact')).toEqual([open]);
    expect(await entries('recent-contact')).toEqual([middle, oldest]);
    // Unpinning returns it to the top of the recent list.
    await page
      .getByRole('button', { name: `Desafixar ${open}` })
      .first()
      .click();
    expect(await entries('recent-contact')).toEqual([open, middle, oldest]);

    // The empty state's new-contact modal (the attendant has create_contacts).
    await page.goto(`${baseUrl}/painel`);
    await page.getByTestId('no-conversation').waitFor();
    await page.getByRole('button', { name: 'Novo contato' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Novo contato' });
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.getByText('Informe o nome do contato').waitFor();
    await dialog.getByLabel('Nome').fill('Cliente Cadastrado E2E');
    await dialog.getByLabel('Canal de resposta').selectOption({ label: 'WhatsApp Atendimento · WhatsApp' });
    await dialog.getByLabel('Telefone').fill('+55 11 98765-4321');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByRole('heading', { name: 'Cliente Cadastrado E2E' }).waitFor();
    // The same channel again is refused with the server's text.
    await page.goto(`${baseUrl}/painel`);
    await page.getByRole('button', { name: 'Novo contato' }).first().click();
    await dialog.getByLabel('Nome').fill('Outro Cliente');
    await dialog.getByLabel('Canal de resposta').selectOption({ label: 'WhatsApp Atendimento · WhatsApp' });
    await dialog.getByLabel('Telefone').fill('5511987654321');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.getByText('Este canal já está cadastrado na configuração de um contato.').waitFor();
  });
});

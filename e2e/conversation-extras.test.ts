// An attendant and a supervisor in the same conversation: each sees the other among its viewers and "… está digitando…" while
// the other types (gone once the message arrives); a reaction shows on both screens and goes away when pressed
// again; the message data panel tells direction, channel and sender.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attendant2, launchBrowser, supervisor, type Credentials } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { messageWith, openConversation } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(credentials: Credentials, contactId: string): Promise<Page> {
  const opened = await openConversation(browser, baseUrl, credentials, contactId);
  contexts.push(opened.context);
  return opened.page;
}

const chipsOf = (page: Page, text: string) =>
  messageWith(page, text).getByTestId('reaction-chip').allTextContents();

/** The value beside a label in the open message data panel. */
const dataField = (page: Page, label: string) =>
  page
    .getByTestId('message-data')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell')
    .textContent();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('conversation extras', () => {
  const suffix = (Date.now() + 7) % 100_000;
  const address = `55118${String(suffix).padStart(8, '0')}`;
  const question = 'Vocês entregam no sábado?';

  it('shows who is viewing and typing, live reactions and the message data', async () => {
    const written = await customerWrites(dataDir, {
      address,
      name: `Cliente Extras ${suffix}`,
      text: question,
    });
    // A supervisor beside the attendant: the attendant's reply takes the waiting customer (issue 20), and a
    // supervisor still sees a colleague's conversation.
    const first = await open(supervisor, written.contactId);
    await messageWith(first, question).waitFor();
    const second = await open(attendant2, written.contactId);
    await messageWith(second, question).waitFor();

    // Each sees the other (and not themself) among the viewers.
    await first.getByTestId('viewer').waitFor();
    await second.getByTestId('viewer').waitFor();
    expect(await first.getByTestId('viewer').count()).toBe(1);
    expect(await second.getByTestId('viewer').count()).toBe(1);

    // The colleague types: the first attendant reads "… está digitando…"; it goes once the message arrives.
    const composer = second.getByTestId('composer-text');
    await composer.click();
    await composer.pressSequentially('Entregamos sim', { delay: 40 });
    const typing = first.getByTestId('typing-indicator');
    await expect.poll(() => typing.textContent(), { timeout: 5_000 }).toMatch(/está digitando…$/);
    await composer.press('Enter');
    await messageWith(first, 'Entregamos sim').waitFor({ timeout: 5_000 });
    // Well before the 5 s a silent notice lasts: the message itself ended it.
    await expect.poll(() => typing.textContent(), { timeout: 2_000 }).toBe('');

    // A reaction reaches the colleague live; pressing the same emoji again removes it on both screens.
    await messageWith(first, question).getByTestId('reaction-picker').click();
    await first.getByRole('button', { name: 'Reagir com 👍' }).click();
    await expect.poll(() => chipsOf(first, question)).toEqual(['👍 1']);
    await expect.poll(() => chipsOf(second, question), { timeout: 5_000 }).toEqual(['👍 1']);
    expect(await messageWith(first, question).getByTestId('reaction-chip').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(
      await messageWith(second, question).getByTestId('reaction-chip').getAttribute('aria-pressed'),
    ).toBe('false');
    await messageWith(first, question).getByTestId('reaction-chip').click();
    await expect.poll(() => chipsOf(second, question), { timeout: 5_000 }).toEqual([]);
    await expect.poll(() => chipsOf(first, question)).toEqual([]);

    // The message data panel: the customer's message came in on WhatsApp from this address.
    await messageWith(first, question).getByTestId('message-actions').click();
    await first.getByRole('menuitem', { name: 'Dados da mensagem' }).click();
    await first.getByTestId('message-data').waitFor();
    expect(await dataField(first, 'Direção')).toBe('Recebida');
    expect(await dataField(first, 'Canal')).toBe('WhatsApp');
    expect(await dataField(first, 'Endereço')).toBe(address);
    expect(await dataField(first, 'Remetente')).toBe('Cliente');
    await first.keyboard.press('Escape');

    // The colleague's answer: sent by them.
    await messageWith(first, 'Entregamos sim').getByTestId('message-actions').click();
    await first.getByRole('menuitem', { name: 'Dados da mensagem' }).click();
    await first.getByTestId('message-data').waitFor();
    expect(await dataField(first, 'Direção')).toBe('Enviada');
    const sender =
      (await messageWith(first, 'Entregamos sim').getByTestId('message-sender').textContent()) ?? '';
    expect(await dataField(first, 'Remetente')).toBe(sender);
    await first.keyboard.press('Escape');

    // The colleague leaves: nobody else is viewing.
    await second.goto(`${baseUrl}/painel`);
    await first.getByTestId('viewers').waitFor({ state: 'detached', timeout: 5_000 });
  });
});

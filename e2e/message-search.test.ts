// Message search across the company end to end: a customer writes; the attendant, from the contact column's
// search with the "Mensagens" parameter, finds the message without typing its accents, opens the conversation
// from the result and sees the message marked in the timeline.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { messageWith } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('message search across the company', () => {
  const suffix = Date.now() % 100_000;
  const name = `Cliente Busca ${suffix}`;
  const text = `Quero a devolução ${suffix} do meu pedido`;

  it('finds a message of any visible conversation, accents aside, and opens that conversation at it', async () => {
    const written = await customerWrites(dataDir, {
      address: `55118${String(suffix).padStart(8, '0')}`,
      name,
      text,
    });
    const page = await context.newPage();
    await signIn(page, baseUrl, attendant);

    await page.getByLabel('Pesquisar por').selectOption({ label: 'Mensagens' });
    const value = page.getByRole('textbox', { name: 'Termo de pesquisa' });
    await value.fill(`devolucao ${suffix}`);
    await value.press('Enter');
    const hit = page.getByTestId('message-search-hit').filter({ hasText: name });
    await hit.waitFor();
    expect(await page.getByTestId('message-search-hit').count()).toBe(1);
    expect(await hit.locator('mark').textContent()).toBe(`devolução ${suffix}`);

    await hit.click();
    await page.waitForURL(`${baseUrl}/painel/conversa/${written.contactId}`);
    await messageWith(page, text)
      .locator('mark', { hasText: `devolução ${suffix}` })
      .waitFor();
  });
});

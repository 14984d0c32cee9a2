// The company's ready phrases (issue 21, item 3): an administrator writes one in the Center's catalogues while
// an attendant's conversation stays open; without a reload, the attendant's `/` shortcut offers it marked as the
// company's, found by its title, and inserts its text (placeholders filled) into the footer. The attendant's
// phrases page shows it marked, with no edit or delete; archived in the Center, it is no longer offered.
import type { CataloguePage, Phrase } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const suffix = Date.now() % 100_000;
const title = `Horário E2E ${suffix}`;
const customerName = `Paula Frase ${suffix}`;

let browser: Browser;
let adminContext: BrowserContext;
let consoleContext: BrowserContext;
let center: Page;
let live: Page;
let adminToken: string;
let attendantToken: string;
let contactId: string;

beforeAll(async () => {
  [browser, adminToken, attendantToken] = await Promise.all([
    launchBrowser(),
    apiLogin(baseUrl, admin),
    apiLogin(baseUrl, attendant),
  ]);
  contactId = (
    await customerWrites(dataDir, {
      address: `55118${String(suffix).padStart(8, '0')}`,
      name: customerName,
      text: 'Até que horas vocês atendem?',
    })
  ).contactId;

  // The attendant's conversation is open (and the console's phrases loaded) before the Center changes anything.
  consoleContext = await newContext(browser);
  live = await consoleContext.newPage();
  await signIn(live, baseUrl, attendant);
  await live.goto(`${baseUrl}/painel/conversa/${contactId}`);
  await live.getByTestId('composer-text').waitFor();

  adminContext = await newContext(browser);
  center = await adminContext.newPage();
  await signIn(center, baseUrl, admin);
  await center.goto(`${baseUrl}/center/catalogues`);
  await center.getByTestId('catalogue-tab-phrases').click();
});

afterAll(async () => {
  await adminContext?.close();
  await consoleContext?.close();
  await browser?.close();
});

describe('company ready phrases', () => {
  it('an administrator creates one in the Center', async () => {
    await center.getByTestId('catalogue-new').click();
    await center.getByTestId('catalogue-name').fill(title);
    await center.getByTestId('catalogue-text').fill('Olá {{first_name}}, atendemos das 8h às 18h.');
    await center.getByTestId('catalogue-save').click();
    await center.getByTestId('catalogue-form').waitFor({ state: 'detached' });
    const row = center.locator(`[data-testid=catalogue-row][data-name="${title}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('atendemos das 8h às 18h');
  });

  it('the open conversation offers it, marked, and inserts it into the footer', async () => {
    const text = live.getByTestId('composer-text');
    await text.click();
    // One word after the `/`: the suffix is in the title only, so the title is what finds it.
    await text.pressSequentially(`/${suffix}`);
    // No reload: the Center's change reached the console through the realtime catalogue.changed.
    const option = live.getByTestId('phrase-option').filter({ hasText: title });
    await option.waitFor();
    expect(await option.getByTestId('phrase-company').innerText()).toMatch(/da empresa/i);
    await live.keyboard.press('Enter');
    await expect
      .poll(() => text.inputValue())
      .toBe(`Olá ${customerName.split(' ')[0]}, atendemos das 8h às 18h.`);
  });

  it('the phrases page shows it marked and offers no edit; archived, it is offered no more', async () => {
    await live.goto(`${baseUrl}/painel/conversa/${contactId}/frases`);
    const row = live.getByTestId('phrase-row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getAttribute('data-scope')).toBe('company');
    await row.getByTestId('phrase-company').waitFor();
    expect(await row.getByTestId('phrase-delete').count()).toBe(0);

    const entries = await apiCall<CataloguePage>(
      baseUrl,
      adminToken,
      'GET',
      '/center/catalogues/phrases?limit=200',
    );
    const entry = entries.data.find((candidate) => candidate.name === title)!;
    const archived = await fetch(`${baseUrl}/api/center/catalogues/phrases/${entry.id}/archive`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(archived.status).toBe(200);
    await row.waitFor({ state: 'detached' });
    const offered = await apiCall<{ data: Phrase[] }>(baseUrl, attendantToken, 'GET', '/v2/phrases');
    expect(offered.data.map((phrase) => phrase.title)).not.toContain(title);
  });
});

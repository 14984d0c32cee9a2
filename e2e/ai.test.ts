// AI text enhancement in the composer (issue 29) against the server under test: with no provider, the embedded
// Hunspell spelling fix ("spelling only", the other actions off); then an administrator sets the local
// OpenAI-compatible simulator (started here on a loopback port) as the company's provider in the Center, and an
// attendant sees a suggestion stream into the dialog word by word and puts it in the composer — nothing is sent.
// The provider is removed afterwards: the company is shared with the other e2e files.
import { startOpenAiSimulator, type OpenAiSimulator } from '@atende/simulators/openai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { messageWith, openConversation } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
/** Where to save a screenshot of the dialog with a suggestion (for a person to look at), when set. */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
const suffix = Date.now() % 100_000;
const SUGGESTION =
  'Olá! Recebemos o seu pedido e ele chega amanhã pela manhã. Qualquer dúvida, estamos à disposição.';

let browser: Browser;
let simulator: OpenAiSimulator;
let adminToken: string;
let contactId: string;
const contexts: BrowserContext[] = [];

async function conversationPage(): Promise<Page> {
  const opened = await openConversation(browser, baseUrl, attendant, contactId);
  contexts.push(opened.context);
  await messageWith(opened.page, 'Quando chega meu pedido?').waitFor();
  return opened.page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Slow enough between words that the dialog shows the suggestion growing.
  simulator = await startOpenAiSimulator({ chunkDelayMs: 120 });
  simulator.answerWith(() => SUGGESTION);
  adminToken = await apiLogin(baseUrl, admin);
  const address = `55117${String(suffix).padStart(8, '0')}`;
  ({ contactId } = await customerWrites(dataDir, {
    address,
    name: `Cliente IA ${suffix}`,
    text: 'Quando chega meu pedido?',
  }));
});
afterAll(async () => {
  await apiCall(baseUrl, adminToken, 'DELETE', '/center/ai').catch(() => undefined);
  for (const context of contexts) await context.close();
  await browser.close();
  await simulator.close();
});

describe('AI text enhancement', () => {
  it('without a provider, fixes spelling only and says the other actions need one', async () => {
    const page = await conversationPage();
    await page.getByTestId('composer-text').fill('voce  recebeu o pedido ,concerteza chega amanhã ?obrigado');
    await page.getByTestId('composer-enhance').click();
    const dialog = page.getByTestId('enhance-dialog');
    await dialog.getByTestId('enhance-spelling-only').waitFor();
    await dialog.getByText('As outras ações precisam de um provedor de IA').waitFor();
    expect(await dialog.getByTestId('enhance-action-formal').isDisabled()).toBe(true);
    await dialog.getByTestId('enhance-action-fix').click();
    await expect
      .poll(() => dialog.getByTestId('enhance-suggestion').inputValue())
      .toBe('Você recebeu o pedido, com certeza chega amanhã? Obrigado');
    await dialog.getByTestId('enhance-accept').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('composer-text').inputValue()).toBe(
      'Você recebeu o pedido, com certeza chega amanhã? Obrigado',
    );
    expect(simulator.calls).toHaveLength(0);
  });

  it('an admin sets the simulator in the Center; the suggestion streams in and goes to the composer', async () => {
    const center = await (await newContext(browser)).newPage();
    contexts.push(center.context());
    await signIn(center, baseUrl, admin);
    await center.goto(`${baseUrl}/center/ai`);
    await center.getByTestId('ai-spelling-default').waitFor();
    await center.getByTestId('ai-base-url').fill(simulator.baseUrl);
    await center.getByTestId('ai-api-key').fill(simulator.apiKey);
    await center.getByTestId('ai-chat-model').fill('gpt-sim');
    await center.getByTestId('ai-save').click();
    await center.getByText('Provedor de IA salvo.').waitFor();
    await center.getByTestId('ai-test').click();
    await center.getByTestId('ai-test-ok').waitFor();

    const page = await conversationPage();
    const draft = 'oi, seu pedido chega amanha de manha';
    await page.getByTestId('composer-text').fill(draft);
    await page.getByTestId('composer-enhance').click();
    const dialog = page.getByTestId('enhance-dialog');
    await dialog.getByTestId('enhance-actions').waitFor();
    expect(await dialog.getByTestId('enhance-spelling-only').count()).toBe(0);
    await dialog.getByTestId('enhance-action-friendly').click();

    // Seen growing: some value between empty and the whole suggestion.
    const seen = new Set<string>();
    const suggestion = dialog.getByTestId('enhance-suggestion');
    await expect
      .poll(
        async () => {
          const value = await suggestion.inputValue();
          seen.add(value);
          return value;
        },
        { interval: 50, timeout: 20_000 },
      )
      .toBe(SUGGESTION);
    expect([...seen].some((value) => value.length > 0 && value.length < SUGGESTION.length)).toBe(true);
    const chat = simulator.calls.find((call) => call.path === '/v1/chat/completions');
    expect(chat?.body).toMatchObject({ model: 'gpt-sim', stream: true });
    expect(JSON.stringify(chat?.body)).toContain(draft);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/ai-enhance-suggestion.png` });

    // Edited, then accepted: it replaces the draft; nothing was sent.
    await suggestion.fill(`${SUGGESTION} Obrigado!`);
    await dialog.getByTestId('enhance-accept').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('composer-text').inputValue()).toBe(`${SUGGESTION} Obrigado!`);
    expect(await messageWith(page, SUGGESTION).count()).toBe(0);

    // Discarding leaves the draft as it was.
    await page.getByTestId('composer-enhance').click();
    await dialog.getByTestId('enhance-action-shorter').click();
    await expect.poll(() => suggestion.inputValue(), { timeout: 20_000 }).toBe(SUGGESTION);
    await dialog.getByTestId('enhance-discard').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('composer-text').inputValue()).toBe(`${SUGGESTION} Obrigado!`);
  });
});

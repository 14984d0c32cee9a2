// The web chat widget end to end: a visitor on /widget-demo (one browser context) fills the pre-chat form and
// chats with an attendant logged into the console (another context): both directions, and typing shows on
// both sides.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { attendant, launchBrowser } from './support/browser.ts';
import { messageWith, openConversation } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function contactByEmail(email: string): Promise<string> {
  const token = await apiLogin(baseUrl, attendant);
  const response = await fetch(`${baseUrl}/api/conversations/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ parameter: 'email', value: email }),
  });
  const page = (await response.json()) as { data: { id: string }[] };
  const id = page.data[0]?.id;
  if (!id) throw new Error(`no contact with ${email}`);
  return id;
}

describe('web chat widget', () => {
  it('lets a visitor of the demo page chat with an attendant, both ways, with typing', async () => {
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    contexts.push(visitorContext);
    const site: Page = await visitorContext.newPage();
    await site.goto(`${baseUrl}/widget-demo`);
    // Playwright's CSS locators reach into the widget's open shadow root.
    await site.locator('.launcher').click();
    const email = `visitante${Date.now()}@example.com`;
    await site.locator('form.prechat input[name=name]').fill('Visitante E2E');
    await site.locator('form.prechat input[name=email]').fill(email);
    await site.locator('form.prechat button[type=submit]').click();
    await site.locator('form.compose textarea').fill('Olá, vim pelo site');
    await site.locator('form.compose textarea').press('Enter');
    await site.locator('.msg.in:not(.pending)', { hasText: 'Olá, vim pelo site' }).waitFor();

    const contactId = await contactByEmail(email);
    const { context, page } = await openConversation(browser, baseUrl, attendant, contactId);
    contexts.push(context);
    const sentAt = Date.now();
    await site.locator('form.compose textarea').fill('Alguém aí?');
    await site.locator('form.compose textarea').press('Enter');
    await messageWith(page, 'Alguém aí?').waitFor();
    console.log(`visitor → attendant in the console: ${Date.now() - sentAt} ms`);
    await messageWith(page, 'Olá, vim pelo site').waitFor();

    // The visitor typing shows in the console.
    await site.locator('form.compose textarea').pressSequentially('Só mais uma', { delay: 30 });
    await page.getByTestId('typing-indicator').filter({ hasText: 'Visitante E2E' }).waitFor();
    // The attendant types in the console: the visitor sees it; the answer sent from the composer arrives.
    await page.getByTestId('composer-text').pressSequentially('Bom dia! Em que posso ajudar?', { delay: 20 });
    await site.locator('.typing', { hasText: /\S/ }).waitFor();
    await page.getByTestId('composer-send').click();
    await site.locator('.msg.out', { hasText: 'Bom dia! Em que posso ajudar?' }).waitFor();

    // A reload keeps the conversation (the visitor token is in localStorage).
    await site.reload();
    await site.locator('.launcher').click();
    await site.locator('.msg.out', { hasText: 'Bom dia! Em que posso ajudar?' }).waitFor();
    expect(await site.locator('.msg.in', { hasText: 'Olá, vim pelo site' }).count()).toBe(1);
  });
});

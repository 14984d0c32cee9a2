// Opening a conversation in a fresh browser context, logged in through the form, as the e2e flows start.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, type Credentials, signIn } from './browser.ts';

export interface OpenedConversation {
  context: BrowserContext;
  page: Page;
}

/** The console's panel in a fresh context, logged in through the form, once its contact list is there. */
export async function openPanel(
  browser: Browser,
  baseUrl: string,
  credentials: Credentials,
): Promise<OpenedConversation> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, baseUrl, credentials);
  await page.getByTestId('contact-column').waitFor();
  return { context, page };
}

export async function openConversation(
  browser: Browser,
  baseUrl: string,
  credentials: Credentials,
  contactId: string,
): Promise<OpenedConversation> {
  const { context, page } = await openPanel(browser, baseUrl, credentials);
  await page.goto(`${baseUrl}/painel/conversa/${contactId}`);
  await page.getByTestId('conversation').waitFor();
  return { context, page };
}

/** The bubbles of a conversation holding a text. */
export const messageWith = (page: Page, text: string) =>
  page.getByTestId('message').filter({ hasText: text });

// A visitor of the demo site's web chat (/widget-demo) in a browser context of its own: opens the widget, fills
// the pre-chat form, and writes (each message waited for until the server confirmed it). Playwright's CSS
// locators reach into the widget's open shadow root.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export type Visitor = { context: BrowserContext; site: Page; email: string };

/** A visitor who filled the pre-chat form with `name` and a fresh e-mail address starting with `emailPrefix`. */
export async function startVisitor(
  browser: Browser,
  baseUrl: string,
  { name, emailPrefix }: { name: string; emailPrefix: string },
): Promise<Visitor> {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const site = await context.newPage();
  await site.goto(`${baseUrl}/widget-demo`);
  await site.locator('.launcher').click();
  const email = `${emailPrefix}${Date.now()}@example.com`;
  await site.locator('form.prechat input[name=name]').fill(name);
  await site.locator('form.prechat input[name=email]').fill(email);
  await site.locator('form.prechat button[type=submit]').click();
  await site.locator('form.compose textarea').waitFor();
  return { context, site, email };
}

/** The visitor sends `text` and waits until the server has stored it (no longer pending). */
export async function visitorWrites(site: Page, text: string): Promise<void> {
  await site.locator('form.compose textarea').fill(text);
  await site.locator('form.compose textarea').press('Enter');
  await site.locator('.msg.in:not(.pending)', { hasText: text }).waitFor();
}

// A keyboard-only shift (issue 20, item 3): log in (the focus starts on the first field), skip to the work
// area, take the next customer (Alt+N, the caret lands in the footer), answer, move to the next conversation
// (Alt+↓), list the shortcuts (`?`) and come back to the customer through the palette (Ctrl+K): page.keyboard
// only, and the page records that no mouse or pointer event happened.
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiDrainWaiting, apiLogin } from './support/api.ts';
import { attendant, launchBrowser, newContext, supervisor } from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
/** Where to save screenshots of the palette and the help dialog (for a person to look at), when set. */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
let browser: Browser;
let context: BrowserContext;

/** Counts every mouse and pointer event the page sees (a key press on a button fires a click, not these). */
const RECORD_POINTER = () => {
  const seen: string[] = [];
  Object.assign(window, { __pointerEvents: seen });
  for (const type of [
    'mousedown',
    'mouseup',
    'mousemove',
    'pointerdown',
    'pointerup',
    'pointermove',
    'wheel',
  ]) {
    window.addEventListener(type, () => seen.push(type), { capture: true });
  }
};
const pointerEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pointerEvents: string[] }).__pointerEvents);
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('data-testid') ?? element?.getAttribute('name') ?? element?.id ?? '';
  });
/** The conversation whose footer text holds the caret (its footer is on screen), or null. */
const focusedFooter = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element?.getAttribute('data-testid') !== 'composer-text' || !element.isConnected) return null;
    return element.closest<HTMLElement>('[data-testid=composer]')?.dataset.contactId ?? null;
  });
const contactIdInUrl = (page: Page) => /\/painel\/conversa\/([^/]+)/.exec(new URL(page.url()).pathname)?.[1];

beforeAll(async () => {
  browser = await launchBrowser();
  await apiDrainWaiting(baseUrl, await apiLogin(baseUrl, supervisor));
});
afterAll(async () => {
  await context?.close();
  await browser.close();
});

describe('keyboard-only shift', () => {
  it('logs in, takes the next customer, answers, moves on and reaches a contact with no mouse', async () => {
    const suffix = Date.now() % 100_000;
    const name = `Teclado Fila ${suffix}`;
    const waiting = await customerWrites(dataDir, {
      address: `+55 11 97${String(suffix).padStart(7, '0')}`,
      name,
      text: 'Oi, alguém pode me atender?',
    });

    context = await newContext(browser);
    await context.addInitScript(RECORD_POINTER);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);

    // Login: the first field has the focus; Tab walks the form, Enter submits.
    await expect.poll(() => focused(page)).toBe('company');
    await page.keyboard.type(attendant.company);
    await page.keyboard.press('Tab');
    await page.keyboard.type(attendant.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(attendant.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/painel`);
    await page.getByTestId('contact-row').first().waitFor();

    // The first Tab stop skips to the work area.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pular para a conversa');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('work-area');

    // Alt+N takes the next customer and puts the caret in the footer.
    expect(await page.getByTestId('next-in-queue').getAttribute('aria-keyshortcuts')).toBe('Alt+N');
    await page.keyboard.press('Alt+N');
    await page.waitForURL(`${baseUrl}/painel/conversa/${waiting.contactId}`);
    await expect.poll(() => focusedFooter(page)).toBe(waiting.contactId);
    await page.keyboard.type('Olá! Já vou ajudar.');
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: 'Olá! Já vou ajudar.' }).waitFor();

    // Alt+R resolves the conversation answered (the header offers to reopen it).
    expect(await page.getByTestId('resolve').getAttribute('aria-keyshortcuts')).toBe('Alt+R');
    await page.keyboard.press('Alt+R');
    await page.getByTestId('reopen').waitFor();

    // Alt+↓: the next conversation of the list, the caret again in its footer (not in the footer of the
    // conversation left, still on screen while the next one loads).
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => contactIdInUrl(page)).not.toBe(waiting.contactId);
    const next = contactIdInUrl(page);
    await expect.poll(() => focusedFooter(page)).toBe(next);

    // `?` lists the shortcuts, from outside a field (there `?` is typed): Shift+Tab back out of the footer
    // (what precedes the text depends on the conversation: the attach button, the channel picker, an e-mail's
    // subject and recipients).
    const inField = () =>
      page.evaluate(() => ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName ?? ''));
    for (let step = 0; step < 15 && (await inField()); step++) await page.keyboard.press('Shift+Tab');
    expect(await inField()).toBe(false);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atalhos de teclado' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Atender o próximo da fila');
    if (SCREENSHOTS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/help-dialog.png` });
    }
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // Ctrl+K: the palette finds the customer taken before by name; the arrows and Enter open them.
    await page.keyboard.press('Control+K');
    await expect.poll(() => focused(page)).toBe('command-palette-input');
    if (SCREENSHOTS) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SCREENSHOTS}/command-palette-actions.png` });
    }
    await page.keyboard.type(name);
    const found = page.getByTestId('command-palette-contact').filter({ hasText: name });
    await found.waitFor();
    if (SCREENSHOTS) {
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Backspace');
      await found.waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SCREENSHOTS}/command-palette.png` });
    }
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/painel/conversa/${waiting.contactId}`);
    await expect.poll(() => focusedFooter(page)).toBe(waiting.contactId);

    expect(await pointerEvents(page)).toEqual([]);
  });
});

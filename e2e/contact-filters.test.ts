// Filters that combine and saved views (issue 20, item 6): a supervisor narrows the contact list with two
// filters (high priority, critical), sees them as chips and only matching rows (every one with the critical
// badge, the rule's verdict), saves the list as a view, reloads (filters gone) and applies the view again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, supervisor } from './support/browser.ts';
import { openPanel } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser.close();
});

const chips = (page: Page) => page.getByTestId('filter-chip').allTextContents();
const rows = (page: Page) => page.getByTestId('contact-row');

/** Every row on screen carries the critical badge and the "high" priority badge. */
async function everyRowMatches(page: Page): Promise<boolean> {
  const count = await rows(page).count();
  if (count === 0) return false;
  for (let i = 0; i < count; i++) {
    const row = rows(page).nth(i);
    if ((await row.getByTestId('critical-badge').count()) !== 1) return false;
    if (!(await row.textContent())?.includes('Alta')) return false;
  }
  return true;
}

describe('filters that combine, saved as a view', () => {
  it('combines two filters, saves them as a view, reloads and applies it', async () => {
    const opened = await openPanel(browser, baseUrl, supervisor);
    context = opened.context;
    const page = opened.page;
    await rows(page).first().waitFor();

    await page.getByTestId('filters-button').click();
    const popover = page.getByTestId('filters-popover');
    await popover.getByRole('textbox', { name: 'Prioridade' }).click({ force: true });
    await page.getByRole('option', { name: 'Alta' }).click();
    // Closes the list of options (the popover stays open).
    await popover.getByText('Filtrar a lista').click();
    // The badge is the rule's verdict: high-priority contacts that are not critical show none.
    await popover.getByText('Não críticos', { exact: true }).click();
    await expect.poll(() => chips(page)).toEqual(['Prioridade: Alta', 'Crítico: Não críticos']);
    await expect
      .poll(async () => [(await rows(page).count()) > 0, await page.getByTestId('critical-badge').count()])
      .toEqual([true, 0]);
    await popover.getByText('Críticos', { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => chips(page)).toEqual(['Prioridade: Alta', 'Crítico: Críticos']);
    await expect.poll(() => everyRowMatches(page)).toBe(true);
    const filtered = await page.getByTestId('contact-name').allTextContents();

    await page.getByTestId('views-button').click();
    await page.getByTestId('view-name').fill('Urgentes críticos');
    await page.getByRole('button', { name: 'Salvar visão' }).click();
    await page.getByTestId('saved-view').filter({ hasText: 'Urgentes críticos' }).waitFor();
    await page.keyboard.press('Escape');

    await page.reload();
    await rows(page).first().waitFor();
    expect(await page.getByTestId('filter-chip').count()).toBe(0);

    await page.getByTestId('views-button').click();
    await page.getByRole('button', { name: 'Urgentes críticos', exact: true }).click();
    await expect.poll(() => chips(page)).toEqual(['Prioridade: Alta', 'Crítico: Críticos']);
    await expect.poll(() => page.getByTestId('contact-name').allTextContents()).toEqual(filtered);
    expect(await page.getByTestId('views-button').getAttribute('aria-label')).toBe(
      'Visão salva: Urgentes críticos',
    );

    // One chip removed: the other filter stays, and the view is no longer the list on screen.
    await page.getByRole('button', { name: 'Remover o filtro Crítico: Críticos' }).click();
    await expect.poll(() => chips(page)).toEqual(['Prioridade: Alta']);
    expect(await page.getByTestId('views-button').getAttribute('aria-label')).toBe('Visões salvas');
  });
});

// Pipelines end to end: an attendant creates a card from a customer's conversation (the form's own checks
// first), a colleague in a second browser drags it with the keyboard to the final list of the board and the
// first attendant's board shows the move live; then a comment and a cover image from the card's dialog. A list
// of more than one page shows its count, keeps only the tiles in view and brings its next page as it is scrolled.
import { BOARD_PAGE_SIZE, type Pipeline } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, attendant2, launchBrowser } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { openConversation, openPanel } from './support/conversation.ts';
import { gradientPng } from './support/png.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];
let first: Page;
let second: Page;
let contactId: string;
let vendas: Pipeline;

const suffix = Date.now() % 100_000;
const cardName = `Contrato E2E ${suffix}`;
const shots = process.env.E2E_SCREENSHOTS;

const tile = (page: Page) => page.locator(`[data-testid=pipeline-card]`, { hasText: cardName });
const column = (page: Page, stepId: string) =>
  page.locator(`[data-testid=pipeline-column][data-step-id="${stepId}"]`);

/** The board of Vendas showing every card whose name has this run's suffix, finished or not. */
async function openBoard(page: Page) {
  await page.goto(`${baseUrl}/painel/pipelines?pipeline=${vendas.id}`);
  await page.getByTestId('pipeline-board').waitFor();
  await page.getByTestId('pipeline-status').getByText('Todos').click();
  await page.getByTestId('pipeline-search').fill(String(suffix));
  await tile(page).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiLogin(baseUrl, attendant);
  const pipelines = await apiCall<{ data: Pipeline[] }>(baseUrl, token, 'GET', '/pipeline');
  vendas = pipelines.data.find((pipeline) => pipeline.name === 'Vendas')!;
  const inbound = await customerWrites(dataDir, {
    address: `55119${String(suffix).padStart(8, '0')}`,
    name: `Cliente Pipeline ${suffix}`,
    text: 'Quero fechar o contrato anual',
  });
  contactId = inbound.contactId;
  const opened = await openConversation(browser, baseUrl, attendant, contactId);
  contexts.push(opened.context);
  first = opened.page;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('pipelines', () => {
  it('creates a card from the conversation; the form asks for a name first', async () => {
    await first.getByTestId('open-pipelines').click();
    await first.getByTestId('new-card').click();
    await first.getByTestId('new-card-pipeline').click();
    await first.getByRole('option', { name: 'Vendas' }).click();
    await first.getByTestId('new-card-submit').click();
    await first.getByText('É necessário informar o nome').waitFor();

    await first.getByTestId('new-card-name').fill(cardName);
    await first.getByTestId('new-card-submit').click();
    const entry = first.getByTestId('contact-card').filter({ hasText: cardName });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Prospecção');

    // The card's route, inside the conversation.
    await entry.click();
    await first.waitForURL(new RegExp(`/painel/conversa/${contactId}/pipeline/${vendas.id}/step/.+/item/.+`));
    await first.getByRole('dialog').getByTestId('card-name').waitFor();
    expect(await first.getByTestId('card-name').inputValue()).toBe(cardName);
    await first.keyboard.press('Escape');
    await first.waitForURL(`${baseUrl}/painel/conversa/${contactId}`);
  });

  it('a colleague drags it with the keyboard to the final list; the first board follows live', async () => {
    const finalStep = vendas.steps.find((step) => step.final)!;
    const firstStep = vendas.steps[0]!;
    await openBoard(first);
    await column(first, firstStep.id).locator(`[data-testid=pipeline-card]`, { hasText: cardName }).waitFor();

    const opened = await openPanel(browser, baseUrl, attendant2);
    contexts.push(opened.context);
    second = opened.page;
    await openBoard(second);
    await tile(second).focus();
    await second.keyboard.press('Space');
    const inFinal = column(second, finalStep.id).locator('[data-testid=pipeline-card]', {
      hasText: cardName,
    });
    for (let presses = 0; presses < vendas.steps.length + 2 && (await inFinal.count()) === 0; presses++) {
      await second.keyboard.press('ArrowRight');
      await second.waitForTimeout(150);
    }
    await second.keyboard.press('Space');
    await inFinal.waitFor();
    // What a screen reader heard last.
    await expect
      .poll(() => second.locator('[id^=DndLiveRegion]').innerText(), { timeout: 10_000 })
      .toContain(`solto na lista ${finalStep.name}`);

    await column(first, finalStep.id).locator('[data-testid=pipeline-card]', { hasText: cardName }).waitFor();
    expect(await column(first, firstStep.id).getByText(cardName).count()).toBe(0);
    if (shots) {
      await column(first, finalStep.id).scrollIntoViewIfNeeded();
      await first.screenshot({ path: `${shots}/pipelines-board.png` });
    }
  }, 120_000);

  it('comments on the card and makes an attached image its cover', async () => {
    await tile(first).click();
    const dialog = first.getByRole('dialog');
    await dialog.getByTestId('comment-input').fill('Cliente aprovou a proposta');
    await dialog.getByTestId('comment-send').click();
    await dialog.getByTestId('card-comment').filter({ hasText: 'Cliente aprovou a proposta' }).waitFor();

    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: gradientPng(320, 160) });
    await dialog.getByTestId('card-attachment').filter({ hasText: 'capa.png' }).waitFor();
    await dialog.getByTestId('card-cover-toggle').click();
    await dialog.locator('[data-testid=card-cover-toggle][aria-pressed=true]').waitFor();
    if (shots) await first.screenshot({ path: `${shots}/pipelines-card-dialog.png` });
    await first.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The board's card shows the cover, and so does the colleague's (live).
    await tile(first).locator('img').waitFor();
    await tile(second).locator('img').waitFor();
    expect(await tile(second).innerText()).toContain('1 comentário');
  });

  it('the colleague drags it back a list with the mouse; a drop opens nothing and the first board follows', async () => {
    // The list before the final one: both on screen at once.
    const previousStep = vendas.steps.at(-2)!;
    const target = column(second, previousStep.id);
    await tile(second).scrollIntoViewIfNeeded();
    const from = (await tile(second).boundingBox())!;
    const to = (await target.boundingBox())!;
    await second.mouse.move(from.x + from.width / 2, from.y + 20);
    await second.mouse.down();
    const steps = 12;
    for (let step = 1; step <= steps; step++) {
      await second.mouse.move(
        from.x + from.width / 2 + ((to.x + to.width / 2 - from.x - from.width / 2) * step) / steps,
        from.y + 20 + ((to.y + 60 - from.y - 20) * step) / steps,
      );
    }
    await second.mouse.up();
    await target.locator('[data-testid=pipeline-card]', { hasText: cardName }).waitFor();
    expect(await second.getByRole('dialog').count()).toBe(0);
    await column(first, previousStep.id)
      .locator('[data-testid=pipeline-card]', { hasText: cardName })
      .waitFor();

    if (shots) {
      // The whole demo board, as a team sees it every day.
      await second.getByTestId('pipeline-search').fill('');
      await second.getByTestId('pipeline-status').getByText('Abertos').click();
      await second.getByTestId('pipeline-card').nth(5).waitFor();
      await second.screenshot({ path: `${shots}/pipelines-board-demo.png` });
    }
  });

  it('a list of more than one page shows its count, renders only the tiles in view and loads the rest on scroll', async () => {
    const token = await apiLogin(baseUrl, attendant);
    const tag = `Lote ${suffix}`;
    const step = vendas.steps[1]!;
    const many = BOARD_PAGE_SIZE + 12;
    for (let index = 1; index <= many; index++)
      await apiCall(baseUrl, token, 'POST', `/pipeline/${vendas.id}/steps/${step.id}/item`, {
        contact_id: contactId,
        name: `${tag} nº ${String(index).padStart(3, '0')}`,
      });
    const pages: string[] = [];
    second.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(`/steps/${step.id}/items`) && url.searchParams.get('q') === tag)
        pages.push(request.url());
    });
    // The board of the new search, once it has come: until then the one searching for the suffix shows (it
    // holds these cards too) and would load its own next page.
    const searched = second.waitForResponse(
      (response) =>
        response.url().includes('/board') && new URL(response.url()).searchParams.get('q') === tag,
    );
    await second.getByTestId('pipeline-search').fill(tag);
    await searched;
    const list = column(second, step.id);
    await expect
      .poll(() => list.getByTestId('pipeline-column-count').innerText(), { timeout: 10_000 })
      .toBe(`${many} cartões`);
    await list.getByTestId('pipeline-card').first().waitFor();
    // Fifty loaded, far fewer in the DOM.
    expect(await list.getByTestId('pipeline-card').count()).toBeLessThan(BOARD_PAGE_SIZE / 2);
    expect(pages).toEqual([]);
    if (shots) {
      await list.scrollIntoViewIfNeeded();
      await second.screenshot({ path: `${shots}/pipelines-board-paged.png` });
    }

    const last = list.locator('[data-testid=pipeline-card]', {
      hasText: `${tag} nº ${String(many).padStart(3, '0')}`,
    });
    const scroller = list.getByTestId('pipeline-column-scroller');
    for (let scrolls = 0; scrolls < 60 && (await last.count()) === 0; scrolls++) {
      await scroller.evaluate((element) => element.scrollBy(0, 1500));
      await second.waitForTimeout(100);
    }
    await last.waitFor();
    // One next page, asked with the cursor of the first; the list's end asks for nothing more.
    expect(pages).toHaveLength(1);
    expect(new URL(pages[0]!).searchParams.get('cursor')).toBeTruthy();
    expect(await list.getByTestId('pipeline-column-count').innerText()).toBe(`${many} cartões`);
  }, 120_000);

  it('an administrator creates a pipeline with its lists and a label in the Center', async () => {
    const opened = await openPanel(browser, baseUrl, admin);
    contexts.push(opened.context);
    const page = opened.page;
    const name = `Pós-venda ${suffix}`;
    await page.goto(`${baseUrl}/center/pipelines`);
    await page.getByTestId('pipeline-new').click();
    await page.getByTestId('pipeline-save').click();
    await page.getByText('É necessário informar o nome').waitFor();
    await page.getByTestId('pipeline-name').fill(name);
    const steps = page.getByTestId('pipeline-step');
    await steps.nth(0).getByRole('textbox').fill('Contato inicial');
    await steps.nth(1).getByRole('textbox').fill('Concluído');
    if (shots) await page.screenshot({ path: `${shots}/center-pipeline-modal.png` });
    await page.getByTestId('pipeline-save').click();
    const row = page.getByTestId('pipeline-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Contato inicial → Concluído');

    await row.getByRole('button', { name: 'Etiquetas' }).click();
    const labelRow = page.getByTestId('pipeline-label-row').last();
    await labelRow.getByRole('textbox', { name: 'Nome da etiqueta' }).fill('VIP');
    await labelRow.getByRole('button', { name: 'Adicionar' }).click();
    await page
      .getByRole('dialog')
      .getByTestId('pipeline-label-row')
      .first()
      .locator('input[value=VIP]')
      .waitFor();
    await page.keyboard.press('Escape');
    await row.getByText('VIP').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/center-pipelines.png` });
  });
});

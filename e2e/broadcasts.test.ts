// Broadcasts from the browser (issue 25): a supervisor opens the sidebar's broadcasts, builds a transmission
// list from a contact filter (a tag), writes the message, reviews the recipient count, sends it and watches the
// live progress reach 100 %; done, it offers no pause, and its report lists every recipient. A scheduled one
// shows under the sidebar's entry, opens from there, and leaves the sidebar once cancelled. A picture with a
// caption goes to the saved list, and a recipient's conversation shows it, naming the broadcast.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { launchBrowser, newContext, supervisor, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { gradientPng } from './support/png.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const suffix = Date.now() % 100_000;
const tag = `transmissao${suffix}`;
const RECIPIENTS = 6;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const recipients: string[] = [];

beforeAll(async () => {
  const token = await apiLogin(baseUrl, supervisor);
  // Customers who wrote just now (their WhatsApp window is open), tagged for the filter.
  for (let i = 0; i < RECIPIENTS; i++) {
    const { contactId } = await customerWrites(dataDir, {
      address: `55117${String(suffix * 10 + i).padStart(8, '0')}`,
      name: `Cliente Transmissão ${suffix}-${i}`,
      text: 'Quero receber novidades',
    });
    await apiCall(baseUrl, token, 'POST', `/conversation/${contactId}`, { tag });
    recipients.push(contactId);
  }
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, baseUrl, supervisor);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function choose(label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('broadcasts', () => {
  it('builds a list from a filter, sends, and watches the progress reach 100 %', async () => {
    await page.getByRole('link', { name: 'Transmissões' }).click();
    await page.waitForURL(`${baseUrl}/painel/transmissoes`);
    await page.getByRole('button', { name: 'Nova transmissão' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nome da lista').fill(`Lista ${tag}`);
    await dialog.getByLabel('Etiqueta').fill(tag);
    await dialog.getByRole('button', { name: 'Avançar' }).click();

    await choose('Conta do canal', /WhatsApp/);
    await dialog.getByRole('textbox', { name: 'Texto' }).fill('Novidades da semana para você!');
    await dialog.getByRole('button', { name: 'Avançar' }).click();

    await expect
      .poll(() => dialog.getByTestId('broadcast-review').textContent())
      .toContain(`${RECIPIENTS} destinatários`);
    await dialog.getByLabel('Nome da transmissão').fill(`Novidades ${suffix}`);
    await dialog.getByRole('button', { name: 'Enviar agora' }).click();
    await dialog.waitFor({ state: 'detached' });

    const progress = page.getByTestId('broadcast-progress');
    await expect.poll(() => progress.getAttribute('data-progress'), { timeout: 30_000 }).toBe('100');
    await expect.poll(() => page.getByText(`${100}% concluído`).first().isVisible()).toBe(true);
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(RECIPIENTS);
    // Done (the status follows live): nothing left to pause.
    await expect.poll(() => page.getByText('Concluída').first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The list's badge and the detail refetch apart: the detail drops its actions when its own answer comes.
    await expect.poll(() => page.getByRole('button', { name: 'Pausar', exact: true }).count()).toBe(0);
  }, 90_000);

  it('sends a picture with a caption to the saved list; a recipient’s conversation shows it', async () => {
    await page.goto(`${baseUrl}/painel/transmissoes`);
    await page.getByRole('button', { name: 'Nova transmissão' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('label', { hasText: 'Lista salva' }).click();
    await choose('Lista de transmissão', `Lista ${tag}`);
    await dialog.getByRole('button', { name: 'Avançar' }).click();

    await choose('Conta do canal', /WhatsApp/);
    await dialog.locator('label', { hasText: 'Arquivo' }).first().click();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: gradientPng(64, 48) });
    await dialog.getByText(/vitrine\.png ·/).waitFor();
    await dialog.getByRole('textbox', { name: 'Legenda (opcional)' }).fill('A vitrine da semana');
    await dialog.getByRole('button', { name: 'Avançar' }).click();
    await expect
      .poll(() => dialog.getByTestId('broadcast-review').textContent())
      .toContain(`${RECIPIENTS} destinatários`);
    await dialog.getByLabel('Nome da transmissão').fill(`Vitrine ${suffix}`);
    await dialog.getByRole('button', { name: 'Enviar agora' }).click();
    await dialog.waitFor({ state: 'detached' });
    const progress = page.getByTestId('broadcast-progress');
    await expect.poll(() => progress.getAttribute('data-progress'), { timeout: 30_000 }).toBe('100');

    await page.goto(`${baseUrl}/painel/conversa/${recipients[0]}`);
    const sent = page.getByTestId('message').filter({ hasText: 'A vitrine da semana' });
    await sent.waitFor();
    expect(await sent.getByTestId('message-broadcast').textContent()).toBe(
      `Enviada pela transmissão “Vitrine ${suffix}”`,
    );
    await expect.poll(() => sent.locator('img').count()).toBe(1);
  }, 90_000);

  it('lists a broadcast under way in the sidebar, opens it from there, and drops it once it is cancelled', async () => {
    const token = await apiLogin(baseUrl, supervisor);
    const sent = await apiCall<{ data: { name: string; list_id: string; channel_account_id: string }[] }>(
      baseUrl,
      token,
      'GET',
      '/broadcasts',
    );
    const first = sent.data.find((broadcast) => broadcast.name === `Novidades ${suffix}`)!;
    const name = `Agendada ${suffix}`;
    await apiCall(baseUrl, token, 'POST', '/broadcasts', {
      name,
      list_id: first.list_id,
      channel_account_id: first.channel_account_id,
      message: { type: 'text', text: 'Lembrete do próximo ano' },
      scheduled_at: `${new Date().getFullYear() + 1}-01-15T10:00`,
    });

    const row = page.getByTestId('sidebar-broadcast').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Agendada · 0% concluído');
    await row.click();
    await page.waitForURL(/\/painel\/transmissoes\?id=/);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await row.waitFor({ state: 'detached' });
  }, 60_000);
});

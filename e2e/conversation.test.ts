// The conversation screen end to end: a customer writes; the attendant opens the conversation, answers (the
// message becomes "sent"), sends a picture (preview) and a voice recording (player), sees the reply arrive live,
// searches, exports 30 days (a download) and is refused 91; a private thread stays invisible to a colleague.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attendant, attendant2, launchBrowser, type Credentials } from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { messageWith, openConversation as openIn } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openConversation(credentials: Credentials, contactId: string): Promise<Page> {
  const opened = await openIn(browser, baseUrl, credentials, contactId);
  contexts.push(opened.context);
  return opened.page;
}

/** A day as the Portuguese console shows and reads it: dd/mm/yyyy. */
const shownDay = (daysAgo: number): string =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('conversation', () => {
  const suffix = Date.now() % 100_000;
  const address = `55119${String(suffix).padStart(8, '0')}`;
  const name = `Cliente Conversa ${suffix}`;

  it('answers, sends a file and a recording, receives live, searches, exports; private threads stay private', async () => {
    const first = await customerWrites(dataDir, { address, name, text: 'Preciso de ajuda com meu boleto' });
    const page = await openConversation(attendant, first.contactId);
    await messageWith(page, 'Preciso de ajuda com meu boleto').waitFor();

    // Text: shows at once, then the worker marks it sent.
    await page.getByTestId('composer-text').fill('  Claro, vou verificar agora.  ');
    await page.keyboard.press('Enter');
    const answer = messageWith(page, 'Claro, vou verificar agora.');
    await answer.waitFor();
    await expect
      .poll(() => answer.getAttribute('data-status'), { timeout: 10_000 })
      .toMatch(/sent|delivered|read/);
    expect(await page.getByTestId('composer-text').inputValue()).toBe('');

    // One file: its preview comes back with the message.
    await page.locator('[data-testid=composer] input[type=file]').setInputFiles({
      name: 'comprovante.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByTestId('composer-file').waitFor();
    await page.getByTestId('composer-send').click();
    await page.getByTestId('attachment-image').first().waitFor({ timeout: 10_000 });

    // A voice recording: record, stop, and the audio player comes back with the message.
    await page.getByRole('button', { name: 'Gravar áudio' }).click();
    await page.getByTestId('recorder').waitFor();
    await page.waitForTimeout(1200);
    await page.getByRole('button', { name: 'Parar e enviar' }).click();
    await page.locator('[data-testid=message] audio').first().waitFor({ timeout: 10_000 });

    // The customer answers: it arrives without a reload.
    await customerWrites(dataDir, { address, name, text: 'Obrigado, fico aguardando' });
    await messageWith(page, 'Obrigado, fico aguardando').waitFor({ timeout: 5_000 });

    // Search: too short is refused with the spec's text; a match is marked in the timeline.
    await page.getByTestId('open-search').click();
    const term = page.locator('[data-testid=search-panel] input[name=term]');
    await term.fill('bo');
    await term.press('Enter');
    await page.getByText('O termo de pesquisa deve conter 3 caractéres ou mais.').waitFor();
    await term.fill('boleto');
    await term.press('Enter');
    await page.getByTestId('search-result').first().click();
    await page.locator('[data-testid=message] mark', { hasText: 'boleto' }).first().waitFor();

    // Export: 30 days download; 91 days are refused.
    await page.getByTestId('open-export').click();
    const form = page.getByTestId('export-form');
    await form.getByTestId('export-start').fill(shownDay(29));
    await form.getByTestId('export-end').fill(shownDay(0));
    // Enter in a date field sends the form (the field's calendar, open while typing, covers the buttons).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form.getByTestId('export-end').press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.html$/);
    await page.getByTestId('open-export').click();
    await form.getByTestId('export-start').fill(shownDay(91));
    await form.getByTestId('export-end').fill(shownDay(0));
    await form.getByTestId('export-end').press('Enter');
    expect(await page.getByTestId('export-error').textContent()).toBe(
      'O intervalo entre as datas não pode ser maior que 90 dias.',
    );
    await page.keyboard.press('Escape');

    // Replying took the customer (issue 20): given back to the queue, every attendant sees it again.
    await page.getByTestId('assign').click();
    await page.getByTestId('return-to-queue').click();
    await page.getByTestId('owner').filter({ hasText: 'Aguardando na fila' }).waitFor();

    // A private thread: the author sees it, a colleague who sees the contact does not.
    await page.keyboard.press('Control+Shift+A');
    const create = page.getByTestId('new-thread');
    expect(await create.getByRole('button', { name: 'Criar tópico' }).isDisabled()).toBe(true);
    await create.getByLabel('Nome do tópico').fill('Negociação privada');
    await create.getByText('Privado', { exact: true }).click();
    await create.getByRole('button', { name: 'Criar tópico' }).click();
    await page.getByTestId('thread-view').waitFor();
    const reply = page.getByTestId('thread-reply');
    expect(await reply.getByRole('button', { name: 'Enviar' }).isDisabled()).toBe(true);
    await reply.locator('textarea').fill('Cliente pediu desconto');
    await reply.getByRole('button', { name: 'Enviar' }).click();
    await page.getByTestId('thread-message').filter({ hasText: 'Cliente pediu desconto' }).waitFor();

    const colleague = await openConversation(attendant2, first.contactId);
    await messageWith(colleague, 'Obrigado, fico aguardando').waitFor();
    await colleague.getByTestId('open-threads').click();
    await colleague.getByText('Nenhum tópico nesta conversa.').waitFor();
  });

  it('maintains channels: blacklist with a reason blocks the footer; a new channel needs a response line', async () => {
    const other = `55119${String((suffix + 1) % 100_000).padStart(8, '0')}`;
    const written = await customerWrites(dataDir, { address: other, name: `${name} B`, text: 'Oi' });
    const page = await openConversation(attendant, written.contactId);
    await messageWith(page, 'Oi').waitFor();
    await page.getByTestId('open-channels').click();
    const panel = page.getByTestId('channels-panel');
    await panel.getByRole('button', { name: `Ações do canal ${other}` }).click();
    await page.getByRole('menuitem', { name: 'Enviar para a lista de restrição' }).click();
    await panel.getByLabel('Motivo').fill('Pediu para não ser contatado');
    await panel.getByRole('button', { name: 'Enviar para a lista de restrição' }).click();
    await panel.getByText('Pediu para não ser contatado').waitFor();

    const add = page.getByTestId('add-channel');
    await add.getByRole('button', { name: 'Adicionar' }).click();
    await add.getByText('É necessário selecionar um canal de resposta.').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('composer-blocked').textContent()).toContain(
      'Pediu para não ser contatado',
    );
    expect(await page.getByTestId('composer-text').isDisabled()).toBe(true);

    await page.getByTestId('open-channels').click();
    await panel.getByRole('button', { name: `Ações do canal ${other}` }).click();
    await page.getByRole('menuitem', { name: 'Retirar da lista de restrição' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('composer-blocked').waitFor({ state: 'detached' });
    expect(await page.getByTestId('composer-text').isDisabled()).toBe(false);
  });
});

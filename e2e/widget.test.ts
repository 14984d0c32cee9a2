// The web chat widget end to end: a visitor on /widget-demo (one browser context) fills the pre-chat form and
// chats with an attendant logged into the console (another context): both directions, and typing shows on
// both sides; a visitor sending too fast, or a message the server refuses, is told why and keeps what was not
// sent.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, contactByEmail } from './support/api.ts';
import { attendant, launchBrowser } from './support/browser.ts';
import { messageWith, openConversation } from './support/conversation.ts';
import { startVisitor, visitorWrites } from './support/widget.ts';

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

describe('web chat widget', () => {
  it('lets a visitor of the demo page chat with an attendant, both ways, with typing', async () => {
    const visitor = await startVisitor(browser, baseUrl, { name: 'Visitante E2E', emailPrefix: 'visitante' });
    contexts.push(visitor.context);
    const { site, email } = visitor;
    await visitorWrites(site, 'Olá, vim pelo site');

    const contactId = await contactByEmail(baseUrl, await apiLogin(baseUrl, attendant), email);
    const { context, page } = await openConversation(browser, baseUrl, attendant, contactId);
    contexts.push(context);
    const sentAt = Date.now();
    await site.locator('form.compose textarea').fill('Alguém aí?');
    await site.locator('form.compose textarea').press('Enter');
    // Stored first (the visitor's copy confirmed), then shown to the attendant who opened the conversation.
    await site.locator('.msg.in:not(.pending)', { hasText: 'Alguém aí?' }).waitFor();
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

  it('tells a visitor sending too fast to wait, and keeps what was not sent for them to send again', async () => {
    const { context: visitorContext, site } = await startVisitor(browser, baseUrl, {
      name: 'Visitante Apressado',
      emailPrefix: 'apressado',
    });
    contexts.push(visitorContext);
    const textarea = site.locator('form.compose textarea');

    // Twenty messages at once, as a stuck key or a script sends them: more than a visitor's burst of 10.
    const texts = Array.from({ length: 20 }, (_, i) => `rajada ${i + 1}`);
    await textarea.evaluate((element: HTMLTextAreaElement, all) => {
      for (const text of all) {
        element.value = text;
        element.form!.requestSubmit();
      }
    }, texts);
    await site.locator('.notice', { hasText: 'Você está enviando mensagens rápido demais' }).waitFor();
    await expect.poll(() => site.locator('.msg.in.pending').count()).toBe(0);
    // What was taken shows as sent; the rest is back in the compose box, nothing lost and nothing twice.
    const sent = await site.locator('.msg.in').allTextContents();
    const kept = (await textarea.inputValue()).split('\n');
    expect(sent.length).toBeGreaterThanOrEqual(10);
    expect(kept.length).toBeGreaterThan(0);
    expect([...sent, ...kept].sort()).toEqual([...texts].sort());

    // A moment later the allowance has refilled: sending again delivers the kept text.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await textarea.press('Enter');
    await site.locator('.msg.in:not(.pending)', { hasText: kept.at(-1)! }).waitFor();
    expect(await textarea.inputValue()).toBe('');
  });

  it('gives a refused message back with the reason instead of retrying it for ever', async () => {
    const { context: visitorContext, site } = await startVisitor(browser, baseUrl, {
      name: 'Visitante Invisível',
      emailPrefix: 'invisivel',
    });
    contexts.push(visitorContext);
    const textarea = site.locator('form.compose textarea');

    // Only zero-width characters: not blank to the widget, empty to the server (message_empty).
    await textarea.fill('\u200b\u200b');
    await textarea.press('Enter');
    await site.locator('.notice', { hasText: 'Escreva algo antes de enviar' }).waitFor();
    await expect.poll(() => site.locator('.msg.in').count()).toBe(0);
    expect(await textarea.inputValue()).toBe('\u200b\u200b');
    // Nothing left in the outbox to be sent again at the next connection.
    const outboxes = await site.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.startsWith('atende-widget:'))
        .map(([, value]) => (JSON.parse(value) as { outbox?: unknown[] }).outbox ?? []),
    );
    expect(outboxes.flat()).toEqual([]);
  });

  // The widget speaks the browser's language in its own texts, the server's refusals included; a browser in
  // none of the product's languages gets the product's default (pt_br), like the company's texts beside them.
  it.each([
    [
      'pt-BR',
      ['Abrir o chat', 'Fechar o chat', 'Janela de conversa', 'Nome', 'Escreva sua mensagem…'],
      'Informe seu nome',
    ],
    [
      'fr-FR',
      ['Ouvrir le chat', 'Fermer le chat', 'Fenêtre de discussion', 'Nom', 'Écrivez votre message…'],
      'Indiquez votre nom',
    ],
    [
      'de-DE',
      ['Abrir o chat', 'Fechar o chat', 'Janela de conversa', 'Nome', 'Escreva sua mensagem…'],
      'Informe seu nome',
    ],
  ])(
    'speaks a %s browser its language',
    async (locale, [open, close, dialog, name, placeholder], refusal) => {
      const context = await browser.newContext({ locale });
      contexts.push(context);
      const site = await context.newPage();
      await site.goto(`${baseUrl}/widget-demo`);
      const launcher = site.locator('.launcher');
      expect(await launcher.getAttribute('aria-label')).toBe(open);
      await launcher.click();
      expect(await launcher.getAttribute('aria-label')).toBe(close);
      expect(await site.locator('[role=dialog]').getAttribute('aria-label')).toBe(dialog);
      expect(await site.locator('form.prechat label').first().textContent()).toBe(name);
      expect(await site.locator('form.compose textarea').getAttribute('placeholder')).toBe(placeholder);
      await site.locator('form.prechat button[type=submit]').click();
      await site.locator('form.prechat .error', { hasText: refusal }).waitFor();
    },
  );
});

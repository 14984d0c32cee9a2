// Customer satisfaction end to end (issue 28): a visitor chats in the widget, the attendant resolves the
// conversation in the console, the widget shows the 1–5 rating buttons, the visitor rates 4 with a comment,
// and the console shows the rating (beside the status, and as the request's card in the timeline).
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

describe('customer satisfaction', () => {
  it('asks the widget visitor for a rating when the conversation is resolved, and the console shows it', async () => {
    const visitor = await startVisitor(browser, baseUrl, {
      name: 'Visitante Avaliador',
      emailPrefix: 'avaliador',
    });
    contexts.push(visitor.context);
    const { site, email } = visitor;
    await visitorWrites(site, 'Preciso de ajuda com meu pedido');

    const contactId = await contactByEmail(baseUrl, await apiLogin(baseUrl, attendant), email);
    const { context, page } = await openConversation(browser, baseUrl, attendant, contactId);
    contexts.push(context);
    await messageWith(page, 'Preciso de ajuda com meu pedido').waitFor();
    await page.getByTestId('resolve').click();
    await expect.poll(() => page.getByTestId('conversation-status').textContent()).toBe('Resolvida');

    // The request arrives in the widget as a message with the 1–5 buttons.
    const prompt = site.locator('.msg.out', { hasText: 'Como você avalia nosso atendimento?' });
    await prompt.waitFor({ timeout: 20_000 });
    expect(await prompt.locator('.csat-scale button').count()).toBe(5);
    const send = prompt.locator('.csat-send');
    expect(await send.isDisabled()).toBe(true);
    await prompt.getByRole('button', { name: 'Nota 4 de 5' }).click();
    await prompt.locator('textarea').fill('Resolveram rápido, obrigado');
    await send.click();
    await site.locator('.csat[role=status]', { hasText: 'Obrigado! Sua nota: 4 de 5' }).waitFor();
    await expect.poll(() => prompt.locator('.csat-scale').count()).toBe(0);

    // The console shows the rating and the comment beside the conversation's status, live (nothing polls).
    await expect
      .poll(() => page.getByTestId('csat-rating').textContent(), { timeout: 4_000 })
      .toBe('Nota 4/5 · “Resolveram rápido, obrigado”');
    // The timeline shows the request as a card under its message: the choices, then the stars and the comment.
    const card = page.getByTestId('timeline-csat');
    await expect.poll(() => card.getAttribute('data-answered'), { timeout: 20_000 }).toBe('true');
    expect(await card.getByRole('listitem').count()).toBe(5);
    expect(await card.getByTestId('csat-answer').textContent()).toContain('4 de 5 estrelas');
    expect(await card.getByTestId('csat-comment').textContent()).toContain('Resolveram rápido, obrigado');

    // The attendant's analytics count the rating (other files' ratings of this attendant may add to it).
    await page.goto(`${baseUrl}/painel/contacts-analytics`);
    await expect
      .poll(() => page.getByTestId('kpi-rating-value').textContent(), { timeout: 20_000 })
      .toMatch(/^\d,\d \/ 5$/);
    expect(await page.getByTestId('kpi-rating-count').textContent()).toMatch(/^\d+ avaliaç(ão|ões)$/);

    // Answered once: the visitor coming back sees the rating, no buttons.
    await site.reload();
    await site.locator('.launcher').click();
    await site.locator('.csat[role=status]', { hasText: 'Obrigado! Sua nota: 4 de 5' }).waitFor();
    expect(await site.locator('.csat-scale').count()).toBe(0);
  });
});

// Message actions end to end: a visitor on the demo site writes; the attendant answers quoting the visitor's
// message (the visitor sees the quote), deletes an answer for everyone (it leaves the visitor's widget at once,
// a placeholder stays in the console), writes a private note (it never reaches the visitor), and every bubble
// names its sender: the customer by name, "Você" for the attendant's own, a colleague by theirs.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin, contactByEmail } from './support/api.ts';
import { attendant, launchBrowser, supervisor } from './support/browser.ts';
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

/** Opens a bubble's menu and picks an action (the menu mounts once the timeline rests). */
async function messageAction(page: Page, text: string, action: string): Promise<void> {
  await messageWith(page, text).getByTestId('message-actions').click();
  await page.getByTestId(action).click();
}

describe('message actions', () => {
  it('answers with a quote, deletes for everyone, keeps notes private, and names every sender', async () => {
    const visitor = await startVisitor(browser, baseUrl, { name: 'Rita Visitante', emailPrefix: 'acoes' });
    contexts.push(visitor.context);
    const { site, email } = visitor;
    await visitorWrites(site, 'Qual o prazo de entrega?');

    const contactId = await contactByEmail(baseUrl, await apiLogin(baseUrl, attendant), email);
    const { context, page } = await openConversation(browser, baseUrl, attendant, contactId);
    contexts.push(context);
    await messageWith(page, 'Qual o prazo de entrega?').waitFor();

    // The reply channel is named for a person, never by the visitor's id.
    const picker = page.getByTestId('composer-channel');
    expect(await picker.inputValue()).toBe('Chat do site');

    // Answer quoting the visitor's question: the console and the visitor's widget both show the quote.
    await messageAction(page, 'Qual o prazo de entrega?', 'message-reply');
    await page.getByTestId('composer-quote').filter({ hasText: 'Respondendo a Rita Visitante' }).waitFor();
    await page.getByTestId('composer-text').fill('Cinco dias úteis.');
    await page.getByTestId('composer-text').press('Enter');
    await page.getByTestId('composer-quote').waitFor({ state: 'detached' });
    const answer = messageWith(page, 'Cinco dias úteis.');
    await answer.getByTestId('message-quote').filter({ hasText: 'Qual o prazo de entrega?' }).waitFor();
    const answered = site.locator('.msg.out', { hasText: 'Cinco dias úteis.' });
    await answered.locator('.quote', { hasText: 'Qual o prazo de entrega?' }).waitFor();

    // A private note: shown as one in the console, never in the widget.
    await page.getByTestId('composer-note').click();
    await page.getByTestId('composer-note-label').waitFor();
    await page.getByTestId('composer-text').fill('Cliente VIP, priorizar');
    await page.getByTestId('composer-text').press('Enter');
    const note = messageWith(page, 'Cliente VIP, priorizar');
    await note.getByTestId('message-note-label').waitFor();
    await page.getByTestId('composer-note').click();

    // A wrong answer, deleted for everyone: gone from the widget live, a placeholder in the console.
    await page.getByTestId('composer-text').fill('Mensagem enviada por engano');
    await page.getByTestId('composer-text').press('Enter');
    await site.locator('.msg.out', { hasText: 'Mensagem enviada por engano' }).waitFor();
    await messageAction(page, 'Mensagem enviada por engano', 'message-delete');
    await page.getByTestId('message-delete-confirm').click();
    await site.locator('.msg.out', { hasText: 'Mensagem enviada por engano' }).waitFor({ state: 'detached' });
    await page.locator('[data-testid=message][data-deleted=true]', { hasText: 'Mensagem apagada' }).waitFor();
    expect(await messageWith(page, 'Mensagem enviada por engano').count()).toBe(0);

    // A colleague's message arrives live, under their name.
    const colleague = await apiLogin(baseUrl, supervisor);
    await apiCall(baseUrl, colleague, 'POST', `/conversation/${contactId}/messages`, {
      text: 'Sou a supervisora, acompanho o caso.',
    });
    await messageWith(page, 'Sou a supervisora, acompanho o caso.').waitFor();
    // The first bubble holding a text is the message itself (a later reply may quote it).
    const senderOf = (text: string) =>
      messageWith(page, text).first().getByTestId('message-sender').textContent();
    expect(await senderOf('Qual o prazo de entrega?')).toBe('Rita Visitante');
    expect(await senderOf('Cinco dias úteis.')).toBe('Você');
    expect(await senderOf('Sou a supervisora, acompanho o caso.')).not.toMatch(/^(Você|Cliente)$/);

    // After a reload the widget still shows neither the note nor the deleted message.
    await site.reload();
    await site.locator('.launcher').click();
    await site.locator('.msg.out', { hasText: 'Sou a supervisora' }).waitFor();
    const widgetText = await site.locator('.msg').allTextContents();
    expect(widgetText.join('\n')).not.toContain('Cliente VIP');
    expect(widgetText.join('\n')).not.toContain('por engano');
  });
});

// The conversation's side pages end to end: the attendant edits the customer's data (a wrong CPF is refused on
// its field), registers an event and sees it in the events panel and in the timeline (also live, when it is
// registered elsewhere), inserts a ready phrase with the `/` shortcut, and schedules a return two minutes ahead
// and gets its reminder (a return closer than ten minutes is reminded at once), which opens the contact.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toWallTime } from '../apps/web/src/lib/wall-time.ts';
import { apiCall, apiLogin } from './support/api.ts';
import { attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let contactId: string;
let me: { name: string; timezone: string };

const suffix = Date.now() % 100_000;
const customerName = `Beatriz Painel ${suffix}`;

const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(baseUrl, token, method, path, body);

const tab = (name: string) => page.getByTestId(`tab-${name}`);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(baseUrl, attendant);
  me = await api('GET', '/user');
  const inbound = await customerWrites(dataDir, {
    address: `55118${String(suffix).padStart(8, '0')}`,
    name: customerName,
    text: 'Quero negociar minha fatura',
  });
  contactId = inbound.contactId;
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, baseUrl, attendant);
  await page.goto(`${baseUrl}/painel/conversa/${contactId}`);
  await page.getByTestId('conversation').waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('customer panels', () => {
  it('edits the customer data; a CPF with wrong check digits is refused on its field', async () => {
    await tab('customer.information').click();
    await page.waitForURL(`${baseUrl}/painel/conversa/${contactId}/informacoes`);
    await page.getByTestId('customer-edit').click();
    const documentField = page.getByTestId('customer-document');
    await documentField.fill('529.982.247-26');
    await page.getByTestId('customer-code').fill('E2E-77');
    await page.getByTestId('customer-save').click();
    await expect.poll(() => documentField.getAttribute('aria-invalid')).toBe('true');

    await documentField.fill('529.982.247-25');
    await page.getByTestId('customer-save').click();
    await page.getByTestId('customer-document').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('field-document').innerText()).toContain('52998224725');
    expect(await page.getByTestId('field-code').innerText()).toContain('E2E-77');
    const stored = await api<{ document: string; code: string }>('GET', `/conversation/${contactId}`);
    expect(stored).toMatchObject({ document: '52998224725', code: 'E2E-77' });
  });

  it('registers an event: the panel lists it and the timeline shows it, live too', async () => {
    await tab('conversation.events').click();
    await page.waitForURL(`${baseUrl}/painel/conversa/${contactId}/eventos`);
    await page.getByTestId('event-submit').click();
    await page.getByText('Selecione uma ação').first().waitFor();

    const actions = await api<{ data: { id: string; name: string }[] }>('GET', '/events/actions');
    const action = actions.data[0]!.name;
    await page.getByTestId('event-action').click();
    await page.locator('[role=listbox] [role=option]').filter({ hasText: action }).first().click();
    await page.getByTestId('event-amount-input').fill('1234,5');
    await page.getByTestId('event-annotation').fill(`Promessa de pagamento ${suffix}`);
    await page.getByTestId('event-submit').click();
    const card = page.getByTestId('event-card').filter({ hasText: `Promessa de pagamento ${suffix}` });
    await card.waitFor();
    expect(await card.innerText()).toContain(action);
    expect(await card.getByTestId('event-amount').innerText()).toMatch(/R\$\s?1\.234,50/);

    await tab('conversation.messages').click();
    await page.getByTestId('conversation').waitFor();
    await page
      .getByTestId('timeline-event')
      .filter({ hasText: `Promessa de pagamento ${suffix}` })
      .waitFor();

    // Registered by someone else while the conversation is open: it appears without a reload.
    await api('POST', `/conversation/${contactId}/events`, {
      action_id: actions.data[0]!.id,
      annotation: `Registrado pela API ${suffix}`,
    });
    await page
      .getByTestId('timeline-event')
      .filter({ hasText: `Registrado pela API ${suffix}` })
      .waitFor({ timeout: 10_000 });
  });

  it('inserts a ready phrase with the / shortcut, placeholders filled', async () => {
    await tab('ready.phrases').click();
    await page.getByTestId('phrase-new').click();
    await page.getByTestId('phrase-text').fill(`Olá {{first_name}}, aqui é {{attendant}} (ref ${suffix}).`);
    await page.getByTestId('phrase-save').click();
    await page
      .getByTestId('phrase-row')
      .filter({ hasText: `ref ${suffix}` })
      .waitFor();

    await tab('conversation.messages').click();
    const text = page.getByTestId('composer-text');
    await text.click();
    await text.pressSequentially(`/${suffix}`);
    await page
      .getByTestId('phrase-option')
      .filter({ hasText: `ref ${suffix}` })
      .waitFor();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => text.inputValue())
      .toBe(`Olá ${customerName.split(' ')[0]}, aqui é ${me.name} (ref ${suffix}).`);
    // Enter inserted the phrase: nothing was sent.
    expect(
      await page
        .getByTestId('message')
        .filter({ hasText: `ref ${suffix}` })
        .count(),
    ).toBe(0);
  });

  it('schedules a return two minutes ahead and is reminded; the reminder opens the contact', async () => {
    await tab('customer.information').click();
    await page.getByTestId('schedule-new').click();
    const at = Math.floor((Date.now() + 180_000) / 60_000) * 60_000;
    // Typed as the Portuguese console reads it: dd/mm/yyyy, then hours and minutes.
    const when = toWallTime(at, me.timezone);
    await page.getByTestId('schedule-when-date').fill(when.slice(0, 10).split('-').reverse().join('/'));
    await page.getByTestId('schedule-when-hours').fill(when.slice(11, 13));
    await page.getByTestId('schedule-when-minutes').fill(when.slice(14, 16));
    await page.getByTestId('schedule-annotation').fill(`Ligar de volta ${suffix}`);
    await page.getByTestId('schedule-save').click();
    await page
      .getByTestId('schedule-row')
      .filter({ hasText: `Ligar de volta ${suffix}` })
      .waitFor();

    // Closer than ten minutes: the 10-minute reminder is delivered at once by the job queue.
    const reminder = page.locator('.mantine-Notification-root').filter({ hasText: customerName });
    await reminder.waitFor({ timeout: 15_000 });
    expect(await reminder.innerText()).toContain(`Ligar de volta ${suffix}`);
    // Opened from the customer data page, it goes to the conversation and puts the notification away.
    await reminder.getByTestId('schedule-reminder-open').click();
    await page.waitForURL(`${baseUrl}/painel/conversa/${contactId}`);
    await page.getByTestId('conversation').waitFor();
    await reminder.waitFor({ state: 'detached' });
  });
});

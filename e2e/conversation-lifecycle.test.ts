// A conversation's life and ownership in the browser (issue 20, items 1 and 2): resolve and reopen from the
// header, a customer writing reopens it live; a transfer with a note reaching the other attendant live; a
// snoozed conversation leaving the list and coming back at its (short) time.
import { DEFAULT_CRITICAL_AFTER_MINUTES } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import {
  admin,
  attendant,
  attendant2,
  launchBrowser,
  supervisor,
  type Credentials,
} from './support/browser.ts';
import { customerWrites } from './support/control.ts';
import { openConversation, openPanel } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const contexts: BrowserContext[] = [];

/** The demo company's critical rule, as an administrator sets it in the Center. */
async function setCriticalRule(rule: { unanswered_minutes: number | null; high_priority: boolean }) {
  const token = await apiLogin(baseUrl, admin);
  const response = await fetch(`${baseUrl}/api/company/critical-rule`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (!response.ok) throw new Error(`critical rule: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // What is critical is the company's rule (issue 20, item 6): here, every high-priority contact.
  await setCriticalRule({ unanswered_minutes: null, high_priority: true });
});
afterAll(async () => {
  await setCriticalRule({ unanswered_minutes: DEFAULT_CRITICAL_AFTER_MINUTES, high_priority: true });
  for (const context of contexts) await context.close();
  await browser.close();
});

const unique = () => String(Date.now() % 100_000_000).padStart(8, '0');

/** A new customer writing to the demo company: waiting in the queue, nobody's yet. */
async function newCustomer(label: string) {
  const suffix = unique();
  const customer = { address: `+55 11 9${suffix}`, name: `${label} ${suffix}` };
  const written = await customerWrites(dataDir, { ...customer, text: 'Olá, preciso de ajuda' });
  return { ...customer, contactId: written.contactId };
}

async function open(contactId: string, credentials = attendant): Promise<Page> {
  const opened = await openConversation(browser, baseUrl, credentials, contactId);
  contexts.push(opened.context);
  return opened.page;
}

/** `path` called with the user's token, as the console would. */
async function apiPost(token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
}

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('a conversation has a life', () => {
  it('resolves and reopens from the header; a customer writing to it opens it again, live', async () => {
    const customer = await newCustomer('Ciclo');
    const page = await open(customer.contactId);
    await expect.poll(() => text(page, 'owner')).toBe('Aguardando na fila');

    await page.getByTestId('resolve').click();
    await expect.poll(() => text(page, 'conversation-status')).toBe('Resolvida');
    // Resolved while waiting, it became the resolver's.
    await expect.poll(() => text(page, 'owner')).toMatch(/^Com você desde /);

    await page.getByTestId('reopen').click();
    await page.getByTestId('conversation-status').waitFor({ state: 'detached' });
    await page.getByTestId('resolve').click();
    await expect.poll(() => text(page, 'conversation-status')).toBe('Resolvida');

    await customerWrites(dataDir, { ...customer, text: 'Voltei, ainda preciso de ajuda' });
    await page.getByTestId('conversation-status').waitFor({ state: 'detached' });
    await page.getByTestId('resolve').waitFor();
  });

  it('a snoozed conversation leaves the list and comes back to its attendant at its time', async () => {
    const customer = await newCustomer('Soneca');
    // Replying takes the customer: the conversation is the attendant's.
    const token = await apiLogin(baseUrl, attendant);
    await apiPost(token, `/conversation/${customer.contactId}/messages`, { text: 'Já vou verificar' });
    // High, so critical by the rule set above: at the top of the attendant's list (the demo's queue is longer
    // than the screen).
    await apiPost(token, `/conversation/${customer.contactId}`, { priority: 'high' });
    const page = await open(customer.contactId);
    await expect.poll(() => text(page, 'owner')).toMatch(/^Com você desde /);
    const row = page.getByTestId('contact-row').filter({ hasText: customer.name });
    await row.waitFor();

    await page.getByTestId('snooze').click();
    await page.getByTestId('snooze-oneHour').click();
    await expect.poll(() => text(page, 'conversation-status')).toMatch(/^Adiada até /);
    await row.waitFor({ state: 'detached' });

    // The clock moved on: the same conversation snoozed again until two seconds from now, by the server's
    // durable job, comes back to the attendant's list and header without a reload.
    await apiPost(token, `/conversation/${customer.contactId}/snooze`, {
      until: new Date(Date.now() + 2_000).toISOString(),
    });
    await row.waitFor({ timeout: 15_000 });
    await page.getByTestId('conversation-status').waitFor({ state: 'detached' });
  });
});

async function openPanelAs(credentials: Credentials): Promise<Page> {
  const opened = await openPanel(browser, baseUrl, credentials);
  contexts.push(opened.context);
  return opened.page;
}

describe('assignment in sight', () => {
  it('a supervisor selects conversations in the list and resolves them at once', async () => {
    const token = await apiLogin(baseUrl, supervisor);
    const customers = [await newCustomer('Lote'), await newCustomer('Lote')];
    // High, so critical by the rule set above: at the top of the list, whatever the demo's queue holds.
    for (const customer of customers) {
      await apiPost(token, `/conversation/${customer.contactId}`, { priority: 'high' });
    }
    const page = await openPanelAs(supervisor);
    for (const customer of customers) {
      const row = page.locator('[data-testid="contact-row"]', { hasText: customer.name });
      await row.waitFor();
      await page.getByRole('checkbox', { name: `Selecionar ${customer.name}` }).check();
    }
    expect(await page.getByTestId('bulk-actions').textContent()).toContain('Selecionadas: 2');
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/contact-list-selection.png`,
        clip: { x: 240, y: 60, width: 380, height: 420 },
      });
    }
    await page.getByTestId('bulk-resolve').click();
    await page.getByTestId('bulk-actions').waitFor({ state: 'detached' });
    for (const customer of customers) {
      const row = page.locator('[data-testid="contact-row"]', { hasText: customer.name });
      await expect.poll(() => row.getByTestId('row-status').textContent()).toBe('Resolvida');
    }
  });

  it('a transfer with a note reaches the other attendant live and shows in the header', async () => {
    const customer = await newCustomer('Transferência');
    const receiver = await openPanelAs(attendant2);

    // The attendant's own conversation (replying took it): theirs to pass on.
    const token = await apiLogin(baseUrl, attendant);
    await apiPost(token, `/conversation/${customer.contactId}/messages`, { text: 'Vou passar a um colega' });
    const page = await open(customer.contactId);
    await page.getByTestId('assign').click();
    await page.getByTestId('assign-target').click();
    await page.getByRole('option', { name: 'Pedro Oliveira' }).click();
    const note = 'Cliente quer a segunda via do boleto';
    await page.getByTestId('assign-note').fill(note);
    await page.getByTestId('assign-submit').click();
    // The giver, an attendant, no longer sees it: back to the panel.
    await page.waitForURL(`${baseUrl}/painel`);

    await receiver.getByTestId('transfer-note').filter({ hasText: note }).waitFor();
    await receiver.getByTestId('transfer-open').click();
    await receiver.waitForURL(`${baseUrl}/painel/conversa/${customer.contactId}`);
    await expect.poll(() => text(receiver, 'owner')).toMatch(/^Com você desde /);
    expect(await text(receiver, 'assignment-note')).toBe(`Transferida por Juliana Souza: ${note}`);
    if (process.env.E2E_SCREENSHOTS) {
      await receiver.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/conversation-header.png`,
        clip: { x: 0, y: 0, width: 1440, height: 180 },
      });
    }
  });
});

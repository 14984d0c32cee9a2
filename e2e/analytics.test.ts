// Contacts analytics (issue 28): a supervisor opens the page from the sidebar, sees the demo company's
// numbers (not zero) and a conversation they resolved in the history, switches to their own numbers (fewer,
// and without that customer: it was its attendant's) and back, and exports the history as CSV.
import type { AttendanceHistory, ContactSummary, User } from '@atende/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { launchBrowser, newContext, supervisor, signIn } from './support/browser.ts';
import { downloadedCsvLines } from './support/download.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let resolvedName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A conversation the supervisor resolves: the attended customer the history lists. Other e2e files share this
  // server and have the supervisor attend the most recent customers, so this one comes from the end of the list,
  // has an attendant of its own (a waiting customer the supervisor resolves becomes their attendance) and no
  // attendance of the supervisor's own yet.
  const token = await apiLogin(baseUrl, supervisor);
  const me = await apiCall<User>(baseUrl, token, 'GET', '/user');
  const page = await apiCall<{ data: ContactSummary[] }>(
    baseUrl,
    token,
    'GET',
    '/contacts?limit=50&status=open',
  );
  const today = new Date().toISOString().slice(0, 10);
  const candidates = page.data
    .filter((contact) => contact.responsible && contact.responsible.id !== me.id)
    .filter((contact) => page.data.filter((other) => other.name === contact.name).length === 1)
    .reverse();
  for (const contact of candidates) {
    const own = await apiCall<AttendanceHistory>(
      baseUrl,
      token,
      'GET',
      `/analytics/history?from=2020-01-01&to=${today}&user_id=${me.id}&search=${encodeURIComponent(contact.name)}`,
    );
    if (own.data.length > 0) continue;
    resolvedName = contact.name;
    await apiCall(baseUrl, token, 'POST', `/conversation/${contact.id}/resolve`, {});
    return;
  }
  throw new Error('every demo customer has an attendance of the supervisor');
});
afterAll(async () => {
  await browser.close();
});

describe('contacts analytics', () => {
  it('shows the company’s numbers, the attended customers, switches subject and exports CSV', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, supervisor);
    await page.getByRole('link', { name: 'Análise de contatos' }).click();
    await page.waitForURL(`${baseUrl}/painel/contacts-analytics`);
    await page.getByRole('heading', { level: 1, name: 'Análise de contatos' }).waitFor();
    // The period in the interface's language (day first in Portuguese), whatever the browser's own is.
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await page.getByTestId('analytics-to').inputValue()).toBe(today);

    const received = page.getByTestId('kpi-messagesIn-value');
    await received.waitFor();
    expect(Number((await received.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    const attended = page.getByTestId('kpi-attended-value');
    expect(Number((await attended.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await page.getByTestId('analytics-heatmap').waitFor();
    // The charts' numbers are in tables too, for screen readers.
    expect(await page.getByRole('table', { name: 'Mensagens por hora do dia' }).count()).toBe(1);
    const history = page.getByTestId('analytics-history');
    await history.getByRole('link', { name: resolvedName }).first().waitFor();

    // Their own numbers: a fraction of the company's (the demo's customers are the attendants'; other e2e files
    // share this server, so not necessarily none), and not the customer they resolved, which stays its
    // attendant's (its responsible attended it).
    const companyReceived = Number((await received.textContent())?.replace(/\D/g, ''));
    await page.getByTestId('analytics-subject').click();
    await page.getByRole('option', { name: 'Eu', exact: true }).click();
    await page.waitForFunction(
      (total) =>
        Number(
          document.querySelector('[data-testid="kpi-messagesIn-value"]')?.textContent?.replace(/\D/g, ''),
        ) < total,
      companyReceived,
    );
    await history.getByRole('link', { name: resolvedName }).first().waitFor({ state: 'detached' });

    // Back to the whole company, whose history is exported.
    await page.getByTestId('analytics-subject').click();
    await page.getByRole('option', { name: 'Empresa toda', exact: true }).click();
    await history.getByRole('link', { name: resolvedName }).first().waitFor();
    const lines = await downloadedCsvLines(page, page.getByTestId('analytics-export'));
    expect(lines[0]).toContain('first_response_seconds');
    expect(lines.some((line) => line.includes(resolvedName))).toBe(true);

    // Opening a customer of the history opens their conversation.
    await history.getByRole('link', { name: resolvedName }).first().click();
    await page.waitForURL(/\/painel\/conversa\//);
    await context.close();
  });
});

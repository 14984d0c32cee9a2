// Pausing service (issue 23): an attendant pauses with a reason, the sidebar's timer runs, a reload keeps the
// pause, resuming ends it; a supervisor's Center shows the pause live, and drops it on resume. The attendant
// is made for this test so no other test's queue work meets a paused user.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, makeAttendant } from './support/api.ts';
import { admin, launchBrowser, newContext, supervisor, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'pausa-e2e-senha-1';
let browser: Browser;
let username: string;

beforeAll(async () => {
  browser = await launchBrowser();
  username = `pausa.${Date.now() % 1_000_000}`;
  await makeAttendant(baseUrl, await apiLogin(baseUrl, admin), {
    name: 'Paula Pausa',
    username,
    password: PASSWORD,
  });
});
afterAll(async () => {
  await browser.close();
});

describe('pause', () => {
  it('pauses with a reason, the timer runs, a reload keeps it, a supervisor sees it live, resume ends it', async () => {
    const watching = await newContext(browser);
    const center = await watching.newPage();
    await signIn(center, baseUrl, supervisor);
    await center.goto(`${baseUrl}/center`);
    await center.getByRole('heading', { name: 'Em pausa agora' }).waitFor();
    const rowOf = () => center.getByTestId('paused-now-row').filter({ hasText: 'Paula Pausa' });
    expect(await rowOf().count()).toBe(0);

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, { company: 'demo', username, password: PASSWORD });

    await page.getByTestId('pause-open').click();
    const dialog = page.getByRole('dialog', { name: 'Pausar atendimento' });
    await dialog.getByRole('radio', { name: /Almoço/ }).check();
    await dialog.getByText('Até 60 min').waitFor();
    await dialog.getByTestId('pause-confirm').click();
    await page.getByText('Em pausa: Almoço').waitFor();
    const timer = page.getByTestId('pause-timer');
    const before = await timer.textContent();
    expect(before).toMatch(/^00:0\d$/);
    await page.waitForFunction(
      (start) => document.querySelector('[data-testid="pause-timer"]')?.textContent !== start,
      before,
    );

    // The supervisor's Center heard it: who, why, the limit, a running time.
    await rowOf().waitFor();
    expect(await rowOf().textContent()).toContain('Almoço');
    expect(await rowOf().textContent()).toContain('60 min');

    // A paused attendant gets no new customer.
    await page.getByTestId('next-in-queue').click();
    await page
      .getByText('Você está em pausa: retome o atendimento para receber novos clientes.')
      .first()
      .waitFor();

    await page.reload();
    await page.getByText('Em pausa: Almoço').waitFor();
    expect(await page.getByTestId('pause-timer').textContent()).toMatch(/^00:\d\d$/);

    await page.getByTestId('pause-resume').click();
    await page.getByTestId('pause-open').waitFor();
    expect(await page.getByTestId('pause-timer').count()).toBe(0);
    await rowOf().waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('pause-open').waitFor();
    expect(await page.getByText('Em pausa: Almoço').count()).toBe(0);
    await context.close();
    await watching.close();
  }, 120_000);

  it('keeps a latency history of the realtime connection and shows it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, { company: 'demo', username, password: PASSWORD });
    const indicator = page.getByTestId('latency-indicator');
    // The first probes come every 5 s; each one is measured in milliseconds.
    await indicator.getByText(/\d+ ms/).waitFor({ timeout: 20_000 });
    expect(await indicator.getAttribute('data-bad')).toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('atende.latency') ?? '[]'));
    expect(stored.length).toBeGreaterThan(0);
    expect(Object.keys(stored[0]).sort()).toEqual(['datetime', 'ms', 'uuid']);

    await indicator.click();
    const dialog = page.getByRole('dialog', { name: 'Histórico de latência' });
    expect(await dialog.getByTestId('latency-current').textContent()).toMatch(/^\d+ ms$/);
    expect(await dialog.getByTestId('latency-maximum').textContent()).toMatch(/^\d+ ms$/);
    await dialog.getByTestId('latency-chart').waitFor();
    await dialog
      .getByTestId('latency-storage')
      .getByText(/histórico/)
      .waitFor();
    await context.close();
  }, 60_000);
});

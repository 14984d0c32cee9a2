// Live monitor (issue 28): a supervisor opens Center › Monitor; an attendant in another browser pauses through
// the pause window and the monitor shows the pause (reason, a running duration) within a second, with no
// reload; the attendant resumes and it clears. The attendant is made for this test so no other test's queue
// work meets a paused user.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, makeAttendant } from './support/api.ts';
import { admin, launchBrowser, newContext, supervisor, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'monitor-e2e-senha-1';
const NAME = 'Mônica Monitor';
let browser: Browser;
let username: string;

beforeAll(async () => {
  browser = await launchBrowser();
  username = `monitor.${Date.now() % 1_000_000}`;
  await makeAttendant(baseUrl, await apiLogin(baseUrl, admin), { name: NAME, username, password: PASSWORD });
});
afterAll(async () => {
  await browser.close();
});

describe('live monitor', () => {
  it('shows an attendant online, their pause within a second of it, and clears it on resume', async () => {
    const watching = await newContext(browser);
    const center = await watching.newPage();
    await signIn(center, baseUrl, supervisor);
    await center.goto(`${baseUrl}/center`);
    await center.getByTestId('center-nav-center.monitor').click();
    await center.waitForURL(`${baseUrl}/center/monitor`);
    await center.getByRole('heading', { name: 'Monitor ao vivo' }).waitFor();
    const row = center.getByTestId('monitor-attendant').filter({ hasText: NAME });
    const status = row.getByTestId('monitor-status');
    await row.waitFor();
    expect(await status.getAttribute('data-status')).toBe('offline');

    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, { company: 'demo', username, password: PASSWORD });
    // Their console's connection makes them online on the monitor, live.
    await row.locator('[data-status="online"]').waitFor();
    expect(await status.textContent()).toBe('Online');

    await page.getByTestId('pause-open').click();
    const dialog = page.getByRole('dialog', { name: 'Pausar atendimento' });
    await dialog.getByRole('radio', { name: /Almoço/ }).check();
    await dialog.getByTestId('pause-confirm').click();
    await page.getByText('Em pausa: Almoço').waitFor();
    // Within a second of the attendant's own screen showing the pause, the monitor shows it too.
    await row.locator('[data-status="paused"]').waitFor({ timeout: 1_000 });
    expect(await status.textContent()).toBe('Em pausa');
    const pause = row.getByTestId('monitor-pause');
    expect(await pause.textContent()).toContain('Almoço');
    // The duration runs (formatted in the supervisor's language) with no refresh.
    const elapsed = pause.getByTestId('monitor-elapsed');
    const before = await elapsed.textContent();
    expect(before).toMatch(/^\d+ s$/);
    await center.waitForFunction(
      ([name, start]) =>
        [...document.querySelectorAll('[data-testid="monitor-attendant"]')]
          .find((tr) => tr.textContent?.includes(name!))
          ?.querySelector('[data-testid="monitor-elapsed"]')?.textContent !== start,
      [NAME, before],
    );

    await page.getByTestId('pause-resume').click();
    await page.getByTestId('pause-open').waitFor();
    await row.locator('[data-status="online"]').waitFor({ timeout: 1_000 });
    expect(await pause.textContent()).not.toContain('Almoço');

    await context.close();
    // The attendant's browser closed: offline again.
    await row.locator('[data-status="offline"]').waitFor();
    await watching.close();
  }, 120_000);
});

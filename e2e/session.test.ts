// A session that ends on the server mid-way: the next call answers 401 and the app returns to login,
// telling the user once.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogout } from './support/api.ts';
import { attendant, launchBrowser, newContext, toasts, TOKEN_KEY, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('session', () => {
  it('a 401 mid-session returns to login with one message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // A controllable clock lets the 30 s heartbeat run now instead of in 30 s.
    await page.clock.install();
    await signIn(page, baseUrl, attendant);
    await page.getByRole('heading', { name: 'Olá, Juliana!' }).waitFor();

    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    await apiLogout(baseUrl, token ?? '');
    await page.clock.fastForward(30_000);

    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await toasts(page).first().waitFor();
    expect(await toasts(page).allTextContents()).toEqual(['Sua sessão expirou. Entre novamente.']);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Going back to a console route finds no session and adds no second message.
    await page.goto(`${baseUrl}/painel`);
    await page.waitForURL(`${baseUrl}/`);
    expect(await toasts(page).count()).toBeLessThanOrEqual(1);
    await context.close();
  });
});

// The console link (spec §2: the admin Center opens the console with ?access_token=), in a real browser: the
// token leaves the address before anything loads, is exchanged once for a session of the console's own, and a
// link of someone else than who is signed in asks before switching.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import {
  attendant,
  attendant2,
  launchBrowser,
  loginThroughForm,
  newContext,
  toasts,
  TOKEN_KEY,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

/** The console's address `path` with the link's token added to its parameters. */
const linkTo = (token: string, path = '/painel') => {
  const url = new URL(path, baseUrl);
  url.searchParams.set('access_token', token);
  return url.toString();
};
const greeting = (name: string) => page.getByRole('heading', { name: `Olá, ${name}!` });
const storedToken = () => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
const dialog = () => page.getByRole('dialog', { name: 'Trocar de conta?' });
const REFUSED = 'Este link de acesso já foi usado ou não é mais válido. Entre novamente.';

async function signInThroughForm(): Promise<string> {
  await page.goto(`${baseUrl}/`);
  await loginThroughForm(page, attendant);
  await greeting('Juliana').waitFor();
  const token = await storedToken();
  if (!token) throw new Error('no stored token after login');
  return token;
}

describe('console link (?access_token=)', () => {
  it('signs in with a fresh session and leaves the token in no address, history entry or request', async () => {
    const link = await apiLogin(baseUrl, attendant);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await page.goto(linkTo(link, '/painel?tab=2'));
    await greeting('Juliana').waitFor();

    expect(page.url()).toBe(`${baseUrl}/painel?tab=2`);
    // The tab's history: the blank page it opened with, and the console's address without the token.
    expect(await page.evaluate(() => [history.length, location.href])).toEqual([
      2,
      `${baseUrl}/painel?tab=2`,
    ]);
    // The console keeps a session of its own, never the link's.
    const kept = await storedToken();
    expect(kept).toBeTruthy();
    expect(kept).not.toBe(link);
    // Only the document request itself carried the token; no later address, Referer or Authorization did.
    const [document, ...rest] = requests;
    expect(document?.url()).toContain('access_token=');
    for (const request of rest) {
      const headers = await request.allHeaders();
      expect(`${request.url()} ${headers.referer ?? ''} ${headers.authorization ?? ''}`).not.toContain(link);
    }
    const exchange = rest.find((request) => request.url().endsWith('/api/session/handoff'));
    expect(exchange?.postDataJSON()).toEqual({ token: link });
  });

  it('refuses a replayed link with the message, in another browser as in the same one', async () => {
    const link = await apiLogin(baseUrl, attendant);
    await page.goto(linkTo(link));
    await greeting('Juliana').waitFor();

    const elsewhere = await (await newContext(browser)).newPage();
    try {
      await elsewhere.goto(linkTo(link));
      await elsewhere.getByRole('button', { name: 'Entrar' }).waitFor();
      await toasts(elsewhere).first().waitFor();
      expect(await toasts(elsewhere).allTextContents()).toEqual([REFUSED]);
      expect(new URL(elsewhere.url()).search).toBe('');
      expect(await elsewhere.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    } finally {
      await elsewhere.context().close();
    }

    // Opened again where it was used: refused too, and the session it opened stays.
    const session = await storedToken();
    await page.goto(linkTo(link));
    await toasts(page).first().waitFor();
    expect(await toasts(page).allTextContents()).toEqual([REFUSED]);
    await greeting('Juliana').waitFor();
    expect(await storedToken()).toBe(session);
  });

  it('continues silently with a fresh session when the link is of the user signed in', async () => {
    const before = await signInThroughForm();
    const link = await apiLogin(baseUrl, attendant);
    await page.goto(linkTo(link));
    await greeting('Juliana').waitFor();
    const after = await storedToken();
    expect(after).not.toBe(before);
    expect(after).not.toBe(link);
    expect(await dialog().count()).toBe(0);
  });

  it('asks before switching to another user: Keep current stays, Switch changes', async () => {
    const mine = await signInThroughForm();

    await page.goto(linkTo(await apiLogin(baseUrl, attendant2)));
    await dialog().waitFor();
    expect(await dialog().textContent()).toContain(
      'Você está conectado como Juliana Souza. Continuar como Pedro Oliveira?',
    );
    await dialog().getByRole('button', { name: 'Manter a atual' }).click();
    await greeting('Juliana').waitFor();
    expect(await storedToken()).toBe(mine);
    expect(await dialog().count()).toBe(0);

    const link = await apiLogin(baseUrl, attendant2);
    await page.goto(linkTo(link));
    await dialog().getByRole('button', { name: 'Trocar' }).click();
    await greeting('Pedro').waitFor();
    const switched = await storedToken();
    expect(switched).not.toBe(mine);
    expect(switched).not.toBe(link);
    expect(new URL(page.url()).search).toBe('');
  });
});

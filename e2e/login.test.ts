// Logging in and out and the guard's redirects, in a real browser (the access_token link: handoff.test.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  attendant,
  launchBrowser,
  loginThroughForm,
  newContext,
  TOKEN_KEY,
  signIn,
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

const panelGreeting = (name: string) => page.getByRole('heading', { name: `Olá, ${name}!` });

describe('login', () => {
  it('an attendant logs in and reaches the panel in Portuguese', async () => {
    await page.goto(`${baseUrl}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await loginThroughForm(page, attendant);
    await page.waitForURL(`${baseUrl}/painel`);
    await panelGreeting('Juliana').waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
    expect(await page.getByRole('navigation', { name: 'Menu principal' }).textContent()).toContain(
      'Meu perfil',
    );
  });

  it('wrong credentials show the server message in the form and keep the visitor on login', async () => {
    await page.goto(`${baseUrl}/`);
    await loginThroughForm(page, { ...attendant, password: 'not-the-password' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Empresa, usuário ou senha inválidos.');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  });

  it('an unknown path leads to the panel (and a visitor on to login)', async () => {
    await page.goto(`${baseUrl}/nada/por/aqui`);
    await page.waitForURL(`${baseUrl}/`);
    await loginThroughForm(page, attendant);
    await page.waitForURL(`${baseUrl}/painel`);
    await page.goto(`${baseUrl}/rota/desconhecida`);
    await page.waitForURL(`${baseUrl}/painel`);
    await panelGreeting('Juliana').waitFor();
  });

  it('a reload keeps the session (stored token checked after mount)', async () => {
    await signIn(page, baseUrl, attendant);
    await page.reload();
    await panelGreeting('Juliana').waitFor();
    expect(new URL(page.url()).pathname).toBe('/painel');
  });

  it('logout ends the session and returns to login', async () => {
    await signIn(page, baseUrl, attendant);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    const after = await fetch(`${baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });
});

// Interface language by the host's top-level domain before login; the user's own setting after it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, apiSetLanguage } from './support/api.ts';
import { attendant, launchBrowser, loginThroughForm, newContext, TEST_HOSTS } from './support/browser.ts';

const port = inject('port');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const cases = [
  { host: TEST_HOSTS.es, lang: 'es', submit: 'Ingresar', title: 'Accede a tu cuenta' },
  { host: TEST_HOSTS.en, lang: 'en', submit: 'Sign in', title: 'Sign in to your account' },
  { host: TEST_HOSTS.fr, lang: 'fr', submit: 'Se connecter', title: 'Accédez à votre compte' },
  { host: TEST_HOSTS.pt_pt, lang: 'pt-PT', submit: 'Entrar', title: 'Aceda à sua conta' },
] as const;

describe('language by host', () => {
  it.each(cases)('$host shows the login page in $lang', async ({ host, lang, submit, title }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${host}:${port}/`);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect(await page.locator('form button[type=submit]').textContent()).toBe(submit);
    await context.close();
  });

  it('on a .com.ar host the demo attendant, who follows the host, reaches the panel in Spanish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const origin = `http://${TEST_HOSTS.es}:${port}`;
    await page.goto(`${origin}/`);
    await loginThroughForm(page, attendant);
    await page.waitForURL(`${origin}/painel`);
    await page.getByRole('heading', { name: '¡Hola, Juliana!' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getByRole('navigation', { name: 'Menú principal' }).textContent()).toContain(
      'Mi perfil',
    );
    await context.close();
  });

  it("after login the user's own language wins over the host's", async () => {
    const portuguese = { ...attendant, username: 'attendant2' };
    await apiSetLanguage(
      `http://127.0.0.1:${port}`,
      await apiLogin(`http://127.0.0.1:${port}`, portuguese),
      'pt_br',
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    const origin = `http://${TEST_HOSTS.es}:${port}`;
    await page.goto(`${origin}/`);
    await page.getByRole('heading', { name: 'Accede a tu cuenta' }).waitFor();
    await loginThroughForm(page, portuguese);
    await page.waitForURL(`${origin}/painel`);
    await page.getByRole('heading', { name: 'Olá, Pedro!' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await context.close();
  });
});

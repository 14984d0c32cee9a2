// The Center's white-label driven by an administrator: new theme colours, product name and logo saved on the
// Marca page, and a login page already open in another browser showing them after a reload. Every e2e file
// shares the demo company, whose brand the accessibility checks read: it is restored afterwards.
import { BRAND_FILES, type CenterBranding } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, launchBrowser, newContext, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const PURPLE = '#8e24aa';
const LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30"><rect width="120" height="30" fill="${PURPLE}"/></svg>`,
);

let browser: Browser;
let token: string;
let original: CenterBranding;
const contexts: BrowserContext[] = [];

async function page(): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), apiLogin(baseUrl, admin)]);
  original = await apiCall<CenterBranding>(baseUrl, token, 'GET', '/center/branding');
});

afterAll(async () => {
  if (original) {
    const { color_light, color_dark, product_name } = original.branding;
    await apiCall(baseUrl, token, 'PUT', '/center/branding', { color_light, color_dark, product_name });
    for (const kind of BRAND_FILES.filter((file) => !original.custom_files.includes(file))) {
      await apiCall(baseUrl, token, 'DELETE', `/center/branding/${kind}`);
    }
  }
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('Center › Marca', () => {
  it('recolours and rebrands an open login page after reload', async () => {
    // A visitor's login page for the demo company (the name last typed in this browser picks the brand).
    const login = await page();
    await login.addInitScript(() => localStorage.setItem('atende.company', 'demo'));
    await login.goto(`${baseUrl}/`);
    const submit = login.locator('form button[type=submit]');
    await submit.waitFor();
    const before = await submit.evaluate((button) => getComputedStyle(button).backgroundColor);

    const center = await page();
    await signIn(center, baseUrl, admin);
    await center.goto(`${baseUrl}/center`);
    await center.getByTestId('center-nav-center.branding').click();
    await center.getByTestId('brand-save').waitFor();

    const light = center.getByRole('textbox', { name: 'Cor do tema claro' });
    await light.fill(PURPLE);
    await center.getByRole('textbox', { name: 'Nome do produto' }).fill('Acme E2E');
    // The preview follows before anything is saved.
    await expect
      .poll(() =>
        center
          .getByTestId('brand-preview-light-button')
          .evaluate((box) => getComputedStyle(box).backgroundColor),
      )
      .toBe('rgb(142, 36, 170)');
    const saved = center.waitForResponse((response) => response.url().endsWith('/api/center/branding'));
    await center.getByTestId('brand-save').click();
    expect((await saved).status()).toBe(200);

    const uploaded = center.waitForResponse((response) =>
      response.url().endsWith('/api/center/branding/logo'),
    );
    await center
      .getByTestId('brand-file-logo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO });
    expect((await uploaded).status()).toBe(200);
    // The console itself takes the new colour at once (the pointer moved off the button: no hover shade).
    await center.mouse.move(0, 0);
    await expect
      .poll(() =>
        center.getByTestId('brand-save').evaluate((button) => getComputedStyle(button).backgroundColor),
      )
      .toBe('rgb(142, 36, 170)');

    await login.reload();
    await expect
      .poll(() => submit.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(142, 36, 170)');
    expect(before).not.toBe('rgb(142, 36, 170)');
    const logo = login.getByRole('img', { name: 'Acme E2E' });
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/branding\/logo\.[0-9a-f]{32}\.svg$/);
    await expect
      .poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect.poll(() => login.title()).toBe('Acme E2E');
  });
});

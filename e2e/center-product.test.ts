// Product administration as the product's support sees it (issue 21 item 6): root creates a company and is shown
// its administrator's temporary password once, opens a support session as that administrator (a banner on
// every screen says so, and ends it), returns to their own session, then suspends the company: its
// administrator can no longer sign in and is told why.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  admin,
  launchBrowser,
  loginThroughForm,
  newContext,
  type Credentials,
  signIn,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const root: Credentials = { company: 'demo', username: 'root', password: 'demo1234' };
const slug = `e2e-${Date.now().toString(36)}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(credentials: Credentials): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signIn(page, baseUrl, credentials);
  return page;
}

describe('product administration', () => {
  it('creates a company, acts as its admin with a banner, ends it, suspends the company', async () => {
    const page = await signedIn(root);
    await page.goto(`${baseUrl}/center`);
    await page.getByTestId('center-nav-center.product').click();
    await page.waitForURL(`${baseUrl}/center/product`);

    await page.getByTestId('company-create').click();
    await page.getByTestId('company-name').fill('Loja E2E');
    await page.getByTestId('company-slug').fill(slug);
    await page.getByTestId('company-admin-name').fill('Ana Administradora');
    await page.getByTestId('company-admin-username').fill('ana');
    await page.getByTestId('company-create-submit').click();
    const password = (await page.getByTestId('company-temporary-password').textContent()) ?? '';
    expect(password).toMatch(/^[\w-]{12}$/);
    await page.getByTestId('company-created-close').click();

    const row = page.locator(`[data-testid=company-row][data-slug="${slug}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Ativa');

    // Support session: the console opens as the company's administrator, with the banner on every screen.
    await row.getByTestId('company-impersonate').click();
    await page.waitForURL(`${baseUrl}/painel`);
    const banner = page.getByTestId('support-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(
      'Você está acessando como Ana Administradora (Loja E2E, suporte) —',
    );
    await page.goto(`${baseUrl}/center`);
    await page.getByRole('heading', { name: /Loja E2E/ }).waitFor();
    await banner.waitFor();
    expect(await page.getByTestId('center-nav-center.product').count()).toBe(0);

    // Ending it comes back to root's own session, on the product page.
    await banner.getByRole('button', { name: 'Encerrar' }).click();
    await page.waitForURL(`${baseUrl}/center/product`);
    await row.waitFor();
    expect(await page.getByTestId('support-banner').count()).toBe(0);

    // The company's audit log, read as its admin, names who came in: checked by the server tests; here, suspend.
    await row.getByTestId('company-toggle').click();
    const dialog = page.getByRole('dialog', { name: 'Suspender “Loja E2E”?' });
    await dialog.getByRole('button', { name: 'Suspender' }).click();
    await row.getByTestId('company-status').filter({ hasText: 'Suspensa' }).waitFor();
    await page.context().close();

    const refused = await (await newContext(browser)).newPage();
    await refused.goto(`${baseUrl}/`);
    await loginThroughForm(refused, { company: slug, username: 'ana', password });
    await refused
      .getByRole('alert')
      .filter({ hasText: 'O acesso desta empresa está suspenso. Fale com o suporte do produto.' })
      .waitFor();
    expect(refused.url()).toBe(`${baseUrl}/`);
    await refused.context().close();
  });

  it('does not offer the product area to a company administrator', async () => {
    const page = await signedIn(admin);
    try {
      await page.goto(`${baseUrl}/center`);
      await page.getByTestId('center-nav-center').waitFor();
      expect(await page.getByTestId('center-nav-center.product').count()).toBe(0);
      await page.goto(`${baseUrl}/center/product`);
      await page.getByRole('alert').filter({ hasText: 'Somente super administradores' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

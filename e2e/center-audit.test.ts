// Login throttling as people see it (issue 19, finding 6): someone guessing a password through the form is
// told how long to wait, and the company's administrator finds the episode in the Center's Audit section,
// which a supervisor is not offered. The guessed username exists in no company, so the demo accounts other
// specs sign in with are never slowed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  admin,
  type Credentials,
  launchBrowser,
  loginThroughForm,
  newContext,
  supervisor,
  signIn,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const guesser: Credentials = { company: 'demo', username: `intruso${Date.now()}`, password: 'chute-errado' };

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

describe('login throttling and the audit log', () => {
  it('tells the guesser when to try again, and shows the episode to the administrator', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      const submit = async () => {
        const response = page.waitForResponse((candidate) => candidate.url().endsWith('/api/login'));
        await loginThroughForm(page, guesser);
        return (await response).status();
      };
      for (let i = 0; i < 3; i++) expect(await submit()).toBe(400);
      // The next try comes within the first second's wait on any machine but a very slow one: try until told.
      let status = await submit();
      for (let i = 0; status !== 429 && i < 3; i++) status = await submit();
      expect(status).toBe(429);
      await page
        .getByRole('alert')
        .filter({ hasText: /^Muitas tentativas de acesso\. Tente novamente em \d+ segundos?\.$/ })
        .waitFor();
    } finally {
      await context.close();
    }

    const center = await signedIn(admin);
    await center.goto(`${baseUrl}/center`);
    await center.getByTestId('center-nav-center.audit').click();
    await center.waitForURL(`${baseUrl}/center/audit`);
    const row = center.getByTestId('audit-row').filter({ hasText: guesser.username });
    await row.waitFor();
    expect(await row.textContent()).toContain('Acesso desacelerado após senhas erradas');
    expect(await row.textContent()).toContain('3 falha(s) deste endereço');
    await center.context().close();
  });

  it('does not offer the Audit section to a supervisor', async () => {
    const page = await signedIn(supervisor);
    try {
      await page.goto(`${baseUrl}/center`);
      await page.getByTestId('center-nav-center').waitFor();
      expect(await page.getByTestId('center-nav-center.audit').count()).toBe(0);
      await page.goto(`${baseUrl}/center/audit`);
      await page.getByRole('alert').filter({ hasText: 'Somente administradores' }).waitFor();
    } finally {
      await page.context().close();
    }
  });
});

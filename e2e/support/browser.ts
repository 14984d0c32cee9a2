// Debian's Chromium driven by playwright-core (no downloaded browsers), with test host names mapped to the
// local server so language-by-domain can be exercised.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Host names the language tests visit; every one resolves to the local server. */
export const TEST_HOSTS = {
  es: 'demo.atende.com.ar',
  en: 'demo.atende.com',
  fr: 'demo.atende.fr',
  pt_pt: 'demo.atende.pt',
} as const;

const HOST_RULES = Object.values(TEST_HOSTS)
  .map((host) => `MAP ${host} 127.0.0.1`)
  .join(',');

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      // A synthetic microphone (a beep) without a permission prompt, for voice recordings.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--host-resolver-rules=${HOST_RULES}`,
    ],
  });

export const DESKTOP = { width: 1440, height: 900 };

export const newContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: DESKTOP, locale: 'pt-BR' });

export interface Credentials {
  company: string;
  username: string;
  password: string;
}

export const attendant: Credentials = { company: 'demo', username: 'attendant', password: 'demo1234' };
export const attendant2: Credentials = { company: 'demo', username: 'attendant2', password: 'demo1234' };
export const supervisor: Credentials = { company: 'demo', username: 'supervisor', password: 'demo1234' };
export const admin: Credentials = { company: 'demo', username: 'admin', password: 'demo1234' };

/** Fills the login form and submits it ("Entrar" or its translation: the form's only submit button). */
export async function loginThroughForm(page: Page, credentials: Credentials): Promise<void> {
  await page.locator('input[name=company]').fill(credentials.company);
  await page.locator('input[name=username]').fill(credentials.username);
  await page.locator('input[name=password]').fill(credentials.password);
  await page.locator('form button[type=submit]').click();
}

/** Opens the login page, signs in through the form and waits for the console. */
export async function signIn(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await loginThroughForm(page, credentials);
  await page.waitForURL(`${baseUrl}/painel`);
}

/** Toasts currently on screen (Mantine notifications). */
export const toasts = (page: Page) => page.locator('.mantine-Notification-root');

export const TOKEN_KEY = 'atende.access_token';

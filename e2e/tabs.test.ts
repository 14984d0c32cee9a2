// One active tab: a second tab shows open.page and can take over; the first one then shows open.page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attendant, launchBrowser, newContext, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('tabs', () => {
  it('a second tab gets open-page and "Usar Aqui" moves the console to it', async () => {
    const context = await newContext(browser);
    const first = await context.newPage();
    await signIn(first, baseUrl, attendant);
    await first.getByRole('heading', { name: 'Olá, Juliana!' }).waitFor();

    const second = await context.newPage();
    await second.goto(`${baseUrl}/painel`);
    await second.waitForURL(`${baseUrl}/open-page`);
    await second.getByRole('heading', { name: 'O Atende está aberto em outra aba' }).waitFor();
    expect(new URL(first.url()).pathname).toBe('/painel');

    await second.getByRole('button', { name: 'Usar Aqui' }).click();
    await second.waitForURL(`${baseUrl}/painel`);
    await second.getByRole('heading', { name: 'Olá, Juliana!' }).waitFor();
    await first.waitForURL(`${baseUrl}/open-page`);

    // And back again.
    await first.getByRole('button', { name: 'Usar Aqui' }).click();
    await first.waitForURL(`${baseUrl}/painel`);
    await second.waitForURL(`${baseUrl}/open-page`);
    await context.close();
  });
});

// The Center's company settings driven by an administrator: business hours that exclude now make the website
// chat say the team is away (a visitor may still write); hours that include now take the notice away after
// the visitor's page reloads. Every e2e file shares the demo company: its settings are restored afterwards.
import { WEEKDAYS, type CenterCompanySettings } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, launchBrowser, newContext, signIn } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const CLOSED_NOTICE = 'Estamos fora do horário de atendimento';

let browser: Browser;
let token: string;
let original: CenterCompanySettings;
const contexts: BrowserContext[] = [];

async function page(locale?: string): Promise<Page> {
  const context = locale ? await browser.newContext({ locale }) : await newContext(browser);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), apiLogin(baseUrl, admin)]);
  original = await apiCall<CenterCompanySettings>(baseUrl, token, 'GET', '/center/company');
});

afterAll(async () => {
  if (original) {
    const { business_hours, holidays } = original.settings;
    await apiCall(baseUrl, token, 'PATCH', '/center/company', { business_hours, holidays });
  }
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** The weekday it is now in the demo company's zone (São Paulo, the default). */
const todayInCompany = () => {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', weekday: 'short' })
    .format(new Date())
    .toLowerCase();
  return WEEKDAYS.find((day) => name.startsWith(day))!;
};

describe('Center › Empresa', () => {
  it('business hours that exclude now put the offline notice on the widget; hours that include now take it away', async () => {
    const center = await page();
    await signIn(center, baseUrl, admin);
    await center.goto(`${baseUrl}/center`);
    await center.getByTestId('center-nav-center.company').click();

    // Hours on: Monday to Friday; every span removed, the company attends at no hour.
    await center.getByRole('switch', { name: /Atender em horário definido/ }).click();
    const remove = center.getByRole('button', { name: 'Remover intervalo' });
    while ((await remove.count()) > 0) await remove.first().click();
    const closed = center.waitForResponse((response) => response.url().endsWith('/api/center/company'));
    await center.getByRole('button', { name: 'Salvar configurações' }).click();
    expect((await closed).status()).toBe(200);

    const site = await page('pt-BR');
    await site.goto(`${baseUrl}/widget-demo`);
    await site.locator('.launcher').click();
    await site.locator('.notice', { hasText: CLOSED_NOTICE }).waitFor();
    // The notice says a message may still be left, and the visitor can start the conversation.
    expect(await site.locator('.notice').textContent()).toContain('Deixe sua mensagem');
    await site.locator('form.prechat input[name=name]').waitFor();

    // Today from midnight to 23:59: the company attends now.
    const day = todayInCompany();
    await center.getByTestId(`hours-${day}`).getByRole('button', { name: 'Adicionar intervalo' }).click();
    // Each time is its hours and minutes fields, on the interface language's clock.
    const setField = async (testId: string, value: string) => {
      const field = center.getByTestId(testId);
      await field.click();
      await field.press('Control+a');
      await field.press('Backspace');
      await field.pressSequentially(value);
    };
    await setField(`hours-${day}-0-start-hours`, '00');
    await setField(`hours-${day}-0-start-minutes`, '00');
    await setField(`hours-${day}-0-end-hours`, '23');
    await setField(`hours-${day}-0-end-minutes`, '59');
    const opened = center.waitForResponse((response) => response.url().endsWith('/api/center/company'));
    await center.getByRole('button', { name: 'Salvar configurações' }).click();
    const saved = await opened;
    expect(saved.status()).toBe(200);
    expect(
      ((await saved.json()) as CenterCompanySettings).settings.business_hours?.[todayInCompany()],
    ).toEqual([{ start: '00:00', end: '23:59' }]);

    await site.reload();
    await site.locator('.launcher').click();
    await site.locator('form.prechat input[name=name]').waitFor();
    expect(await site.locator('.notice', { hasText: CLOSED_NOTICE }).count()).toBe(0);
  });
});

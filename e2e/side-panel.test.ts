// A conversation's side pages beside its messages on a wide screen: the panel opens next to the timeline (both on
// screen, working together: a ready phrase goes into the footer beside it, an event registered shows in the
// timeline), resizes with the keyboard, keeps its width across a reload because the server remembers it, closes
// with Escape, reopens when a conversation is opened again, follows back/forward; on a narrow screen the pages
// are tabs that replace the messages, as before.
import type { UserPreferences } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let contactId: string;

const suffix = Date.now() % 100_000;
const customerName = `Helena Lateral ${suffix}`;
const DEFAULTS = { side_panel: null, side_panel_width: 380 };

const api = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(baseUrl, token, method, path, body);

const preferences = () => api<UserPreferences>('GET', '/user/preferences');
const tab = (name: string) => page.getByTestId(`tab-${name}`);
const panel = () => page.getByTestId('side-panel');
const handle = () => page.getByRole('separator', { name: 'Redimensionar painel lateral' });
const conversationUrl = (suffixPath = '') => `${baseUrl}/painel/conversa/${contactId}${suffixPath}`;

async function box(testId: string) {
  const found = await page.getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not on screen`);
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(baseUrl, attendant);
  // The attendant is shared with other files: start from (and leave) what a new user has.
  await api('POST', '/user/preferences', DEFAULTS);
  const inbound = await customerWrites(dataDir, {
    address: `55119${String(suffix).padStart(8, '0')}`,
    name: customerName,
    text: 'Preciso rever meu contrato',
  });
  contactId = inbound.contactId;
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, baseUrl, attendant);
  await page.goto(conversationUrl());
  await page.getByTestId('conversation').waitFor();
});
afterAll(async () => {
  if (token) await api('POST', '/user/preferences', DEFAULTS).catch(() => undefined);
  await context?.close();
  await browser?.close();
});

describe('side panel beside the timeline', () => {
  it('opens customer data beside the timeline: both on screen, side by side', async () => {
    expect(await panel().count()).toBe(0);
    await tab('customer.information').click();
    await page.waitForURL(conversationUrl('/informacoes'));
    await panel().getByTestId('customer-data').waitFor();
    await page.getByTestId('timeline').waitFor();
    await page.getByTestId('composer-text').waitFor();
    const timeline = await box('timeline');
    const side = await box('side-panel');
    expect(side.x).toBeGreaterThanOrEqual(timeline.x + timeline.width);
    expect(side.width).toBe(380);
    expect(await tab('customer.information').getAttribute('aria-current')).toBe('page');
    await expect.poll(async () => (await preferences()).side_panel).toBe('customer');
  });

  it('works with the messages beside it: a phrase goes into the footer, an event into the timeline', async () => {
    await tab('ready.phrases').click();
    await page.waitForURL(conversationUrl('/frases'));
    // A phrase without variables, so the footer gets its text as listed (other tests add phrases with
    // {{first_name}} and the like, which the insert fills in).
    const row = panel().getByTestId('phrase-row').filter({ hasNotText: '{{' }).first();
    const phrase = (await row.getByTestId('phrase-row-text').innerText()).trim();
    await row.getByTestId('phrase-insert').click();
    const text = page.getByTestId('composer-text');
    await expect.poll(() => text.inputValue()).toContain(phrase.slice(0, 20));
    // The panel stays open and the footer has the caret, ready to edit and send.
    expect(page.url()).toBe(conversationUrl('/frases'));
    await expect.poll(() => text.evaluate((element) => element === document.activeElement)).toBe(true);

    await tab('conversation.events').click();
    const actions = await api<{ data: { id: string; name: string }[] }>('GET', '/events/actions');
    await page.getByTestId('event-action').click();
    await page
      .locator('[role=listbox] [role=option]')
      .filter({ hasText: actions.data[0]!.name })
      .first()
      .click();
    await page.getByTestId('event-annotation').fill(`Ao lado ${suffix}`);
    await page.getByTestId('event-submit').click();
    await page
      .getByTestId('timeline-event')
      .filter({ hasText: `Ao lado ${suffix}` })
      .waitFor();
    // The draft typed before is still in the footer: the messages never left the screen.
    expect(await text.inputValue()).toContain(phrase.slice(0, 20));
  });

  it('resizes with the keyboard and keeps the width across a reload (remembered by the server)', async () => {
    await handle().focus();
    expect(await handle().getAttribute('aria-valuenow')).toBe('380');
    // The panel is on the right: the handle going right narrows it, going left widens it.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    expect(await handle().getAttribute('aria-valuenow')).toBe('332');
    expect((await box('side-panel')).width).toBe(332);
    await page.keyboard.press('ArrowLeft');
    expect(await handle().getAttribute('aria-valuenow')).toBe('348');
    // Saved once the keys stop.
    await expect.poll(async () => (await preferences()).side_panel_width).toBe(348);

    await page.reload();
    await panel().waitFor();
    await page.getByTestId('timeline').waitFor();
    await expect.poll(() => handle().getAttribute('aria-valuenow')).toBe('348');
    expect((await box('side-panel')).width).toBe(348);
  });

  it('closes with Escape from inside, reopens with the next conversation opened, follows back and forward', async () => {
    await page.getByTestId('event-annotation').click();
    await page.keyboard.press('Escape');
    await page.waitForURL(conversationUrl());
    await panel().waitFor({ state: 'detached' });
    await page.getByTestId('timeline').waitFor();
    await expect.poll(async () => (await preferences()).side_panel).toBeNull();

    await tab('ready.phrases').click();
    await panel().waitFor();
    await page.goBack();
    await page.waitForURL(conversationUrl());
    await panel().waitFor({ state: 'detached' });
    await page.goForward();
    await page.waitForURL(conversationUrl('/frases'));
    await panel().getByTestId('phrases').waitFor();

    // Opened again from elsewhere, the conversation comes with the panel last open.
    await page.goto(`${baseUrl}/painel`);
    await page.goto(conversationUrl());
    await page.waitForURL(conversationUrl('/frases'));
    await panel().getByTestId('phrases').waitFor();
    await page.getByTestId('side-panel-close').click();
    await page.waitForURL(conversationUrl());
    await panel().waitFor({ state: 'detached' });
  });

  it('on a narrow screen the pages are tabs that replace the messages', async () => {
    await page.setViewportSize({ width: 900, height: 800 });
    await tab('conversation.events').click();
    await page.waitForURL(conversationUrl('/eventos'));
    await page.getByTestId('event-form').waitFor();
    expect(await page.getByTestId('conversation').count()).toBe(0);
    expect(await panel().count()).toBe(0);
    // Nothing is remembered from a narrow screen: the side panel stays closed for the next wide one.
    expect((await preferences()).side_panel).toBeNull();
    await tab('conversation.messages').click();
    await page.getByTestId('conversation').waitFor();
    expect(await page.getByTestId('event-form').count()).toBe(0);
  });
});

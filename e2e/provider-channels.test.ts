// Real messaging channels end to end: an administrator connects a WhatsApp number in the Center's form and
// registers a Telegram bot's webhook from its Connection dialog, both pointed at the providers' simulators; a
// WhatsApp customer and a Telegram customer write through the providers' signed webhooks; the attendant
// answers both in the console; the WhatsApp answer's ticks move to delivered and read as Meta reports them,
// the Telegram one stays sent (bots get no receipts).
import type { CenterChannelAccount, CenterChannelList } from '@atende/contract';
import { startTelegramSimulator, type TelegramSimulator } from '@atende/simulators/providers/telegram';
import { startWhatsappSimulator, type WhatsappSimulator } from '@atende/simulators/providers/whatsapp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { messageWith, openConversation } from './support/conversation.ts';

const baseUrl = inject('baseUrl');
const stamp = Date.now();
const WHATSAPP_NAME = `WhatsApp E2E ${stamp}`;
const TELEGRAM_NAME = `Telegram E2E ${stamp}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let whatsapp: WhatsappSimulator;
let telegram: TelegramSimulator;
let adminToken: string;

async function accountNamed(name: string): Promise<CenterChannelAccount> {
  const list = await apiCall<CenterChannelList>(baseUrl, adminToken, 'GET', '/center/channels');
  const found = list.data.find((account) => account.name === name);
  if (!found) throw new Error(`no channel account named ${name}`);
  return found;
}

async function contactNamed(name: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await apiCall<{ data: { id: string }[] }>(
      baseUrl,
      adminToken,
      'POST',
      '/conversations/search',
      {
        parameter: 'name',
        value: name,
      },
    );
    if (page.data[0]) return page.data[0].id;
    if (Date.now() > deadline) throw new Error(`no contact named ${name}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

async function fill(page: Page, testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).fill(value);
}

beforeAll(async () => {
  [whatsapp, telegram, browser, adminToken] = await Promise.all([
    startWhatsappSimulator(),
    startTelegramSimulator(),
    launchBrowser(),
    apiLogin(baseUrl, admin),
  ]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await whatsapp?.close();
  await telegram?.close();
});

describe('provider channels', () => {
  it('connects WhatsApp and Telegram in the Center; both customers are answered; WhatsApp ticks reach read', async () => {
    // The administrator connects the WhatsApp number through the Center's form.
    const center = await newContext(browser);
    contexts.push(center);
    const page = await center.newPage();
    await signIn(page, baseUrl, admin);
    await page.goto(`${baseUrl}/center/channels`);
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-new-whatsapp').click();
    const { settings, secrets } = whatsapp.account;
    await fill(page, 'channel-name', WHATSAPP_NAME);
    await fill(page, 'channel-address', whatsapp.account.address);
    await fill(page, 'channel-settings.phone_number_id', settings.phone_number_id!);
    await fill(page, 'channel-settings.business_account_id', settings.business_account_id!);
    await fill(page, 'channel-secrets.access_token', secrets.access_token!);
    await fill(page, 'channel-secrets.app_secret', secrets.app_secret!);
    await fill(page, 'channel-settings.api_base_url', whatsapp.apiBaseUrl);
    await page.getByTestId('channel-save').click();
    await page.getByTestId('channel-save').waitFor({ state: 'detached' });
    const whatsappAccount = await accountNamed(WHATSAPP_NAME);
    whatsapp.setWebhookUrl(whatsappAccount.provider!.webhook_url);

    // The Telegram bot is created, then its webhook registered from its Connection dialog.
    await apiCall(baseUrl, adminToken, 'POST', '/center/channels', {
      kind: 'telegram',
      name: TELEGRAM_NAME,
      address: '@atende_e2e_bot',
      settings: { api_base_url: telegram.apiBaseUrl },
      secrets: { bot_token: telegram.botToken },
    });
    await page.reload();
    const telegramRow = page.getByTestId('channel-row').filter({ hasText: TELEGRAM_NAME });
    await telegramRow.getByTestId('channel-test').waitFor();
    await telegramRow.getByTestId('channel-setup').click();
    const telegramAccount = await accountNamed(TELEGRAM_NAME);
    expect(await page.getByTestId('channel-webhook-url').textContent()).toBe(
      telegramAccount.provider!.webhook_url,
    );
    await page.getByTestId('channel-register-webhook').click();
    await expect.poll(() => telegram.webhook()?.url).toBe(telegramAccount.provider!.webhook_url);

    // Two customers write, each through their provider's signed webhook.
    const whatsappName = `Ana WhatsApp ${stamp}`;
    const telegramName = `Bruno Telegram ${stamp}`;
    expect(
      (
        await whatsapp.customerWrites({
          from: `55119${String(stamp).slice(-8)}`,
          name: whatsappName,
          text: 'Oi, pelo WhatsApp!',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await telegram.customerWrites({
          from: String(stamp).slice(-9),
          name: telegramName,
          text: 'Olá, pelo Telegram!',
        })
      ).status,
    ).toBe(200);

    // The attendant answers both in the console.
    const answer = async (customer: string, incoming: string, reply: string) => {
      const contactId = await contactNamed(customer);
      const opened = await openConversation(browser, baseUrl, attendant, contactId);
      contexts.push(opened.context);
      await messageWith(opened.page, incoming).waitFor();
      await opened.page.getByTestId('composer-text').fill(reply);
      await opened.page.getByTestId('composer-text').press('Enter');
      const bubble = messageWith(opened.page, reply);
      await bubble.and(opened.page.locator('[data-status="sent"]')).waitFor();
      return { page: opened.page, bubble };
    };
    const whatsappReply = await answer(whatsappName, 'Oi, pelo WhatsApp!', 'Olá Ana, como posso ajudar?');
    const telegramReply = await answer(telegramName, 'Olá, pelo Telegram!', 'Oi Bruno, estou aqui.');

    // Each provider received the answer as its API takes it.
    expect(whatsapp.sent().at(-1)).toMatchObject({ text: 'Olá Ana, como posso ajudar?' });
    expect(telegram.sent().at(-1)).toMatchObject({ text: 'Oi Bruno, estou aqui.' });

    // Meta reports delivered, then read: the ticks follow live.
    const sentId = whatsapp.sent().at(-1)!.providerMessageId;
    expect(await whatsapp.reportStatus(sentId, 'delivered')).toBe(200);
    await whatsappReply.bubble.and(whatsappReply.page.locator('[data-status="delivered"]')).waitFor();
    expect(await whatsapp.reportStatus(sentId, 'read')).toBe(200);
    await whatsappReply.bubble.and(whatsappReply.page.locator('[data-status="read"]')).waitFor();
    // A late "delivered" never takes the tick back.
    expect(await whatsapp.reportStatus(sentId, 'delivered')).toBe(200);
    await whatsappReply.page.waitForTimeout(500);
    expect(await whatsappReply.bubble.getAttribute('data-status')).toBe('read');
    expect(await telegramReply.bubble.getAttribute('data-status')).toBe('sent');
  });
});

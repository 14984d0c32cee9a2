// A power campaign (issue 27) in the browser against the real server and its embedded PBX: with the attendant's
// console online, a supervisor starts a power campaign (ratio 2) of two customers from the Center; the PBX rings
// both at once (two lines for one free attendant); one is busy, the other answers and is handed over: the
// attendant's softphone answers it by itself and the customer's conversation opens. The customer hangs up, the
// console sees the call end, and the attendant classifies it with the campaign's outcome.
import type { Campaign, CampaignAttemptPage, CenterPhoneSettings, Contact } from '@atende/contract';
import { SipPhone } from '@atende/simulators/sip-phone';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import {
  admin,
  attendant,
  launchBrowser,
  loginThroughForm,
  newContext,
  supervisor,
} from './support/browser.ts';
import { asUpdate, newNumber, openConsoleAs, putPhoneSettings } from './support/softphone.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let adminToken: string;
let supervisorToken: string;
let original: CenterPhoneSettings;
const phones: SipPhone[] = [];
/** Campaigns this file started: finished at the end whatever happens (files share the server). */
const started: string[] = [];

async function customerPhone(number: string): Promise<SipPhone> {
  const phone = new SipPhone({
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/sip`,
    uri: `sip:${number}@${original.sip_domain}`,
    password: original.carrier_password!,
    authorizationUser: 'carrier',
    toneHz: 440,
  });
  phones.push(phone);
  await phone.next('registered');
  return phone;
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiLogin(baseUrl, admin);
  supervisorToken = await apiLogin(baseUrl, supervisor);
  original = await apiCall<CenterPhoneSettings>(baseUrl, adminToken, 'GET', '/center/phone/settings');
  await putPhoneSettings(baseUrl, adminToken, { ...asUpdate(original), pbx: 'embedded', wrap_up_seconds: 3 });
});
afterEach(async () => {
  for (const phone of phones.splice(0)) await phone.stop();
});
afterAll(async () => {
  for (const id of started) {
    await apiCall(baseUrl, supervisorToken, 'POST', `/campaigns/${id}/finish`, {}).catch(() => undefined);
  }
  await putPhoneSettings(baseUrl, adminToken, asUpdate(original));
  await browser.close();
});

describe('power campaigns', () => {
  it('hands the answered customer to the attendant’s console, which answers it and opens the conversation', async () => {
    const attendantToken = await apiLogin(baseUrl, attendant);
    const me = await apiCall<{ id: string }>(baseUrl, attendantToken, 'GET', '/user');
    const customers: { name: string; number: string; contact: Contact }[] = [];
    for (const name of ['Paula Potência', 'Otávio Ocupado']) {
      const number = newNumber();
      const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
        name,
        channel: { type: 'voice', address: number },
      });
      customers.push({ name, number, contact });
      await new Promise((resolve) => setTimeout(resolve, 5)); // newNumber is clock-based
    }
    const [answering, busy] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const list = await apiCall<{ id: string }>(baseUrl, supervisorToken, 'POST', '/broadcasts/lists', {
      source: 'contacts',
      name: `Potência ${Date.now()}`,
      contact_ids: customers.map((customer) => customer.contact.id),
    });
    const channels = await apiCall<{ data: { id: string; kind: string }[] }>(
      baseUrl,
      supervisorToken,
      'GET',
      '/channels',
    );
    const campaignName = `Potência e2e ${Date.now()}`;
    const once = { after_minutes: 60, max_tries: 1 };
    const campaign = await apiCall<Campaign>(baseUrl, supervisorToken, 'POST', '/campaigns', {
      name: campaignName,
      list_id: list.id,
      channel_account_id: channels.data.find((account) => account.kind === 'voice')!.id,
      mode: 'power',
      ratio: 2,
      calling_hours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
      retry: { no_answer: once, busy: once, voicemail: once },
      attendant_ids: [me.id],
      script: '',
    });
    started.push(campaign.id);
    const answeringPhone = await customerPhone(answering.number);
    const busyPhone = await customerPhone(busy.number);

    // The attendant is online (the dialer paces from who is available), then the supervisor starts the campaign.
    const page = await openConsoleAs(browser, baseUrl, attendant);
    const supervising = await (await newContext(browser)).newPage();
    await supervising.goto(`${baseUrl}/`);
    await loginThroughForm(supervising, supervisor);
    await supervising.waitForURL(`${baseUrl}/painel`);
    await supervising.goto(`${baseUrl}/center/campaigns`);
    const row = supervising.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
    await row.getByTestId('campaign-start').click();
    await row.locator('[data-testid="campaign-status"][data-status="running"]').waitFor();

    // Two lines for one free attendant: both customers ring at once.
    await Promise.all([answeringPhone.next('incoming', 20_000), busyPhone.next('incoming', 20_000)]);
    busyPhone.reject(486);
    answeringPhone.answer();
    // The console answers the hand-over by itself and opens the customer's conversation.
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor({ timeout: 15_000 });
    await answeringPhone.next('confirmed');
    await expect
      .poll(() => page.url(), { timeout: 10_000 })
      .toMatch(new RegExp(`^${baseUrl}/painel/conversa/${answering.contact.id}(/|$)`));

    // The customer hangs up: the console's call ends, and the attendant classifies it.
    answeringPhone.hangup();
    const dialog = page.getByRole('dialog', { name: 'Motivo da ligação' });
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('radio', { name: 'Venda' }).check();
    await dialog.getByTestId('classification-outcome').click();
    await page.getByRole('option', { name: 'Venda', exact: true }).click();
    await dialog.getByTestId('classification-save').click();
    await dialog.waitFor({ state: 'hidden' });

    // One sale by this attendant, one busy; nobody left, the campaign finishes by itself.
    await expect
      .poll(
        async () =>
          (
            await apiCall<CampaignAttemptPage>(
              baseUrl,
              supervisorToken,
              'GET',
              `/campaigns/${campaign.id}/attempts`,
            )
          ).data
            .map((attempt) => attempt.outcome)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['busy', 'sale']);
    await expect
      .poll(
        async () =>
          (await apiCall<Campaign>(baseUrl, supervisorToken, 'GET', `/campaigns/${campaign.id}`)).status,
        { timeout: 15_000 },
      )
      .toBe('finished');
    await page.context().close();
    await supervising.context().close();
  });
});

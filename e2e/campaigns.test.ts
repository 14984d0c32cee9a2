// Power-dial campaigns (issue 27) in the browser against the real server and its embedded PBX: a supervisor
// starts a preview campaign of two customers from the Center and watches it live; the attendant's console shows
// each customer in the campaign popup with the script, calls them (a type 2 Smart Trigger call a simulated
// customer phone answers), lands in the customer's conversation, hangs up and classifies the call with the
// campaign's outcome; the live view counts both answered calls and the customer's campaign page lists the
// attempt; the attendant then leaves the campaign from the user campaigns modal.
import type { ContactCampaigns, UserCampaignList } from '@atende/contract';
import type { SipPhone } from '@atende/simulators/sip-phone';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { attendant, newContext, supervisor, signIn } from './support/browser.ts';
import { campaignStage } from './support/campaigns.ts';
import { openConsoleAs } from './support/softphone.ts';

const baseUrl = inject('baseUrl');
const SCRIPT = 'Bom dia! Falo da Atende sobre a renovação do seu plano.';
const stage = campaignStage(baseUrl);

/** Calls the customer the popup shows, has them answer, hangs up and classifies the call with `outcome`. */
async function takeCampaignCall(page: Page, phone: SipPhone, name: string, outcome: string) {
  const popup = page.getByTestId('campaign-dial');
  await popup.getByTestId('campaign-dial-customer').filter({ hasText: name }).waitFor({ timeout: 20_000 });
  expect(await popup.getByTestId('campaign-dial-script').textContent()).toBe(SCRIPT);
  await popup.getByTestId('campaign-dial-call').click();
  await phone.next('incoming');
  phone.answer();
  await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
  await popup.getByTestId('campaign-dial-state').filter({ hasText: 'Cliente na linha' }).waitFor();
  await page.getByTestId('call-bar').getByTestId('call-hangup').click();
  await phone.next('ended');

  const dialog = page.getByRole('dialog', { name: 'Motivo da ligação' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: 'Venda' }).check();
  await dialog.getByTestId('classification-outcome').click();
  await page.getByRole('option', { name: outcome, exact: true }).click();
  await dialog.getByTestId('classification-save').click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('power-dial campaigns', () => {
  it('an attendant takes two preview calls of a running campaign, classifies them, and leaves it', async () => {
    const { customers, campaign } = await stage.draftCampaign(
      'Renovação',
      ['Camila Campanha', 'Rui Renovação', 'Lia Ligação'],
      {
        mode: 'preview',
        ratio: 1,
        retry: {
          no_answer: { after_minutes: 60, max_tries: 2 },
          busy: { after_minutes: 30, max_tries: 2 },
          voicemail: { after_minutes: 120, max_tries: 1 },
        },
        script: SCRIPT,
      },
    );
    const campaignName = campaign.name;
    expect(campaign.status).toBe('draft');
    const phonesByName = new Map<string, SipPhone>();
    for (const customer of customers)
      phonesByName.set(customer.name, await stage.customerPhone(customer.number));

    // The supervisor starts it from the Center and opens its live view.
    const supervising = await (await newContext(stage.browser())).newPage();
    await signIn(supervising, baseUrl, supervisor);
    await supervising.goto(`${baseUrl}/center/campaigns`);
    const row = supervising.locator(`[data-testid="campaign-row"][data-campaign-id="${campaign.id}"]`);
    await row.getByTestId('campaign-start').click();
    await row.locator('[data-testid="campaign-status"][data-status="running"]').waitFor();
    await row.getByRole('link', { name: campaignName }).click();
    await supervising.waitForURL(`${baseUrl}/center/campaigns/${campaign.id}`);

    // The attendant's console gets the first customer in the popup, previews, calls and classifies; then the second.
    const page = await openConsoleAs(stage.browser(), baseUrl, attendant);
    for (let taken = 0; taken < 2; taken++) {
      const shown = (await page.getByTestId('campaign-dial-customer').textContent({ timeout: 30_000 }))!;
      const customer = customers.find((candidate) => candidate.name === shown)!;
      expect(customer).toBeDefined();
      await takeCampaignCall(page, phonesByName.get(shown)!, shown, 'Venda');
      // Answering opened the customer's conversation (with whichever side panel the attendant keeps open).
      expect(page.url()).toMatch(new RegExp(`^${baseUrl}/painel/conversa/${customer.contact.id}(/|$)`));
    }

    // Both attempts are recorded as sales by this attendant, each a type 2 call (the third customer is next).
    await expect
      .poll(
        async () =>
          (await stage.attempts(campaign.id))
            .filter((attempt) => attempt.ended_at !== null)
            .map((attempt) => attempt.outcome),
        { timeout: 15_000 },
      )
      .toEqual(['sale', 'sale']);
    const calls = await apiCall<{ data: { to_number: string; type_id: number }[] }>(
      baseUrl,
      stage.adminToken(),
      'GET',
      '/center/phone/calls',
    );
    const called = customers.filter((customer) =>
      calls.data.some((call) => call.to_number === customer.number),
    );
    expect(called).toHaveLength(2);
    for (const customer of called) {
      expect(calls.data.find((call) => call.to_number === customer.number)?.type_id).toBe(2);
    }

    // The supervisor's live view counted them without a reload.
    await expect.poll(() => supervising.getByTestId('stat-answered').textContent()).toBe('2');

    // The customer's campaign page lists the attempt.
    const first = called[0]!;
    await page.goto(`${baseUrl}/painel/conversa/${first.contact.id}/campanha`);
    const attempt = page.getByTestId('contact-campaign').filter({ hasText: campaignName });
    await attempt.getByTestId('contact-campaign-attempt').filter({ hasText: 'Venda' }).waitFor();
    const attendantToken = await apiLogin(baseUrl, attendant);
    const theirs = await apiCall<ContactCampaigns>(
      baseUrl,
      attendantToken,
      'GET',
      `/contacts/${first.contact.id}/campaigns`,
    );
    expect(theirs.data.find((entry) => entry.campaign.id === campaign.id)?.attempts).toHaveLength(1);

    // The attendant leaves the campaign, still running for its third customer, from the keypad's campaigns.
    await page.getByTestId('softphone-keypad-open').click();
    await page.getByTestId('user-campaigns-open').click();
    const modal = page.getByRole('dialog', { name: 'Minhas campanhas' });
    await modal
      .getByRole('switch', { name: `Participar da campanha ${campaignName}` })
      .click({ force: true });
    await expect
      .poll(async () =>
        (await apiCall<UserCampaignList>(baseUrl, attendantToken, 'GET', '/phone/user/campaign')).data.find(
          (entry) => entry.campaign_id === campaign.id,
        ),
      )
      .toMatchObject({ active: false });
    await page.context().close();
    await supervising.context().close();
  });
});

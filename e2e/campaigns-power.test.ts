// A power campaign (issue 27) in the browser against the real server and its embedded PBX: with the attendant's
// console online, a supervisor starts a power campaign (ratio 2) of two customers from the Center; the PBX rings
// both at once (two lines for one free attendant); one is busy, the other answers and is handed over: the
// attendant's softphone answers it by itself and the customer's conversation opens. The customer hangs up, the
// console sees the call end, and the attendant classifies it with the campaign's outcome.
import type { Campaign } from '@atende/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiCall } from './support/api.ts';
import { attendant, newContext, signIn, supervisor } from './support/browser.ts';
import { campaignStage } from './support/campaigns.ts';
import { openConsoleAs } from './support/softphone.ts';

const baseUrl = inject('baseUrl');
const stage = campaignStage(baseUrl);

describe('power campaigns', () => {
  it('hands the answered customer to the attendant’s console, which answers it and opens the conversation', async () => {
    const once = { after_minutes: 60, max_tries: 1 };
    const { customers, campaign } = await stage.draftCampaign(
      'Potência',
      ['Paula Potência', 'Otávio Ocupado'],
      {
        mode: 'power',
        ratio: 2,
        retry: { no_answer: once, busy: once, voicemail: once },
        script: '',
      },
    );
    const [answering, busy] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const answeringPhone = await stage.customerPhone(answering.number);
    const busyPhone = await stage.customerPhone(busy.number);

    // The attendant is online (the dialer paces from who is available), then the supervisor starts the campaign.
    const page = await openConsoleAs(stage.browser(), baseUrl, attendant);
    const supervising = await (await newContext(stage.browser())).newPage();
    await signIn(supervising, baseUrl, supervisor);
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
      .poll(async () => (await stage.attempts(campaign.id)).map((attempt) => attempt.outcome).sort(), {
        timeout: 15_000,
      })
      .toEqual(['busy', 'sale']);
    await expect
      .poll(
        async () =>
          (await apiCall<Campaign>(baseUrl, stage.supervisorToken(), 'GET', `/campaigns/${campaign.id}`))
            .status,
        { timeout: 15_000 },
      )
      .toBe('finished');
    await page.context().close();
    await supervising.context().close();
  });
});

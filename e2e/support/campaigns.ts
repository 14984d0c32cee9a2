// The stage of the campaign e2e files: the embedded PBX with a short wrap-up (the dialer offers the next customer
// once the attendant is free again), customers' SIP phones registered through the company's carrier access, and
// a draft campaign over new voice customers of the attendant. Whatever happens, the phones stop after each test
// and the campaigns a file started are finished at its end (files share the server: a running campaign kept its
// popup over the attendant's console in the files after it), and the phone settings are put back.
import type {
  Campaign,
  CampaignAttempt,
  CampaignAttemptPage,
  CenterPhoneSettings,
  Contact,
} from '@atende/contract';
import { SipPhone } from '@atende/simulators/sip-phone';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiCall, apiLogin } from './api.ts';
import { admin, attendant, launchBrowser, supervisor } from './browser.ts';
import { asUpdate, newNumber, putPhoneSettings } from './softphone.ts';

export type CampaignCustomer = { name: string; number: string; contact: Contact };
/** What a test chooses of its campaign; the rest is the stage's (every hour of every day, the attendant alone). */
export type CampaignChoices = Pick<Campaign, 'mode' | 'ratio' | 'script'> & {
  retry: Record<'no_answer' | 'busy' | 'voicemail', { after_minutes: number; max_tries: number }>;
};

export function campaignStage(baseUrl: string) {
  let browser: Browser;
  let adminToken: string;
  let supervisorToken: string;
  let original: CenterPhoneSettings;
  const phones: SipPhone[] = [];
  const started: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiLogin(baseUrl, admin);
    supervisorToken = await apiLogin(baseUrl, supervisor);
    original = await apiCall<CenterPhoneSettings>(baseUrl, adminToken, 'GET', '/center/phone/settings');
    await putPhoneSettings(baseUrl, adminToken, {
      ...asUpdate(original),
      pbx: 'embedded',
      wrap_up_seconds: 3,
    });
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

  /** A simulated customer's phone with `number`, registered through the company's carrier access. */
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

  /**
   * New voice customers of the attendant named `names`, a transmission list of them and a draft campaign named
   * `name` over it with the attendant alone, callable at any hour of any day.
   */
  async function draftCampaign(name: string, names: string[], choices: CampaignChoices) {
    const attendantToken = await apiLogin(baseUrl, attendant);
    const me = await apiCall<{ id: string }>(baseUrl, attendantToken, 'GET', '/user');
    const customers: CampaignCustomer[] = [];
    for (const customerName of names) {
      const number = newNumber();
      const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
        name: customerName,
        channel: { type: 'voice', address: number },
      });
      customers.push({ name: customerName, number, contact });
      await new Promise((resolve) => setTimeout(resolve, 5)); // newNumber is clock-based
    }
    const list = await apiCall<{ id: string }>(baseUrl, supervisorToken, 'POST', '/broadcasts/lists', {
      source: 'contacts',
      name: `${name} ${Date.now()}`,
      contact_ids: customers.map((customer) => customer.contact.id),
    });
    const channels = await apiCall<{ data: { id: string; kind: string }[] }>(
      baseUrl,
      supervisorToken,
      'GET',
      '/channels',
    );
    const campaign = await apiCall<Campaign>(baseUrl, supervisorToken, 'POST', '/campaigns', {
      name: `${name} e2e ${Date.now()}`,
      list_id: list.id,
      channel_account_id: channels.data.find((account) => account.kind === 'voice')!.id,
      calling_hours: { start: '00:00', end: '23:59', days: [0, 1, 2, 3, 4, 5, 6] },
      attendant_ids: [me.id],
      ...choices,
    });
    started.push(campaign.id);
    return { customers, campaign };
  }

  /** The campaign's attempts (the first page: these campaigns have a handful), as the supervisor reads them. */
  async function attempts(campaignId: string): Promise<CampaignAttempt[]> {
    return (
      await apiCall<CampaignAttemptPage>(baseUrl, supervisorToken, 'GET', `/campaigns/${campaignId}/attempts`)
    ).data;
  }

  return {
    browser: () => browser,
    attempts,
    supervisorToken: () => supervisorToken,
    adminToken: () => adminToken,
    customerPhone,
    draftCampaign,
  };
}

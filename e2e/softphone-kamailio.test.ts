// The web softphone against a real PBX (issue 26, test c): Kamailio (infra/kamailio/kamailio.cfg) with SIP over
// WebSocket and rtpengine relaying the media in userspace, both started by this test on loopback. The company's
// phone settings point at Kamailio (its WebSocket, its STUN), the attendant's SIP account and a customer's
// number are Kamailio subscribers; the console registers, takes a customer's call and places one, with audio
// through rtpengine both ways, and hangs up; Kamailio writes no call records to us, so the softphone reports
// each call, which is then classified and listed like the embedded PBX's. Skipped, saying why, where the Debian
// packages are missing (never in CI, which installs them: scripts/debian-packages.mjs).
import type { CallRecord, CenterPhoneSettings, Contact, PhoneSettings, User } from '@atende/contract';
import { missingPbxPackages, startKamailio, type Kamailio } from '@atende/simulators/kamailio';
import { SipPhone } from '@atende/simulators/sip-phone';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, launchBrowser } from './support/browser.ts';
import {
  asUpdate,
  inboundAudioBytes,
  newNumber,
  openConsole,
  putPhoneSettings,
} from './support/softphone.ts';

const baseUrl = inject('baseUrl');
const missing = missingPbxPackages();
const skipped = missing.length > 0 && !process.env.CI;
if (skipped) {
  console.warn(
    `Skipping the softphone's tests against Kamailio: missing ${missing.join(', ')} ` +
      `(install with: apt-get install -y ${missing.join(' ')})`,
  );
}

let browser: Browser;
let adminToken: string;
let attendantToken: string;
let attendantId: string;
let original: CenterPhoneSettings;
let pbx: Kamailio;
let extension: string;
let ownAccount: { username: string; password: string };
let customer: SipPhone | null = null;
let page: Page | null = null;
const CUSTOMER_PASSWORD = `cliente-${Date.now()}`;

/** A customer's phone registered with Kamailio as the subscriber `number`. */
async function customerPhone(number: string): Promise<SipPhone> {
  pbx.setSubscribers([
    { username: extension, password: ownAccount.password },
    { username: number, password: CUSTOMER_PASSWORD },
  ]);
  customer = new SipPhone({
    wsUrl: pbx.wsUrl,
    uri: `sip:${number}@${original.sip_domain}`,
    password: CUSTOMER_PASSWORD,
    toneHz: 440,
  });
  await customer.next('registered');
  return customer;
}

/** The company's call record with a customer's number, as the Center lists it. */
async function callOf(number: string): Promise<CallRecord> {
  const calls = await apiCall<{ data: CallRecord[] }>(
    baseUrl,
    adminToken,
    'GET',
    `/center/phone/calls?number=${number}`,
  );
  const [record, ...others] = calls.data;
  expect(others).toEqual([]);
  return record!;
}

/** The one call rtpengine relays now, and what it relayed after audio flowed a while. */
async function relayedCall(): Promise<{ callId: string; packets: number; legs: number }> {
  const [callId, ...others] = await pbx.calls();
  expect(others).toEqual([]);
  const media = await pbx.relayed(callId!);
  return { callId: callId!, packets: media!.packets, legs: media!.legs };
}

describe.skipIf(skipped)('the web softphone through Kamailio and rtpengine', () => {
  beforeAll(async () => {
    adminToken = await apiLogin(baseUrl, admin);
    attendantToken = await apiLogin(baseUrl, attendant);
    attendantId = (await apiCall<User>(baseUrl, attendantToken, 'GET', '/user')).id;
    original = await apiCall<CenterPhoneSettings>(baseUrl, adminToken, 'GET', '/center/phone/settings');
    const own = await apiCall<PhoneSettings>(baseUrl, attendantToken, 'GET', '/phone/settings');
    ownAccount = own.account!;
    extension = ownAccount.username;
    // The attendant's SIP account, as the Center keeps it, is a Kamailio subscriber.
    pbx = await startKamailio({ subscribers: [{ username: extension, password: ownAccount.password }] });
    await putPhoneSettings(baseUrl, adminToken, {
      pbx: 'external',
      ws_url: pbx.wsUrl,
      sip_domain: original.sip_domain,
      ice_servers: [{ urls: [pbx.stunUrl], username: null, credential: null }],
      wrap_up_seconds: 0,
      ring_timeout_seconds: 60,
    });
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.error(pbx.output().slice(-8_000));
    await customer?.stop();
    customer = null;
    await page?.context().close();
    page = null;
  });
  afterAll(async () => {
    await putPhoneSettings(baseUrl, adminToken, asUpdate(original));
    await browser?.close();
    await pbx?.stop();
  });

  it('registers with Kamailio and takes a customer’s call, with audio relayed by rtpengine both ways', async () => {
    const number = newNumber();
    await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
      name: 'Kátia Kamailio',
      channel: { type: 'voice', address: number },
    });
    page = await openConsole(browser, baseUrl);
    // The softphone's settings name Kamailio, not the embedded PBX.
    const settings = await apiCall<PhoneSettings>(baseUrl, attendantToken, 'GET', '/phone/settings');
    expect(settings.ws_url).toBe(pbx.wsUrl);

    const phone = await customerPhone(number);
    phone.call(`sip:${extension}@${original.sip_domain}`);
    const bar = page.getByTestId('call-bar');
    await page.locator('[data-testid="call-status"][data-status="calling"]').waitFor();
    await bar.getByText('Kátia Kamailio').waitFor();
    await bar.getByTestId('call-accept').click();
    await phone.next('accepted');
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();

    const before = await inboundAudioBytes(page);
    const heard = await phone.measure(440, 1_500);
    expect((await inboundAudioBytes(page)) - before).toBeGreaterThan(5_000);
    expect(heard.frames).toBeGreaterThan(50);
    expect(heard.rms).toBeGreaterThan(0);
    // rtpengine relayed the call's RTP between its two legs (browser and customer).
    const relayed = await relayedCall();
    expect(relayed.legs).toBe(2);
    expect(relayed.packets).toBeGreaterThan(100);

    await bar.getByTestId('call-hangup').click();
    expect((await phone.next('ended')).originator).toBe('remote');
    // The BYE through Kamailio ended the relay.
    await expect.poll(() => pbx.relayed(relayed.callId)).toBeNull();

    // Kamailio writes no records to us: the softphone reported the call, step by step, and classifies it.
    const dialog = page.getByRole('dialog', { name: 'Motivo da ligação' });
    await dialog.getByRole('radio', { name: 'Dúvida' }).check();
    await dialog.getByTestId('classification-save').click();
    await dialog.waitFor({ state: 'hidden' });
    const record = await callOf(number);
    expect(record).toMatchObject({
      direction: 'inbound',
      type_id: 0,
      state: 'ended',
      from_number: number,
      to_number: extension,
      operator_id: attendantId,
      hangup_side: 'operator',
      hangup_cause: 'normal',
      reason_name: 'Dúvida',
    });
    expect(record.talk_seconds).toBeGreaterThanOrEqual(1);
  });

  it('places a call from the customer’s voice channel; answered, then hung up by the customer', async () => {
    const number = newNumber();
    const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
      name: 'Rui Rtpengine',
      channel: { type: 'voice', address: number },
    });
    page = await openConsole(browser, baseUrl);
    const phone = await customerPhone(number);
    await page.goto(`${baseUrl}/painel/conversa/${contact.id}`);
    await page.getByTestId('open-channels').click();
    await page.getByTestId('channel-call').click();

    expect((await phone.next('incoming')).from).toBe(extension);
    await page.locator('[data-testid="call-status"][data-status="making_call"]').waitFor();
    phone.answer();
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    const before = await inboundAudioBytes(page);
    const heard = await phone.measure(440, 1_200);
    expect((await inboundAudioBytes(page)) - before).toBeGreaterThan(3_000);
    expect(heard.rms).toBeGreaterThan(0);
    expect((await relayedCall()).packets).toBeGreaterThan(50);

    phone.hangup();
    await phone.next('ended');
    await page.getByTestId('call-status').waitFor({ state: 'detached' });
    await expect.poll(async () => (await callOf(number)).state).toBe('ended');
    expect(await callOf(number)).toMatchObject({
      direction: 'outbound',
      type_id: 1,
      from_number: extension,
      to_number: number,
      contact_id: contact.id,
      hangup_side: 'customer',
      hangup_cause: 'normal',
    });
  });
});

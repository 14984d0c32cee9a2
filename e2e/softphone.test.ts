// The web softphone (issue 26) against the server's embedded PBX: the attendant's console registers (SIP
// online), a simulated customer (JsSIP + wrtc, registered through the company's carrier access) calls, the
// call bar rings with the customer, the attendant accepts in Chromium (fake microphone), audio flows both
// ways, the attendant hangs up and classifies the call while the wrap-up counts down, a call during the
// wrap-up waits in the PBX's queue instead of ringing, and the call's record says who, how and why; the call
// shows in the customer's timeline as it happens. An attendant transfers a call to a colleague, whose console
// rings and gets the conversation; the supervisor's call history shows both calls, filtered and exported.
import type { CallRecord, CenterPhoneSettings, Contact, PhoneSettings, User } from '@atende/contract';
import { SipPhone } from '@atende/simulators/sip-phone';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import {
  admin,
  attendant,
  attendant2,
  launchBrowser,
  newContext,
  supervisor,
  type Credentials,
  signIn,
} from './support/browser.ts';
import {
  asUpdate,
  inboundAudioBytes,
  newNumber,
  openConsoleAs as openConsoleAs_,
  putPhoneSettings,
} from './support/softphone.ts';
import { downloadedCsvLines } from './support/download.ts';

const baseUrl = inject('baseUrl');
/** Where to save screenshots of the call bar and the classification modal (for a person to look at), when set. */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
const WRAP_UP_SECONDS = 20;

let browser: Browser;
let adminToken: string;
let original: CenterPhoneSettings;
let customer: SipPhone | null = null;

/** Keeps every WebSocket the page opens, so the test can drop the SIP one. */
const RECORD_WEBSOCKETS = () => {
  const opened: WebSocket[] = [];
  Object.assign(window, { __webSockets: opened });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      opened.push(this);
    }
  };
};

/** Makes the microphone refused, as a browser whose user blocked it does. */
const REFUSE_MICROPHONE = () => {
  navigator.mediaDevices.getUserMedia = () =>
    Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
};

const screenshot = async (page: Page, name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
};

/** A customer's conversation, with whichever side panel the user keeps open (its address goes on after the id). */
const conversationUrl = (contactId: string) => new RegExp(`^${baseUrl}/painel/conversa/${contactId}(/|$)`);

const openConsoleAs = (who: Credentials, ...initScripts: (() => void)[]) =>
  openConsoleAs_(browser, baseUrl, who, ...initScripts);
const openConsole = (...initScripts: (() => void)[]) => openConsoleAs(attendant, ...initScripts);

/** A simulated customer's phone with `number`, registered through the company's carrier access. */
async function customerPhone(number: string): Promise<SipPhone> {
  customer = new SipPhone({
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/sip`,
    uri: `sip:${number}@${original.sip_domain}`,
    password: original.carrier_password!,
    authorizationUser: 'carrier',
    toneHz: 440,
  });
  await customer.next('registered');
  return customer;
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiLogin(baseUrl, admin);
  original = await apiCall<CenterPhoneSettings>(baseUrl, adminToken, 'GET', '/center/phone/settings');
  await putPhoneSettings(baseUrl, adminToken, {
    pbx: 'embedded',
    ws_url: null,
    sip_domain: original.sip_domain,
    ice_servers: [],
    wrap_up_seconds: WRAP_UP_SECONDS,
    ring_timeout_seconds: 60,
  });
});
afterEach(async () => {
  await customer?.stop();
  customer = null;
});
afterAll(async () => {
  await putPhoneSettings(baseUrl, adminToken, asUpdate(original));
  await browser.close();
});

describe('the web softphone', () => {
  it('takes a customer’s call with audio both ways, hangs up, classifies it in the wrap-up, and the CDR is right', async () => {
    const attendantToken = await apiLogin(baseUrl, attendant);
    const me = await apiCall<User>(baseUrl, attendantToken, 'GET', '/user');
    const number = newNumber();
    const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
      name: 'Vera Voz',
      channel: { type: 'voice', address: number },
    });

    const page = await openConsole();
    const customer = await customerPhone(number);
    customer.call(`sip:atende@${original.sip_domain}`);

    // It rings with the customer the number belongs to.
    const bar = page.getByTestId('call-bar');
    await page.locator('[data-testid="call-status"][data-status="calling"]').waitFor();
    await bar.getByText('Vera Voz').waitFor();
    expect(await bar.getByTestId('call-status').textContent()).toBe('Chamando');
    expect(await bar.getByTestId('call-number').textContent()).toBe(number);
    await screenshot(page, 'softphone-ringing');

    await bar.getByTestId('call-accept').click();
    await customer.next('accepted');
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    // Accepting opened the customer's conversation, where the call shows as it goes on (no reload).
    await page.waitForURL(conversationUrl(contact.id));
    await page.locator('[data-testid="timeline-call"][data-call-state="in_progress"]').waitFor();

    // Audio both ways: the browser receives RTP, and the customer hears the fake microphone.
    const before = await inboundAudioBytes(page);
    const heard = await customer.measure(440, 1_500);
    const after = await inboundAudioBytes(page);
    expect(after).toBeGreaterThan(before);
    expect(after - before).toBeGreaterThan(5_000);
    expect(heard.frames).toBeGreaterThan(50);
    expect(heard.rms).toBeGreaterThan(0);

    // Mute shows the spec's status; the call bar's time runs.
    await bar.getByTestId('call-mute').click();
    await page.locator('[data-testid="call-status"][data-status="mute"]').waitFor();
    expect(await bar.getByTestId('call-status').textContent()).toBe('Mudo');
    await bar.getByTestId('call-mute').click();
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="call-timer"]')?.textContent !== '00:00',
    );
    await screenshot(page, 'softphone-in-call');

    await bar.getByTestId('call-hangup').click();
    expect((await customer.next('ended')).originator).toBe('remote');

    // The classification modal, with the company's reasons and the wrap-up counting down.
    const dialog = page.getByRole('dialog', { name: 'Motivo da ligação' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('classification-countdown').textContent()).toMatch(
      /^Pós-atendimento: \d+ s$/,
    );
    await dialog.getByRole('radio', { name: 'Dúvida' }).check();
    await dialog.getByTestId('classification-notes').fill('Quer a segunda via do boleto');
    await screenshot(page, 'softphone-classification');

    // No call is offered during the wrap-up: the PBX keeps the next call queued (182) rather than ring here;
    // the customer gives up.
    customer.call(`sip:atende@${original.sip_domain}`);
    expect((await customer.next('progress')).status).toBe(182);
    await page.waitForTimeout(500);
    expect(await page.locator('[data-testid="call-status"][data-status="calling"]').count()).toBe(0);
    customer.hangup();
    expect(await customer.next('failed')).toMatchObject({ originator: 'local', cause: 'Canceled' });

    await dialog.getByTestId('classification-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('wrap-up-countdown').waitFor();

    // The online SIP operators: the attendant, registered and wrapping up.
    await page.getByTestId('softphone-keypad-open').click();
    await page.getByTestId('operators-open').click();
    const operators = page.getByRole('dialog', { name: 'Operadores SIP online' });
    await operators.getByTestId('online-operator').filter({ hasText: 'Pós-atendimento' }).waitFor();
    await page.getByRole('dialog', { name: 'Fazer ligação' }).waitFor({ state: 'hidden' });
    // The keypad closed for the operators; the attendant is still on the customer's conversation.
    expect(page.url()).toMatch(conversationUrl(contact.id));
    await screenshot(page, 'softphone-operators');
    await page.keyboard.press('Escape');
    await operators.waitFor({ state: 'hidden' });

    // The call is in the customer's conversation, its classification too, live: direction, operator, reason.
    const timelineCall = page.getByTestId('timeline-call').filter({ hasText: 'Dúvida' });
    await timelineCall.waitFor();
    expect(await timelineCall.textContent()).toContain('Ligação recebida');
    await screenshot(page, 'softphone-timeline-call');

    const calls = await apiCall<{ data: CallRecord[] }>(baseUrl, adminToken, 'GET', '/center/phone/calls');
    const mine = calls.data.filter((row) => row.from_number === number);
    const record = mine.find((row) => row.answered_at !== null);
    expect(record).toMatchObject({
      direction: 'inbound',
      type_id: 0,
      state: 'ended',
      from_number: number,
      operator_id: me.id,
      contact_id: contact.id,
      hangup_side: 'operator',
      hangup_cause: 'normal',
      reason_name: 'Dúvida',
      notes: 'Quer a segunda via do boleto',
    });
    expect(record!.talk_seconds).toBeGreaterThanOrEqual(1);
    expect(record!.classified_at).not.toBeNull();
    // The call made during the wrap-up never rang this softphone: it waited, and the customer gave up.
    expect(mine.find((row) => row.answered_at === null)).toMatchObject({
      operator_id: null,
      hangup_cause: 'cancelled',
      sip_status: 487,
    });
    await page.context().close();
  }, 120_000);

  it('says offline while the PBX connection is down and registers again after the 1 s restart delay', async () => {
    const page = await openConsole(RECORD_WEBSOCKETS);
    const dropped = await page.evaluate(() => {
      const opened = (window as unknown as { __webSockets: WebSocket[] }).__webSockets;
      const sip = opened.find(
        (socket) => socket.url.endsWith('/sip') && socket.readyState === WebSocket.OPEN,
      );
      sip?.close();
      return Date.now();
    });
    await page.locator('[data-testid="sip-status"][data-status="offline"]').waitFor();
    expect(await page.getByTestId('sip-status').textContent()).toBe('SIP offline');
    await page.locator('[data-testid="sip-status"][data-status="online"]').waitFor({ timeout: 10_000 });
    const back = await page.evaluate(() => Date.now());
    // Not at once (the restart delay), and not after a growing back-off either.
    expect(back - dropped).toBeGreaterThanOrEqual(1_000);
    expect(back - dropped).toBeLessThan(5_000);
    await page.context().close();
  }, 60_000);

  it('places a call from the customer’s voice channel; answered, then hung up by the customer, it is classified', async () => {
    const attendantToken = await apiLogin(baseUrl, attendant);
    const number = newNumber();
    const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
      name: 'Otávio Saída',
      channel: { type: 'voice', address: number },
    });
    const page = await openConsole();
    const customer = await customerPhone(number);
    await page.goto(`${baseUrl}/painel/conversa/${contact.id}`);
    await page.getByTestId('open-channels').click();
    await page.getByTestId('channel-call').click();

    const incoming = await customer.next('incoming');
    // From the attendant's own SIP account.
    const own = await apiCall<PhoneSettings>(baseUrl, attendantToken, 'GET', '/phone/settings');
    expect(incoming.from).toBe(own.account!.username);
    await page.locator('[data-testid="call-status"][data-status="making_call"]').waitFor();
    expect(await page.getByTestId('call-status').textContent()).toBe('Fazendo ligação');
    expect(await page.getByTestId('call-customer').textContent()).toBe('Otávio Saída');
    customer.answer();
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    const before = await inboundAudioBytes(page);
    await page.waitForTimeout(1_200);
    expect(await inboundAudioBytes(page)).toBeGreaterThan(before);
    customer.hangup();

    const dialog = page.getByRole('dialog', { name: 'Motivo da ligação' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Venda' }).check();
    await dialog.getByTestId('classification-save').click();
    await dialog.waitFor({ state: 'hidden' });

    const calls = await apiCall<{ data: CallRecord[] }>(baseUrl, adminToken, 'GET', '/center/phone/calls');
    expect(calls.data.find((row) => row.call_id === incoming.callId)).toMatchObject({
      direction: 'outbound',
      type_id: 1,
      to_number: number,
      contact_id: contact.id,
      hangup_side: 'customer',
      hangup_cause: 'normal',
      reason_name: 'Venda',
    });
    await page.context().close();
  }, 90_000);

  it('says the microphone is blocked when it is refused; the call can still be rejected', async () => {
    const number = newNumber();
    const page = await openConsole(REFUSE_MICROPHONE);
    const customer = await customerPhone(number);
    customer.call(`sip:atende@${original.sip_domain}`);
    await page.locator('[data-testid="call-status"][data-status="calling"]').waitFor();
    // A number no customer has: the call bar offers to save it as a new contact.
    await page.getByTestId('call-new-contact').waitFor();
    await screenshot(page, 'softphone-unknown-caller');
    await page.getByTestId('call-accept').click();
    const alert = page.getByTestId('phone-problem');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('O navegador bloqueou o microfone');
    await screenshot(page, 'softphone-microphone-blocked');
    // Still ringing: the attendant may allow the microphone, or reject.
    expect(await page.getByTestId('call-status').getAttribute('data-status')).toBe('calling');
    await page.getByTestId('call-reject').click();
    expect((await customer.next('failed')).status).toBe(603);
    await page.getByTestId('call-status').waitFor({ state: 'detached' });
    // Nothing to classify for a call never answered; the console goes on.
    expect(await page.getByRole('dialog', { name: 'Motivo da ligação' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it('transfers a call to a colleague, whose console rings and gets the conversation; the history shows it', async () => {
    const attendantToken = await apiLogin(baseUrl, attendant);
    const number = newNumber();
    const contact = await apiCall<Contact>(baseUrl, attendantToken, 'POST', '/conversations', {
      name: 'Telma Transferida',
      channel: { type: 'voice', address: number },
    });
    const colleagueToken = await apiLogin(baseUrl, attendant2);
    const colleague = await apiCall<User>(baseUrl, colleagueToken, 'GET', '/user');
    const own = await apiCall<PhoneSettings>(baseUrl, attendantToken, 'GET', '/phone/settings');
    const [page, colleaguePage] = [await openConsole(), await openConsoleAs(attendant2)];
    const customer = await customerPhone(number);
    customer.call(`sip:${own.account!.username}@${original.sip_domain}`);
    await page.locator('[data-testid="call-status"][data-status="calling"]').waitFor();
    await page.getByTestId('call-accept').click();
    await page.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    await page.waitForURL(conversationUrl(contact.id));

    // The transfer menu lists the colleague, free; one click hands the call on.
    await page.getByTestId('call-transfer').click();
    const choice = page.getByTestId('transfer-to').filter({ hasText: colleague.name });
    await choice.waitFor();
    await screenshot(page, 'softphone-transfer-menu');
    await choice.click();
    expect(await customer.next('referred')).toMatchObject({ type: 'referred' });

    // The colleague's console rings with the customer, and accepting opens their conversation.
    const colleagueBar = colleaguePage.getByTestId('call-bar');
    await colleaguePage.locator('[data-testid="call-status"][data-status="calling"]').waitFor();
    await colleagueBar.getByText('Telma Transferida').waitFor();
    await colleagueBar.getByTestId('call-accept').click();
    await colleaguePage.locator('[data-testid="call-status"][data-status="in_progress"]').waitFor();
    await colleaguePage.waitForURL(conversationUrl(contact.id));
    // The first attendant's call ended with the transfer: the call bar asks for its classification.
    await page.getByRole('dialog', { name: 'Motivo da ligação' }).waitFor();
    const handed = await apiCall<Contact>(baseUrl, colleagueToken, 'GET', `/conversation/${contact.id}`);
    expect(handed.responsible?.id).toBe(colleague.id);
    // The first call's card says where it went, live.
    await page.getByTestId('call-transferred').filter({ hasText: colleague.name }).waitFor();
    await colleagueBar.getByTestId('call-hangup').click();
    await customer.next('ended');
    await Promise.all([page.context().close(), colleaguePage.context().close()]);

    // The supervisor's call history: both calls, the transferred one found by its filter, opening the
    // conversation; exported as CSV with the same filters.
    const history = await (await newContext(browser)).newPage();
    await signIn(history, baseUrl, supervisor);
    await history.getByRole('link', { name: 'Ligações' }).click();
    await history.getByTestId('call-history-page').waitFor();
    await history.getByTestId('call-filter-number').fill(number);
    const rows = history.getByTestId('call-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await history.getByTestId('call-filter-outcome').click();
    await history.getByRole('option', { name: 'Transferida' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().getByTestId('call-row-outcome').textContent()).toBe('Transferida');
    expect(await rows.first().textContent()).toContain(`Transferida para ${colleague.name}`);
    await screenshot(history, 'call-history');
    const lines = await downloadedCsvLines(history, history.getByTestId('calls-export'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"transferred"');
    await rows.first().click();
    await history.waitForURL(conversationUrl(contact.id));
    await history.context().close();
  }, 60_000);
});

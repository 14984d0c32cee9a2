// What the softphone's end-to-end tests share: the console logged in with its softphone registered, the page's
// peer connections kept for getStats(), the company's phone settings set and put back, and customers' numbers.
import type { CenterPhoneSettings, UpdatePhoneSettings } from '@atende/contract';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './api.ts';
import { attendant, type Credentials, newContext, signIn } from './browser.ts';

/** Keeps every RTCPeerConnection the page makes, so the test can read its getStats(). */
export const RECORD_PEER_CONNECTIONS = () => {
  const made: RTCPeerConnection[] = [];
  Object.assign(window, { __peerConnections: made });
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  };
};

/** Audio bytes received so far by the page's last peer connection (inbound-rtp). */
export const inboundAudioBytes = (page: Page) =>
  page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    const last = made.at(-1);
    if (!last) return 0;
    let bytes = 0;
    (await last.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  });

/** The attendant's console, logged in, its softphone registered (SIP online). */
export const openConsole = (browser: Browser, baseUrl: string, ...initScripts: (() => void)[]) =>
  openConsoleAs(browser, baseUrl, attendant, ...initScripts);

/** `who`'s console, logged in, its softphone registered (SIP online). */
export async function openConsoleAs(
  browser: Browser,
  baseUrl: string,
  who: Credentials,
  ...initScripts: (() => void)[]
): Promise<Page> {
  const context = await newContext(browser);
  for (const script of [RECORD_PEER_CONNECTIONS, ...initScripts]) await context.addInitScript(script);
  const page = await context.newPage();
  await signIn(page, baseUrl, who);
  await page.locator('[data-testid="sip-status"][data-status="online"]').waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('sip-status').textContent()).toBe('SIP online');
  return page;
}

/** A customer's number no other test uses. */
export const newNumber = () => `551197${String(Date.now() % 1_000_000).padStart(6, '0')}`;

/** The company's phone settings as an update puts them (to restore them after a test changed them). */
export const asUpdate = (settings: CenterPhoneSettings): UpdatePhoneSettings => ({
  pbx: settings.pbx,
  ws_url: settings.ws_url,
  sip_domain: settings.sip_domain,
  ice_servers: settings.ice_servers,
  wrap_up_seconds: settings.wrap_up_seconds,
  ring_timeout_seconds: settings.ring_timeout_seconds,
});

export const putPhoneSettings = (baseUrl: string, adminToken: string, settings: UpdatePhoneSettings) =>
  apiCall<CenterPhoneSettings>(baseUrl, adminToken, 'PUT', '/center/phone/settings', settings);

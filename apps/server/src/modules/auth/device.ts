// The login's device cookie (`atende_device`): a random id for the browser and the accounts that signed in from
// it, signed by the server. A device known to an account is throttled apart from its address, so an attacker
// elsewhere — or behind the same NAT — never slows the owner down on the browser they usually sign in from.
// Accounts are kept as digests: the cookie says nothing of who uses the browser.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'atende_device';
/** A year: the device stays known across shifts, holidays and password changes. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** A shared console of a call centre signs in many accounts; the most recent ones are kept. */
const MAX_ACCOUNTS = 30;

export type Device = { id: string; accounts: string[] };

export type DeviceCookies = ReturnType<typeof deviceCookies>;

export function deviceCookies(secret: string) {
  const key = createHmac('sha256', secret).update('atende:device-cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const digest = (account: string) => createHash('sha256').update(account).digest('base64url').slice(0, 16);

  return {
    /** The device the request's Cookie header names, or null when there is none signed by this server. */
    read(cookieHeader: string | undefined): Device | null {
      const value = cookieValue(cookieHeader, DEVICE_COOKIE);
      const [payload, signature] = value?.split('.') ?? [];
      if (!payload || !signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [id, ...accounts] = Buffer.from(payload, 'base64url').toString('utf8').split(' ');
      return id ? { id, accounts } : null;
    },

    /** Whether `account` (throttle.ts's account key) has signed in from this device. */
    knows(device: Device | null, account: string): boolean {
      return device?.accounts.includes(digest(account)) ?? false;
    },

    /** The cookie's value once `account` signed in from `device` (a new device when the browser had none). */
    after(device: Device | null, account: string): string {
      const mine = digest(account);
      const accounts = [mine, ...(device?.accounts.filter((other) => other !== mine) ?? [])];
      const payload = Buffer.from(
        [device?.id ?? randomUUID(), ...accounts.slice(0, MAX_ACCOUNTS)].join(' '),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
  };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

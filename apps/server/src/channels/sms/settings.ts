// An SMS account's way into Twilio: the API root (the account's own, else Twilio's), its account's path, and the
// Basic credentials (account SID : auth token) its REST API and media take.
import type { ChannelAccountRecord } from '../adapter.ts';
import { apiRoot, settingOf } from '../http.ts';

export const TWILIO_API = 'https://api.twilio.com';

export const basicAuth = (account: ChannelAccountRecord): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(
    `${settingOf(account, 'account_sid')}:${settingOf(account, 'auth_token')}`,
  ).toString('base64')}`,
});

/** `<root>/2010-04-01/Accounts/<sid>`: `.json` is the account, `/Messages.json` its messages. */
export const accountRoot = (account: ChannelAccountRecord) =>
  `${apiRoot(account, TWILIO_API)}/2010-04-01/Accounts/${encodeURIComponent(settingOf(account, 'account_sid'))}`;

// A WhatsApp account's API root and credentials as its calls need them.
import type { ChannelAccountRecord } from '../adapter.ts';
import { apiRoot, settingOf } from '../http.ts';

/** Meta's Graph API, at the version these calls were written against. */
export const GRAPH_ROOT = 'https://graph.facebook.com/v21.0';

export const graphRoot = (account: ChannelAccountRecord) => apiRoot(account, GRAPH_ROOT);

/** The account's access token as the Authorization header every Graph call (and media download) carries. */
export const bearer = (account: ChannelAccountRecord) => ({
  authorization: `Bearer ${settingOf(account, 'access_token')}`,
});

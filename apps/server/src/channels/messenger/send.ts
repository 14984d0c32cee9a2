// Messenger: a Facebook Page's conversations. Webhooks arrive as object "page" with the page id as each entry's
// id; sends go to <root>/<page_id>/messages with the page access token in the query (Graph API). Everything
// else — events, receipts, the Send API and its errors — is Meta's shared messaging (meta/).
import type { ChannelAccountRecord } from '../adapter.ts';
import { apiRoot, settingOf } from '../http.ts';
import { metaMessagingAdapter, withQuery } from '../meta/send-api.ts';

export const GRAPH_FACEBOOK_ROOT = 'https://graph.facebook.com/v21.0';

const pageUrl = (account: ChannelAccountRecord, path: string, query: Record<string, string> = {}) =>
  withQuery(`${apiRoot(account, GRAPH_FACEBOOK_ROOT)}/${settingOf(account, 'page_id')}${path}`, {
    ...query,
    access_token: settingOf(account, 'page_access_token'),
  });

export const messengerAdapter = metaMessagingAdapter({
  kind: 'messenger',
  object: 'page',
  entrySetting: 'page_id',
  replyContext: true,
  messagesEndpoint: (account) => ({ url: pageUrl(account, '/messages'), headers: {} }),
  profileEndpoint: (account) => ({ url: pageUrl(account, '', { fields: 'name' }), headers: {} }),
});

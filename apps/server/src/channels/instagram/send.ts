// Instagram Direct: an Instagram professional account's messages. Webhooks arrive as object "instagram" with
// the account's Instagram id as each entry's id. Sends follow the account's login: Instagram Login calls
// graph.instagram.com/<instagram_id>/messages with the account's token as Bearer; Facebook Login calls the
// linked page's /<page_id>/messages on graph.facebook.com with the page's token in the query. An account's
// api_base_url replaces either root. Events, receipts, the Send API and its errors are Meta's shared messaging.
import { DeliveryError, type ChannelAccountRecord } from '../adapter.ts';
import { apiRoot, settingOf } from '../http.ts';
import { GRAPH_FACEBOOK_ROOT } from '../messenger/send.ts';
import { metaMessagingAdapter, withQuery, type MetaEndpoint } from '../meta/send-api.ts';

export const GRAPH_INSTAGRAM_ROOT = 'https://graph.instagram.com/v22.0';

const viaFacebook = (account: ChannelAccountRecord) => settingOf(account, 'login') === 'facebook';

/** An address under the account's root, authenticated as its login wants. */
function endpoint(
  account: ChannelAccountRecord,
  id: string,
  path: string,
  query: Record<string, string>,
): MetaEndpoint {
  const token = settingOf(account, 'access_token');
  if (viaFacebook(account)) {
    const url = `${apiRoot(account, GRAPH_FACEBOOK_ROOT)}/${id}${path}`;
    return { url: withQuery(url, { ...query, access_token: token }), headers: {} };
  }
  const url = `${apiRoot(account, GRAPH_INSTAGRAM_ROOT)}/${id}${path}`;
  return { url: withQuery(url, query), headers: { authorization: `Bearer ${token}` } };
}

export const instagramAdapter = metaMessagingAdapter({
  kind: 'instagram_direct',
  object: 'instagram',
  entrySetting: 'instagram_id',
  // Not confirmed in Instagram's Send API documentation: no quote is sent rather than one refused.
  replyContext: false,
  messagesEndpoint: (account) => {
    if (!viaFacebook(account)) return endpoint(account, settingOf(account, 'instagram_id'), '/messages', {});
    const page = settingOf(account, 'page_id');
    if (!page) throw new DeliveryError('instagram_page_required', true);
    return endpoint(account, page, '/messages', {});
  },
  profileEndpoint: (account) =>
    endpoint(account, settingOf(account, 'instagram_id'), '', { fields: 'username' }),
});

// Instagram Direct's imitation: an Instagram professional account (object "instagram"). With Instagram Login
// (the default) the Send API lives at /<instagram_id>/messages and takes the account's token as Bearer; with
// Facebook Login at the linked page's /<page_id>/messages with the token in the query. It sends no delivery
// receipts, and reads as messaging_seen {mid}. The rest is Meta's shared imitation (../meta-messaging.ts).
import { startMetaSimulator, type MetaSimulator, type MetaSimulatorOptions } from '../meta-messaging.ts';

export type { MetaSimulator };

export type InstagramSimulator = MetaSimulator;

export function startInstagramSimulator(
  options: MetaSimulatorOptions & {
    instagramId?: string;
    username?: string;
    login?: 'instagram' | 'facebook';
    pageId?: string;
  } = {},
): Promise<InstagramSimulator> {
  const instagramId = options.instagramId ?? '17841400008460056';
  const username = options.username ?? 'acme.atendimento';
  const login = options.login ?? 'instagram';
  const pageId = options.pageId ?? '104729518849123';
  return startMetaSimulator(
    {
      kind: 'instagram_direct',
      object: 'instagram',
      accountId: instagramId,
      // The Send API's path names the page under Facebook Login; entries and the profile name the account.
      sendId: login === 'facebook' ? pageId : instagramId,
      settings: { instagram_id: instagramId, login, ...(login === 'facebook' ? { page_id: pageId } : {}) },
      tokenField: 'access_token',
      auth: login === 'facebook' ? 'query' : 'bearer',
      profile: { username },
      reads: 'mid',
      deliveries: false,
      address: `@${username}`,
    },
    options,
  );
}

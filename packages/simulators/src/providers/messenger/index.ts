// Messenger's imitation: a Facebook Page (object "page") whose Send API takes the page token in the query,
// answers the page's name, and reports deliveries and reads as watermarks. The Graph API, webhooks and
// signatures are Meta's shared imitation (../meta-messaging.ts).
import { startMetaSimulator, type MetaSimulator, type MetaSimulatorOptions } from '../meta-messaging.ts';

export type { MetaSimulator };

export type MessengerSimulator = MetaSimulator;

export function startMessengerSimulator(
  options: MetaSimulatorOptions & { pageId?: string; pageName?: string } = {},
): Promise<MessengerSimulator> {
  const pageId = options.pageId ?? '104729518849123';
  return startMetaSimulator(
    {
      kind: 'messenger',
      object: 'page',
      accountId: pageId,
      settings: { page_id: pageId },
      tokenField: 'page_access_token',
      auth: 'query',
      profile: { name: options.pageName ?? 'ACME Atendimento' },
      reads: 'watermark',
      deliveries: true,
      address: options.pageName ?? 'ACME Atendimento',
    },
    options,
  );
}

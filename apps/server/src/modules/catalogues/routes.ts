// GET endpoints of the catalogues loaded at start: channels, event actions, wallets, pause and call reasons.
// Their writes arrive with the issues of each area.
import { CallReasonList, ChannelList, EventActionList, PauseReasonList, WalletList } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentChannelAccount, presentNamed } from './presenter.ts';
import type { CatalogueService, NamedCatalogue } from './service.ts';

export function catalogueRoutes(app: FastifyInstance, catalogues: CatalogueService): void {
  const r = typed(app);

  const named: [string, NamedCatalogue, typeof EventActionList, string][] = [
    ['/api/events/actions', 'eventActions', EventActionList, 'events'],
    ['/api/wallets', 'wallets', WalletList, 'wallets'],
    ['/api/pause/reasons', 'pauseReasons', PauseReasonList, 'pauses'],
    ['/api/phone/reasons', 'callReasons', CallReasonList, 'voice'],
  ];
  for (const [url, catalogue, schema, tag] of named) {
    r.get(url, { schema: { tags: [tag], response: responses(schema) } }, async (request) => ({
      data: (await catalogues.named(tenantContext(request), catalogue)).map(presentNamed),
    }));
  }

  r.get(
    '/api/channels',
    { schema: { tags: ['channels'], response: responses(ChannelList) } },
    async (request) => ({
      data: (await catalogues.channelAccounts(tenantContext(request))).map(presentChannelAccount),
    }),
  );
}

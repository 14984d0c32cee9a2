// The catalogues: the console's lists loaded at start (GET channels, event actions, wallets, pause and call
// reasons), and the Center's management of each catalogue under /api/center/catalogues/<catalogue>: list,
// create, replace (PUT /:id), move (POST /:id/move) and archive or unarchive (POST /:id/archive|unarchive).
// Supervisors list, administrators change: the collection's routes say so in their config; an entry's routes
// let the service answer 404 first.
import {
  CallReasonList,
  CATALOGUE_INPUTS,
  CATALOGUES,
  CatalogueEntry,
  CatalogueMove,
  CataloguePage,
  CatalogueQuery,
  ChannelList,
  EventActionList,
  Id,
  PauseReasonList,
  WalletList,
  type Catalogue,
} from '@atende/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import {
  presentCatalogueEntry,
  presentCataloguePage,
  presentChannelAccount,
  presentEventAction,
  presentNamed,
  presentPauseReason,
} from './presenter.ts';
import type { CatalogueService } from './service.ts';

export function catalogueRoutes(app: FastifyInstance, catalogues: CatalogueService): void {
  consoleRoutes(app, catalogues);
  for (const catalogue of CATALOGUES) centerRoutes(app, catalogues, catalogue);
}

function consoleRoutes(app: FastifyInstance, catalogues: CatalogueService) {
  const r = typed(app);
  const offered = (request: FastifyRequest, catalogue: Catalogue) =>
    catalogues.offered(tenantContext(request), catalogue);

  r.get(
    '/api/events/actions',
    { schema: { tags: ['events'], response: responses(EventActionList) } },
    async (request) => ({ data: (await offered(request, 'event_actions')).map(presentEventAction) }),
  );
  r.get(
    '/api/pause/reasons',
    { schema: { tags: ['pauses'], response: responses(PauseReasonList) } },
    async (request) => ({ data: (await offered(request, 'pause_reasons')).map(presentPauseReason) }),
  );
  r.get(
    '/api/wallets',
    { schema: { tags: ['wallets'], response: responses(WalletList) } },
    async (request) => ({
      data: (await offered(request, 'wallets')).map(presentNamed),
    }),
  );
  r.get(
    '/api/phone/reasons',
    { schema: { tags: ['voice'], response: responses(CallReasonList) } },
    async (request) => ({ data: (await offered(request, 'call_reasons')).map(presentNamed) }),
  );
  r.get(
    '/api/channels',
    { schema: { tags: ['channels'], response: responses(ChannelList) } },
    async (request) => ({
      data: (await catalogues.channelAccounts(tenantContext(request))).map(presentChannelAccount),
    }),
  );
}

function centerRoutes(app: FastifyInstance, catalogues: CatalogueService, catalogue: Catalogue) {
  const r = typed(app);
  const tags = ['center'];
  const url = `/api/center/catalogues/${catalogue}`;
  const body = CATALOGUE_INPUTS[catalogue];
  const Params = z.object({ id: Id });
  const entry = { tags, params: Params, response: responses(CatalogueEntry) };

  r.get(
    url,
    {
      config: { ability: 'catalogues.read' },
      schema: { tags, querystring: CatalogueQuery, response: responses(CataloguePage) },
    },
    async (request) =>
      presentCataloguePage(await catalogues.list(tenantContext(request), catalogue, request.query)),
  );
  r.post(
    url,
    {
      config: { ability: 'catalogues.manage' },
      schema: { tags, body, response: responses(CatalogueEntry, 201) },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          presentCatalogueEntry(await catalogues.create(tenantContext(request), catalogue, request.body)),
        ),
  );
  r.put(`${url}/:id`, { schema: { ...entry, body } }, async (request) =>
    presentCatalogueEntry(
      await catalogues.update(tenantContext(request), catalogue, { ...request.body, id: request.params.id }),
    ),
  );
  r.post(`${url}/:id/move`, { schema: { ...entry, body: CatalogueMove } }, async (request) =>
    presentCatalogueEntry(
      await catalogues.move(tenantContext(request), catalogue, { ...request.body, id: request.params.id }),
    ),
  );
  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    r.post(`${url}/:id/${action}`, { schema: entry }, async (request) =>
      presentCatalogueEntry(
        await catalogues.setArchived(tenantContext(request), catalogue, { id: request.params.id, archived }),
      ),
    );
  }
}

// Events of a contact (register, the last ten) and its joker.
import { Contact, ContactEvent, ContactEventList, Id, JokerChoices, NewEventRequest } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { jokerChoices, setJoker } from './jokers.ts';
import { recentEvents, registerEvent } from './service.ts';

export function eventRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const ctx = tenantContext;
  const Params = z.object({ id: Id });

  r.get(
    '/api/conversation/:id/events',
    { schema: { tags: ['events'], params: Params, response: responses(ContactEventList) } },
    async (request) => ({ data: await recentEvents(ctx(request), request.params.id) }),
  );
  r.post(
    '/api/conversation/:id/events',
    {
      schema: {
        tags: ['events'],
        params: Params,
        body: NewEventRequest,
        response: responses(ContactEvent, 201),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await registerEvent(ctx(request), deps.bus, request.params.id, request.body)),
  );
  r.get(
    '/api/conversation/:id/jokers',
    { schema: { tags: ['jokers'], params: Params, response: responses(JokerChoices) } },
    (request) => jokerChoices(ctx(request), request.params.id),
  );
  r.post(
    '/api/conversation/:id/jokers/:jokerId',
    { schema: { tags: ['jokers'], params: z.object({ id: Id, jokerId: Id }), response: responses(Contact) } },
    (request) => setJoker(ctx(request), deps.bus, request.params.id, request.params.jokerId),
  );
}

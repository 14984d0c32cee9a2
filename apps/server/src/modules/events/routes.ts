// Events of a contact (register, the last ten) and its joker.
import { Contact, ContactEvent, ContactEventList, Id, JokerChoices, NewEventRequest } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentContact } from '../contacts/presenter.ts';
import { presentEvent, presentJokerChoices } from './presenter.ts';
import type { EventService } from './service.ts';

export function eventRoutes(app: FastifyInstance, events: EventService): void {
  const r = typed(app);
  const ctx = tenantContext;
  const Params = z.object({ id: Id });

  r.get(
    '/api/conversation/:id/events',
    { schema: { tags: ['events'], params: Params, response: responses(ContactEventList) } },
    async (request) => ({ data: (await events.recent(ctx(request), request.params)).map(presentEvent) }),
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
      reply
        .code(201)
        .send(presentEvent(await events.register(ctx(request), { ...request.body, ...request.params }))),
  );
  r.get(
    '/api/conversation/:id/jokers',
    { schema: { tags: ['jokers'], params: Params, response: responses(JokerChoices) } },
    async (request) => presentJokerChoices(await events.jokerChoices(ctx(request), request.params)),
  );
  r.post(
    '/api/conversation/:id/jokers/:jokerId',
    { schema: { tags: ['jokers'], params: z.object({ id: Id, jokerId: Id }), response: responses(Contact) } },
    async (request) => presentContact(await events.setJoker(ctx(request), request.params)),
  );
}

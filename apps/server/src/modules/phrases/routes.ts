// Ready phrases, v2 API: GET/POST /api/v2/phrases (the user's own and the company's), PUT/DELETE
// /api/v2/phrases/:id (own ones only).
import { Id, Ok, Phrase, PhraseList, PhraseRequest, PhrasesQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentPhrase, presentPhraseList } from './presenter.ts';
import type { PhraseService } from './service.ts';

export function phraseRoutes(app: FastifyInstance, phrases: PhraseService): void {
  const r = typed(app);
  const tags = ['phrases'];
  const Params = z.object({ id: Id });

  r.get(
    '/api/v2/phrases',
    { schema: { tags, querystring: PhrasesQuery, response: responses(PhraseList) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentPhraseList(ctx, await phrases.list(ctx, request.query));
    },
  );
  r.post(
    '/api/v2/phrases',
    { schema: { tags, body: PhraseRequest, response: responses(Phrase, 201) } },
    async (request, reply) => {
      const ctx = tenantContext(request);
      return reply.code(201).send(presentPhrase(ctx, await phrases.create(ctx, request.body)));
    },
  );
  r.put(
    '/api/v2/phrases/:id',
    { schema: { tags, params: Params, body: PhraseRequest, response: responses(Phrase) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentPhrase(ctx, await phrases.update(ctx, { ...request.body, id: request.params.id }));
    },
  );
  r.delete(
    '/api/v2/phrases/:id',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await phrases.remove(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
}

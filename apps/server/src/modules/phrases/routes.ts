// Ready phrases, v2 API: GET/POST /api/v2/phrases, PUT/DELETE /api/v2/phrases/:id.
import { Id, Ok, Phrase, PhraseList, PhraseRequest, PhrasesQuery } from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import { responses, typed } from '../../platform/http.ts';
import { createPhrase, deletePhrase, listPhrases, updatePhrase } from './service.ts';

export function phraseRoutes(app: FastifyInstance, deps: Deps): void {
  const r = typed(app);
  const tags = ['phrases'];
  const ctx = (request: Parameters<typeof tenantContext>[1]) => tenantContext(deps.database.db, request);
  const Params = z.object({ id: Id });

  r.get(
    '/api/v2/phrases',
    { schema: { tags, querystring: PhrasesQuery, response: responses(PhraseList) } },
    async (request) => ({ data: await listPhrases(ctx(request), request.query.search) }),
  );
  r.post(
    '/api/v2/phrases',
    { schema: { tags, body: PhraseRequest, response: responses(Phrase, 201) } },
    async (request, reply) => reply.code(201).send(await createPhrase(ctx(request), request.body)),
  );
  r.put(
    '/api/v2/phrases/:id',
    { schema: { tags, params: Params, body: PhraseRequest, response: responses(Phrase) } },
    (request) => updatePhrase(ctx(request), request.params.id, request.body),
  );
  r.delete(
    '/api/v2/phrases/:id',
    { schema: { tags, params: Params, response: responses(Ok) } },
    async (request) => {
      await deletePhrase(ctx(request), request.params.id);
      return { ok: true as const };
    },
  );
}

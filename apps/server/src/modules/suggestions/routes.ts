// The wishlist: GET/POST /api/suggestions, POST /api/suggestions/:id/vote; and the Center's moderation,
// PUT /api/center/suggestions/:id (status and answer, administrators).
import {
  Id,
  ModerateSuggestionRequest,
  Suggestion,
  SuggestionPage,
  SuggestionRequest,
  SuggestionsQuery,
  VoteRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import { presentSuggestion, presentSuggestionPage } from './presenter.ts';
import type { SuggestionService } from './service.ts';

export function suggestionRoutes(app: FastifyInstance, service: SuggestionService): void {
  const r = typed(app);
  const tags = ['suggestions'];
  const params = z.object({ id: Id });

  r.get(
    '/api/suggestions',
    { schema: { tags, querystring: SuggestionsQuery, response: responses(SuggestionPage) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentSuggestionPage(ctx, await service.list(ctx, request.query));
    },
  );
  r.post(
    '/api/suggestions',
    { schema: { tags, body: SuggestionRequest, response: responses(Suggestion, 201) } },
    async (request, reply) => {
      const ctx = tenantContext(request);
      return reply.code(201).send(presentSuggestion(ctx, await service.create(ctx, request.body)));
    },
  );
  r.post(
    '/api/suggestions/:id/vote',
    { schema: { tags, params, body: VoteRequest, response: responses(Suggestion) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentSuggestion(ctx, await service.vote(ctx, { ...request.body, id: request.params.id }));
    },
  );
  r.put(
    '/api/center/suggestions/:id',
    { schema: { tags, params, body: ModerateSuggestionRequest, response: responses(Suggestion) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentSuggestion(ctx, await service.moderate(ctx, { ...request.body, id: request.params.id }));
    },
  );
}

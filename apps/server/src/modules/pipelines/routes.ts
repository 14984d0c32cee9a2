// The pipeline calls of spec §7: pipelines and their labels (configured by whoever may manage pipelines),
// the board's and the customer's cards, one card, its labels, cover, rating and comments.
import {
  Board,
  BoardQuery,
  Card,
  CardList,
  CardQuery,
  CommentPage,
  CommentQuery,
  CommentRequest,
  Comment,
  Id,
  LabelList,
  LabelRequest,
  NewCardRequest,
  Ok,
  Pipeline,
  PipelineLabel,
  PipelineList,
  PipelineRequest,
  RatingRequest,
  StepPage,
  StepPageQuery,
  ResponsibleCardQuery,
  UpdateCardRequest,
} from '@atende/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { responses, typed } from '../../platform/http.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { CardService } from './cards.ts';
import type { commentService } from './comments.ts';
import type { pipelineConfigService } from './config.ts';
import {
  presentCard,
  presentCardSummary,
  presentComment,
  presentLabel,
  presentPipeline,
} from './presenter.ts';

export type PipelineServices = {
  config: ReturnType<typeof pipelineConfigService>;
  cards: CardService;
  comments: ReturnType<typeof commentService>;
  urls: UrlSigner;
};

const PipelineParams = z.object({ pipelineId: Id });
const LabelParams = PipelineParams.extend({ labelId: Id });
const StepParams = PipelineParams.extend({ stepId: Id });
const ItemParams = PipelineParams.extend({ itemId: Id });
const StepItemParams = StepParams.extend({ itemId: Id });
const ItemLabelParams = ItemParams.extend({ labelId: Id });
const CoverParams = ItemParams.extend({ attachmentId: Id });
const CommentParams = ItemParams.extend({ commentId: Id });
const manage = { ability: 'pipelines.manage' as const };

export function pipelineRoutes(app: FastifyInstance, s: PipelineServices): void {
  const r = typed(app);
  const tags = ['pipelines'];
  const card = (request: Parameters<typeof tenantContext>[0]) => {
    const ctx = tenantContext(request);
    return (row: Parameters<typeof presentCard>[2]) => presentCard(s.urls, ctx, row);
  };
  const summaries = (rows: Parameters<ReturnType<typeof presentCardSummary>>[0][]) => ({
    data: rows.map(presentCardSummary(s.urls)),
  });

  r.get('/api/pipeline', { schema: { tags, response: responses(PipelineList) } }, async (request) => ({
    data: (await s.config.list(tenantContext(request))).map(presentPipeline),
  }));
  r.post(
    '/api/pipeline',
    { config: manage, schema: { tags, body: PipelineRequest, response: responses(Pipeline, 201) } },
    async (request, reply) =>
      reply.code(201).send(presentPipeline(await s.config.create(tenantContext(request), request.body))),
  );
  r.put(
    '/api/pipeline/:pipelineId',
    {
      schema: { tags, params: PipelineParams, body: PipelineRequest, response: responses(Pipeline) },
    },
    async (request) =>
      presentPipeline(await s.config.update(tenantContext(request), { ...request.body, ...request.params })),
  );
  r.delete(
    '/api/pipeline/:pipelineId',
    { schema: { tags, params: PipelineParams, response: responses(Ok) } },
    async (request) => {
      await s.config.archive(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/user/pipeline',
    { schema: { tags, querystring: CardQuery, response: responses(CardList) } },
    async (request) => summaries(await s.cards.list(tenantContext(request), request.query)),
  );
  r.get(
    '/api/responsible/:responsibleId/pipeline',
    {
      schema: {
        tags,
        params: z.object({ responsibleId: Id }),
        querystring: ResponsibleCardQuery,
        response: responses(CardList),
      },
    },
    async (request) =>
      summaries(
        await s.cards.list(tenantContext(request), {
          ...request.query,
          responsible_id: request.params.responsibleId,
        }),
      ),
  );

  r.get(
    '/api/pipeline/:pipelineId/board',
    { schema: { tags, params: PipelineParams, querystring: BoardQuery, response: responses(Board) } },
    async (request, reply) => {
      const present = presentCardSummary(s.urls);
      // Written once through the route's serializer (and its checks), then shared as it is (board-cache.ts).
      const json = await s.cards.board(
        tenantContext(request),
        { ...request.query, ...request.params },
        (columns) =>
          String(
            reply.serialize({
              data: columns.map(({ step, total, rows, nextCursor }) => ({
                id: step.id,
                name: step.name,
                position: step.position,
                final: step.final,
                total,
                items: rows.map(present),
                next_cursor: nextCursor,
              })),
            }),
          ),
      );
      // Already written by the route's serializer: sent as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
  r.get(
    '/api/pipeline/:pipelineId/steps/:stepId/items',
    { schema: { tags, params: StepParams, querystring: StepPageQuery, response: responses(StepPage) } },
    async (request) => {
      const page = await s.cards.page(tenantContext(request), { ...request.query, ...request.params });
      return { data: page.rows.map(presentCardSummary(s.urls)), next_cursor: page.nextCursor };
    },
  );

  r.get(
    '/api/pipeline/:pipelineId/labels',
    { schema: { tags, params: PipelineParams, response: responses(LabelList) } },
    async (request) => ({
      data: (await s.config.labels(tenantContext(request), request.params)).map(presentLabel),
    }),
  );
  r.post(
    '/api/pipeline/:pipelineId/labels',
    {
      schema: { tags, params: PipelineParams, body: LabelRequest, response: responses(PipelineLabel, 201) },
    },
    async (request, reply) => {
      const label = await s.config.createLabel(tenantContext(request), {
        ...request.body,
        ...request.params,
      });
      return reply.code(201).send(presentLabel(label));
    },
  );
  r.put(
    '/api/pipeline/:pipelineId/labels/:labelId',
    {
      schema: { tags, params: LabelParams, body: LabelRequest, response: responses(PipelineLabel) },
    },
    async (request) =>
      presentLabel(
        await s.config.updateLabel(tenantContext(request), { ...request.body, ...request.params }),
      ),
  );
  r.delete(
    '/api/pipeline/:pipelineId/labels/:labelId',
    { schema: { tags, params: LabelParams, response: responses(Ok) } },
    async (request) => {
      await s.config.removeLabel(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/pipeline/:pipelineId/item/:itemId/label/:labelId',
    { schema: { tags, params: ItemLabelParams, response: responses(Card) } },
    async (request) => card(request)(await s.cards.toggleLabel(tenantContext(request), request.params)),
  );

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    r[method](
      '/api/pipeline/:pipelineId/item/:itemId/attachment/:attachmentId/cover',
      { schema: { tags, params: CoverParams, response: responses(Card) } },
      async (request) =>
        card(request)(await s.cards.setCover(tenantContext(request), { ...request.params, on })),
    );
  }

  r.post(
    '/api/pipeline/:pipelineId/steps/:stepId/item',
    { schema: { tags, params: StepParams, body: NewCardRequest, response: responses(Card, 201) } },
    async (request, reply) => {
      const created = await s.cards.create(tenantContext(request), { ...request.body, ...request.params });
      return reply.code(201).send(card(request)(created));
    },
  );
  r.put(
    '/api/pipeline/:pipelineId/steps/:stepId/item/:itemId',
    { schema: { tags, params: StepItemParams, body: UpdateCardRequest, response: responses(Card) } },
    async (request) =>
      card(request)(await s.cards.update(tenantContext(request), { ...request.body, ...request.params })),
  );
  r.get(
    '/api/pipeline/:pipelineId/item/:itemId',
    { schema: { tags, params: ItemParams, response: responses(Card) } },
    async (request) => card(request)(await s.cards.get(tenantContext(request), request.params)),
  );
  r.delete(
    '/api/pipeline/:pipelineId/item/:itemId',
    { schema: { tags, params: ItemParams, response: responses(Ok) } },
    async (request) => {
      await s.cards.remove(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/pipeline/:pipelineId/item/:itemId/rating',
    { schema: { tags, params: ItemParams, body: RatingRequest, response: responses(Card) } },
    async (request) =>
      card(request)(await s.cards.rate(tenantContext(request), { ...request.body, ...request.params })),
  );

  r.get(
    '/api/pipeline/:pipelineId/item/:itemId/comments',
    { schema: { tags, params: ItemParams, querystring: CommentQuery, response: responses(CommentPage) } },
    async (request) => {
      const ctx = tenantContext(request);
      const page = await s.comments.page(ctx, { ...request.query, ...request.params });
      return {
        data: page.rows.map(presentComment(ctx)),
        page: page.page,
        limit: page.limit,
        total: page.total,
      };
    },
  );
  r.post(
    '/api/pipeline/:pipelineId/item/:itemId/comments',
    { schema: { tags, params: ItemParams, body: CommentRequest, response: responses(Comment, 201) } },
    async (request, reply) => {
      const ctx = tenantContext(request);
      const comment = await s.comments.create(ctx, { ...request.body, ...request.params });
      return reply.code(201).send(presentComment(ctx)(comment));
    },
  );
  r.put(
    '/api/pipeline/:pipelineId/item/:itemId/comments/:commentId',
    { schema: { tags, params: CommentParams, body: CommentRequest, response: responses(Comment) } },
    async (request) => {
      const ctx = tenantContext(request);
      return presentComment(ctx)(await s.comments.update(ctx, { ...request.body, ...request.params }));
    },
  );
  r.delete(
    '/api/pipeline/:pipelineId/item/:itemId/comments/:commentId',
    { schema: { tags, params: CommentParams, response: responses(Ok) } },
    async (request) => {
      await s.comments.remove(tenantContext(request), request.params);
      return { ok: true as const };
    },
  );
}

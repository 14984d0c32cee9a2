// Pipelines (spec §2 pipelines page and card route, §3 Pipeline / Card / Comment, §4 open / finished / all and
// the cover toggle, §5 card form, §7 pipeline calls, §9 comments page 15 ordered by created_at desc).
import { z } from 'zod';
import { encodedText, Id, requiredText, text, Timestamp } from './common.ts';
import { COMMENTS_PAGE_SIZE } from './constants.ts';
import { AttachmentKind } from './messages.ts';
import { HexColor } from './resources.ts';

export const PIPELINE_NAME_MAX = 80;
export const PIPELINE_STEPS_MAX = 30;
export const CARD_NAME_MAX = 200;
export const CARD_DESCRIPTION_MAX = 10_000;
export const COMMENT_TEXT_MAX = 5_000;
export const RATING_MAX = 5;

export const PipelineStep = z.object({
  id: Id,
  name: z.string(),
  position: z.number().int(),
  final: z.boolean(),
});
export type PipelineStep = z.infer<typeof PipelineStep>;

export const PipelineLabel = z.object({ id: Id, pipeline_id: Id, name: z.string(), colour: HexColor });
export type PipelineLabel = z.infer<typeof PipelineLabel>;

export const Pipeline = z.object({
  id: Id,
  name: z.string(),
  steps: z.array(PipelineStep),
  labels: z.array(PipelineLabel),
  /** Who sees it besides supervising roles; both empty: everyone of the company. */
  team_ids: z.array(Id),
  segment_ids: z.array(Id),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Pipeline = z.infer<typeof Pipeline>;
export const PipelineList = z.object({ data: z.array(Pipeline) });
export type PipelineList = z.infer<typeof PipelineList>;

export const PipelineStepInput = z.object({
  /** An existing step keeps its cards; a step without id is new. */
  id: Id.optional(),
  name: requiredText(PIPELINE_NAME_MAX, 'name_required'),
  final: z.boolean().default(false),
});

/** POST and PUT /api/pipeline: the whole configuration; steps in their order. */
export const PipelineRequest = z.object({
  name: requiredText(PIPELINE_NAME_MAX, 'name_required'),
  steps: z.array(PipelineStepInput).min(1).max(PIPELINE_STEPS_MAX),
  team_ids: z.array(Id).max(200).default([]),
  segment_ids: z.array(Id).max(200).default([]),
});
export type PipelineRequest = z.infer<typeof PipelineRequest>;

export const LabelRequest = z.object({ name: requiredText(40, 'name_required'), colour: HexColor });
export type LabelRequest = z.infer<typeof LabelRequest>;
export const LabelList = z.object({ data: z.array(PipelineLabel) });

export const CardStatus = z.enum(['open', 'finished', 'all']);
export type CardStatus = z.infer<typeof CardStatus>;

const Person = z.object({ id: Id, name: z.string() });

/** A card as the board and the conversation's panel show it. */
export const CardSummary = z.object({
  id: Id,
  pipeline_id: Id,
  step_id: Id,
  position: z.number(),
  name: z.string(),
  contact: Person,
  responsible: Person.nullable(),
  label_ids: z.array(Id),
  rating: z.number().int().min(0).max(RATING_MAX),
  finished: z.boolean(),
  cover_url: z.string().nullable(),
  comments_count: z.number().int(),
  attachments_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CardSummary = z.infer<typeof CardSummary>;
export const CardList = z.object({ data: z.array(CardSummary) });
export type CardList = z.infer<typeof CardList>;

export const CardAttachment = z.object({
  id: Id,
  filename: z.string(),
  content_type: z.string(),
  kind: AttachmentKind,
  size: z.number().int(),
  url: z.string(),
  cover: z.boolean(),
  created_at: Timestamp,
});
export type CardAttachment = z.infer<typeof CardAttachment>;

export const Card = CardSummary.extend({
  description: z.string(),
  author: Person.nullable(),
  attachments: z.array(CardAttachment),
  /** The reader may delete the card (its author or a supervising role). */
  deletable: z.boolean(),
});
export type Card = z.infer<typeof Card>;

/** GET user/pipeline and responsible/{id}/pipeline: the cards of a board or of a customer. */
export const CardQuery = z
  .object({
    pipeline_id: Id.optional(),
    contact_id: Id.optional(),
    status: CardStatus.default('open'),
    label_id: Id.optional(),
    responsible_id: Id.optional(),
    q: text(100).optional(),
  })
  .refine((query) => query.pipeline_id || query.contact_id, {
    message: 'pipeline_required',
    path: ['pipeline_id'],
  });
export type CardQuery = z.infer<typeof CardQuery>;
export const ResponsibleCardQuery = z.object({
  pipeline_id: Id.optional(),
  status: CardStatus.default('open'),
});

/** The cards a board column shows first, and the most one page of a column answers. */
export const BOARD_PAGE_SIZE = 50;
export const BOARD_PAGE_MAX = 100;

/** GET /api/pipeline/{id}/board: the filters of the board (spec §4), applied to every column. */
export const BoardQuery = z.object({
  status: CardStatus.default('open'),
  label_id: Id.optional(),
  responsible_id: Id.optional(),
  q: text(100).optional(),
});
export type BoardQuery = z.infer<typeof BoardQuery>;

/** GET /api/pipeline/{id}/steps/{stepId}/items: the next page of a column, after the opaque `cursor`. */
export const StepPageQuery = BoardQuery.extend({
  cursor: encodedText(200).optional(),
  limit: z.coerce.number().int().min(1).max(BOARD_PAGE_MAX).default(BOARD_PAGE_SIZE),
});
export type StepPageQuery = z.infer<typeof StepPageQuery>;

export const StepPage = z.object({
  data: z.array(CardSummary),
  /** Pass it back as `cursor` for the following page; null at the column's end. */
  next_cursor: z.string().nullable(),
});
export type StepPage = z.infer<typeof StepPage>;

/** A board column: its first page and how many cards match in all. */
export const BoardStep = PipelineStep.extend({
  total: z.number().int(),
  items: z.array(CardSummary),
  next_cursor: z.string().nullable(),
});
export type BoardStep = z.infer<typeof BoardStep>;
export const Board = z.object({ data: z.array(BoardStep).max(PIPELINE_STEPS_MAX) });
export type Board = z.infer<typeof Board>;

/** Where a card goes in its step: after `after_id` (null: first). Omitted: last. */
const Placement = { after_id: Id.nullable().optional() };

export const NewCardRequest = z.object({
  contact_id: Id,
  name: requiredText(CARD_NAME_MAX, 'name_required'),
  description: text(CARD_DESCRIPTION_MAX).default(''),
  responsible_id: Id.nullable().optional(),
  ...Placement,
});
export type NewCardRequest = z.infer<typeof NewCardRequest>;

/** PUT .../steps/{stepId}/item/{itemId}: {stepId} is where the card is (or goes); fields left out stay. */
export const UpdateCardRequest = z.object({
  name: requiredText(CARD_NAME_MAX, 'name_required').optional(),
  description: text(CARD_DESCRIPTION_MAX).optional(),
  responsible_id: Id.nullable().optional(),
  ...Placement,
});
export type UpdateCardRequest = z.infer<typeof UpdateCardRequest>;

export const RatingRequest = z.object({ rating: z.number().int().min(0).max(RATING_MAX) });

export const Comment = z.object({
  id: Id,
  card_id: Id,
  author: Person.nullable(),
  text: z.string(),
  editable: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Comment = z.infer<typeof Comment>;

export const CommentQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(COMMENTS_PAGE_SIZE),
  oc: z.enum(['created_at']).default('created_at'),
  od: z.enum(['asc', 'desc']).default('desc'),
});
export type CommentQuery = z.infer<typeof CommentQuery>;
export const CommentPage = z.object({
  data: z.array(Comment),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type CommentPage = z.infer<typeof CommentPage>;
export const CommentRequest = z.object({ text: requiredText(COMMENT_TEXT_MAX, 'message_empty') });

/** Realtime, to the company's pipeline room: ids only; the board patches or fetches what it shows. */
export const PipelineChanged = z.object({ pipeline_id: Id });
export type PipelineChanged = z.infer<typeof PipelineChanged>;
export const CardChanged = z.object({
  pipeline_id: Id,
  card_id: Id,
  /** Where the card is now; null when it was deleted. */
  step_id: Id.nullable(),
  position: z.number().nullable(),
  updated_at: Timestamp,
});
export type CardChanged = z.infer<typeof CardChanged>;

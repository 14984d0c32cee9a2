// Cards: the board's and the conversation's lists, one card, create, change and move, rate, label, delete.
// A card is seen only in a pipeline the user sees and with a customer the user sees (else 404).
import {
  BOARD_PAGE_SIZE,
  type BoardQuery,
  type CardQuery,
  may,
  type NewCardRequest,
  type StepPageQuery,
  type UpdateCardRequest,
} from '@atende/contract';
import { and, asc, desc, eq, getTableColumns, gt, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  contacts,
  pipelineAttachments,
  pipelineCardLabels,
  pipelineCards,
  pipelineLabels,
  pipelines,
  pipelineSteps,
  users,
} from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { jsonRows, namedColumns } from '../../platform/db/json-rows.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { param, prepared, preparedSql } from '../../platform/db/prepared.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { visibleContacts } from '../contacts/policy.ts';
import { boundScope, maySeeContact, scopeValues, visibility } from '../contacts/queries.ts';
import { mayDeleteCard, visiblePipelines } from './policy.ts';
import { placeInStep } from './positions.ts';
import type { CardDetailRow, CardRow } from './presenter.ts';

type Record = Parameters<Parameters<typeof inTransaction>[2]>[1];
export type CardKey = { pipelineId: string; itemId: string };

const responsible = sql.raw('"card_responsible"');

/** A card's step, pipeline, customer and responsible, joined to a select of cards. */
const stepJoin = [pipelineSteps, eq(pipelineSteps.id, pipelineCards.stepId)] as const;
const pipelineJoin = [pipelines, eq(pipelines.id, pipelineCards.pipelineId)] as const;
const customerJoin = [contacts, eq(contacts.id, pipelineCards.contactId)] as const;
const responsibleJoin = [
  sql`${users} as ${responsible}`,
  sql`${responsible}.id = ${pipelineCards.responsibleId}`,
] as const;

const cardColumns = {
  id: pipelineCards.id,
  pipelineId: pipelineCards.pipelineId,
  stepId: pipelineCards.stepId,
  position: pipelineCards.position,
  name: pipelineCards.name,
  rating: pipelineCards.rating,
  coverId: pipelineCards.coverId,
  commentsCount: pipelineCards.commentsCount,
  attachmentsCount: pipelineCards.attachmentsCount,
  createdAt: pipelineCards.createdAt,
  updatedAt: pipelineCards.updatedAt,
  contactId: pipelineCards.contactId,
  contactName: contacts.name,
  responsibleId: pipelineCards.responsibleId,
  responsibleName: sql<string | null>`${responsible}.name`,
  finished: pipelineSteps.final,
  labelIds: sql<string[]>`coalesce((select array_agg(${pipelineCardLabels.labelId}::text)
    from ${pipelineCardLabels} where ${pipelineCardLabels.cardId} = ${pipelineCards.id}), '{}')`,
};

/** The conditions of the cards the user may see (with steps, pipelines and contacts joined), and `where`. */
const visibleWhere = (ctx: TenantContext, where: (SQL | undefined)[]) =>
  and(
    eq(pipelineCards.companyId, ctx.companyId),
    isNull(pipelines.archivedAt),
    visiblePipelines(ctx),
    visibleContacts(ctx),
    ...where,
  );

/** Cards the user may see, matching `where`. */
function visibleCards(ctx: TenantContext, where: (SQL | undefined)[]) {
  return ctx.db
    .select(cardColumns)
    .from(pipelineCards)
    .innerJoin(...stepJoin)
    .innerJoin(...pipelineJoin)
    .innerJoin(...customerJoin)
    .leftJoin(...responsibleJoin)
    .where(visibleWhere(ctx, where));
}

const statusFilter = (status: CardQuery['status']) =>
  status === 'all' ? undefined : eq(pipelineSteps.final, status === 'finished');

/** The most cards the whole-board and customer lists answer (the board itself is paged per step). */
export const CARDS_LIMIT = 10_000;

/** The board's filters (spec §4), their values or a prepared statement's placeholders. */
type Filters = { status: CardQuery['status']; labelId?: string; responsibleId?: string; pattern?: string };

const filterConditions = (filters: Filters): (SQL | undefined)[] => [
  filters.responsibleId ? eq(pipelineCards.responsibleId, filters.responsibleId) : undefined,
  filters.labelId
    ? sql`exists (select 1 from ${pipelineCardLabels} where ${pipelineCardLabels.cardId} = ${pipelineCards.id}
        and ${pipelineCardLabels.labelId} = ${filters.labelId})`
    : undefined,
  filters.pattern ? ilike(pipelineCards.name, filters.pattern) : undefined,
  statusFilter(filters.status),
];

const filtersOf = (query: BoardQuery): Filters => ({
  status: query.status,
  labelId: query.label_id,
  responsibleId: query.responsible_id,
  pattern: query.q ? `%${escapeLike(query.q)}%` : undefined,
});

/** The board's filters as conditions on the visible cards. */
const boardFilters = (query: BoardQuery) => filterConditions(filtersOf(query));

/** The board of a pipeline or a customer's cards, filtered as the query says. */
export function listCards(ctx: TenantContext, query: CardQuery): Promise<CardRow[]> {
  return visibleCards(ctx, [
    query.pipeline_id ? eq(pipelineCards.pipelineId, query.pipeline_id) : undefined,
    query.contact_id ? eq(pipelineCards.contactId, query.contact_id) : undefined,
    ...boardFilters(query),
  ])
    .orderBy(
      ...(query.contact_id && !query.pipeline_id
        ? [desc(pipelineCards.createdAt)]
        : [asc(pipelineSteps.position), asc(pipelineCards.position)]),
    )
    .limit(CARDS_LIMIT);
}

/** A column's cursor: the last card's position, opaque to clients (positions are unique in a step). */
const encodeCursor = (position: number) => Buffer.from(String(position)).toString('base64url');
function decodeCursor(cursor: string): number {
  const position = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isFinite(position) || encodeCursor(position) !== cursor)
    throw new AppError('invalid_cursor', 400);
  return position;
}

export type StepPageRows = { rows: CardRow[]; nextCursor: string | null };

/** One page of a step's visible cards in position order, after the cursor; the caller checked the step. */
export async function stepPage(
  ctx: TenantContext,
  input: BoardQuery & { stepId: string; cursor?: string; limit: number },
): Promise<StepPageRows> {
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const rows = await visibleCards(ctx, [
    eq(pipelineCards.stepId, input.stepId),
    after === undefined ? undefined : gt(pipelineCards.position, after),
    ...boardFilters(input),
  ])
    .orderBy(asc(pipelineCards.position))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  if (more) rows.pop();
  return { rows, nextCursor: more ? encodeCursor(rows.at(-1)!.position) : null };
}

/** What a statement lets the user see: every pipeline or the given ones, every customer or their own. */
const viewerShape = (ctx: TenantContext) =>
  `${may(ctx, 'pipelines.moderate') ? 'all' : 'given'}:${visibility(ctx)}`;

/** The tenant and the user as a prepared statement's placeholders (scopeValues binds them). */
const boundViewer = (ctx: TenantContext): TenantContext => ({ ...ctx, ...boundScope(ctx) });

type BoardStepRow = {
  id: string | null;
  name: string;
  position: number;
  final: boolean;
  total: number;
  cards: CardRow[];
};

/**
 * The board in one prepared statement: the pipeline if the user sees it, each of its steps with the total of
 * its matching cards the user sees and the first page of them (as JSON). Ten statements before (the pipeline's
 * labels and audience, a grouped count, a page per step) cost more than the rows they read. One statement per
 * filter set, status and visibility; the tenant, the user, the pipeline and the filters' values are bound.
 */
const boardStatement = (ctx: TenantContext, query: BoardQuery) => {
  const shape = [
    'pipeline_board',
    query.status,
    viewerShape(ctx),
    query.label_id ? 'label' : '',
    query.responsible_id ? 'responsible' : '',
    query.q ? 'q' : '',
  ].join(':');
  return preparedSql<BoardStepRow>(ctx.db, shape, () => {
    const scope = boundViewer(ctx);
    // The step is one of the pipeline's, itself the company's: its cards are the company's. Naming the step
    // alone lets the count read only the (step, position) index (an index-only scan for who sees every card).
    const inStep = and(
      eq(pipelineCards.stepId, pipelineSteps.id),
      visibleContacts(scope),
      ...filterConditions({
        status: query.status,
        labelId: query.label_id ? param('labelId') : undefined,
        responsibleId: query.responsible_id ? param('responsibleId') : undefined,
        pattern: query.q ? param('pattern') : undefined,
      }),
    );
    const counted = ctx.db.select({ n: sql`count(*)::int` }).from(pipelineCards);
    // Who sees every customer counts the step's cards alone (every card has its customer).
    const total =
      visibility(ctx) === 'all' ? counted.where(inStep) : counted.innerJoin(...customerJoin).where(inStep);
    const page = ctx.db
      .select(namedColumns(cardColumns))
      .from(pipelineCards)
      .innerJoin(...customerJoin)
      .leftJoin(...responsibleJoin)
      .where(inStep)
      .orderBy(asc(pipelineCards.position))
      .limit(BOARD_PAGE_SIZE);
    return sql`select ${pipelineSteps.id} as "id", ${pipelineSteps.name} as "name",
        ${pipelineSteps.position} as "position", ${pipelineSteps.final} as "final",
        (${total}) as "total", ${jsonRows(page)} as "cards"
      from ${pipelines} left join ${pipelineSteps} on ${pipelineSteps.pipelineId} = ${pipelines.id}
      where ${and(
        eq(pipelines.id, param('pipelineId')),
        eq(pipelines.companyId, scope.companyId),
        isNull(pipelines.archivedAt),
        visiblePipelines(scope),
      )}
      order by ${pipelineSteps.position}`;
  });
};

/** The pipeline's steps, each with its first page of matching cards and their total (404: not seen). */
export async function readBoard(ctx: TenantContext, input: BoardQuery & { pipelineId: string }) {
  const filters = filtersOf(input);
  const rows = await boardStatement(ctx, input).execute({
    ...scopeValues(ctx),
    pipelineId: input.pipelineId,
    labelId: filters.labelId,
    responsibleId: filters.responsibleId,
    pattern: filters.pattern,
  });
  if (rows.length === 0) throw notFound();
  return rows.flatMap(({ id, name, position, final, total, cards }) => {
    if (id === null) return []; // a pipeline without steps
    const more = total > cards.length && cards.length > 0;
    return [
      {
        step: { id, name, position, final },
        total,
        rows: cards,
        nextCursor: more ? encodeCursor(cards.at(-1)!.position) : null,
      },
    ];
  });
}

/** A card's author's name, and its files newest first (as JSON), for the card's own answer. */
const detailColumns = {
  description: pipelineCards.description,
  authorId: pipelineCards.authorId,
  authorName: sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${pipelineCards.authorId})`,
  attachments: sql<CardDetailRow['attachments']>`${jsonRows(
    sql`select ${sql.join(
      Object.entries(getTableColumns(pipelineAttachments)).map(
        ([key, column]) => sql`${column} as ${sql.identifier(key)}`,
      ),
      sql`, `,
    )} from ${pipelineAttachments} where ${pipelineAttachments.cardId} = ${pipelineCards.id}
      order by ${pipelineAttachments.createdAt} desc`,
  )}`,
};

/** The card the user sees, with its description, author and files: every card call reads it, a move twice. */
const cardStatement = (ctx: TenantContext) =>
  prepared(ctx.db, `pipeline_card:${viewerShape(ctx)}`, () =>
    ctx.db
      .select({ ...cardColumns, ...detailColumns })
      .from(pipelineCards)
      .innerJoin(...stepJoin)
      .innerJoin(...pipelineJoin)
      .innerJoin(...customerJoin)
      .leftJoin(...responsibleJoin)
      .where(
        visibleWhere(boundViewer(ctx), [
          eq(pipelineCards.id, param('itemId')),
          eq(pipelineCards.pipelineId, param('pipelineId')),
        ]),
      )
      .limit(1),
  );

/** The card with its details, in one statement (404: not seen). */
export async function findCard(ctx: TenantContext, key: CardKey): Promise<CardDetailRow> {
  const [row] = await cardStatement(ctx).execute({
    ...scopeValues(ctx),
    itemId: key.itemId,
    pipelineId: key.pipelineId,
  });
  if (!row) throw notFound();
  return row;
}

/** The card's place as the notifier tells it, regardless of who asks. */
export async function loadCardPlace(db: Db, companyId: string, cardId: string) {
  const [row] = await db
    .select({
      stepId: pipelineCards.stepId,
      position: pipelineCards.position,
      updatedAt: pipelineCards.updatedAt,
    })
    .from(pipelineCards)
    .where(and(eq(pipelineCards.id, cardId), eq(pipelineCards.companyId, companyId)));
  return row;
}

export function cardService(deps: { bus: EventBus }) {
  const changed = (record: Record, ctx: TenantContext, pipelineId: string, cardId: string) =>
    record({ type: 'pipeline.card', companyId: ctx.companyId, pipelineId, cardId });

  /** Changes a card the user sees inside one transaction that announces it. */
  const change = async (
    ctx: TenantContext,
    key: CardKey,
    work: (tx: Db, card: CardDetailRow) => Promise<void>,
    /** False when `work` writes `updatedAt` itself (one statement fewer). */
    touch = true,
  ): Promise<CardDetailRow> => {
    const card = await findCard(ctx, key);
    await inTransaction(ctx.db, deps.bus, async (tx, record) => {
      await work(tx, card);
      if (touch)
        await tx.update(pipelineCards).set({ updatedAt: new Date() }).where(eq(pipelineCards.id, key.itemId));
      changed(record, ctx, key.pipelineId, key.itemId);
    });
    return findCard(ctx, key);
  };

  return {
    list: listCards,
    get: findCard,

    board: readBoard,

    /** The next page of a step the user sees (404: not seen; 400: a step of another pipeline). */
    async page(ctx: TenantContext, input: StepPageQuery & { pipelineId: string; stepId: string }) {
      await assertStep(ctx, input.pipelineId, input.stepId);
      return stepPage(ctx, input);
    },

    async create(
      ctx: TenantContext,
      input: NewCardRequest & { pipelineId: string; stepId: string },
    ): Promise<CardDetailRow> {
      await assertStep(ctx, input.pipelineId, input.stepId);
      if (!(await maySeeContact(ctx, input.contact_id))) throw new AppError('card_contact_unavailable', 400);
      if (input.responsible_id) await assertResponsible(ctx, input.responsible_id);
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const position = await placeInStep(tx, input.stepId, null, input.after_id);
        const [card] = await tx
          .insert(pipelineCards)
          .values({
            companyId: ctx.companyId,
            pipelineId: input.pipelineId,
            stepId: input.stepId,
            position,
            contactId: input.contact_id,
            name: input.name,
            description: input.description,
            responsibleId: input.responsible_id === undefined ? ctx.userId : input.responsible_id,
            authorId: ctx.userId,
          })
          .returning({ id: pipelineCards.id });
        changed(record, ctx, input.pipelineId, card!.id);
        return card!.id;
      });
      return findCard(ctx, { pipelineId: input.pipelineId, itemId: id });
    },

    /** Changes fields and, when {stepId} or `after_id` says so, moves the card (last write wins). */
    async update(
      ctx: TenantContext,
      input: UpdateCardRequest & CardKey & { stepId: string },
    ): Promise<CardDetailRow> {
      await assertStep(ctx, input.pipelineId, input.stepId);
      if (input.responsible_id) await assertResponsible(ctx, input.responsible_id);
      return change(
        ctx,
        input,
        async (tx, card) => {
          // The step as read just before: a concurrent move of the same card is last write wins anyway.
          const moves = card.stepId !== input.stepId || input.after_id !== undefined;
          const position = moves
            ? await placeInStep(tx, input.stepId, input.itemId, input.after_id)
            : undefined;
          await tx
            .update(pipelineCards)
            .set({
              name: input.name,
              description: input.description,
              responsibleId: input.responsible_id,
              ...(position === undefined ? {} : { stepId: input.stepId, position }),
              updatedAt: new Date(),
            })
            .where(eq(pipelineCards.id, input.itemId));
        },
        false,
      );
    },

    rate: (ctx: TenantContext, input: CardKey & { rating: number }) =>
      change(ctx, input, async (tx) => {
        await tx
          .update(pipelineCards)
          .set({ rating: input.rating })
          .where(eq(pipelineCards.id, input.itemId));
      }),

    /** Adds the label to the card, or takes it off when it has it. */
    toggleLabel: async (ctx: TenantContext, input: CardKey & { labelId: string }) => {
      const [label] = await ctx.db
        .select({ pipelineId: pipelineLabels.pipelineId })
        .from(pipelineLabels)
        .where(and(eq(pipelineLabels.id, input.labelId), eq(pipelineLabels.companyId, ctx.companyId)));
      if (!label) throw notFound();
      if (label.pipelineId !== input.pipelineId) throw new AppError('label_not_in_pipeline', 400);
      return change(ctx, input, async (tx) => {
        const removed = await tx
          .delete(pipelineCardLabels)
          .where(
            and(eq(pipelineCardLabels.cardId, input.itemId), eq(pipelineCardLabels.labelId, input.labelId)),
          )
          .returning();
        if (removed.length === 0) {
          await tx
            .insert(pipelineCardLabels)
            .values({ companyId: ctx.companyId, cardId: input.itemId, labelId: input.labelId });
        }
      });
    },

    /** Makes an image attachment of the card its cover (`attachmentId`), or takes the cover off (null). */
    setCover: (ctx: TenantContext, input: CardKey & { attachmentId: string; on: boolean }) =>
      change(ctx, input, async (tx, card) => {
        const attachment = card.attachments.find((file) => file.id === input.attachmentId);
        if (!attachment || attachment.kind !== 'image') throw new AppError('cover_not_image', 400);
        if (!input.on && card.coverId !== input.attachmentId) return;
        await tx
          .update(pipelineCards)
          .set({ coverId: input.on ? input.attachmentId : null })
          .where(eq(pipelineCards.id, input.itemId));
      }),

    async remove(ctx: TenantContext, input: CardKey): Promise<void> {
      const card = await findCard(ctx, input);
      if (!mayDeleteCard(ctx, card)) throw forbidden();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx.delete(pipelineCards).where(eq(pipelineCards.id, input.itemId));
        changed(record, ctx, input.pipelineId, input.itemId);
      });
    },

    change,
  };
}
export type CardService = ReturnType<typeof cardService>;

/** The step is one of the pipeline's, which the user sees. */
async function assertStep(ctx: TenantContext, pipelineId: string, stepId: string) {
  const [step] = await ctx.db
    .select({ pipelineId: pipelineSteps.pipelineId })
    .from(pipelineSteps)
    .innerJoin(pipelines, eq(pipelines.id, pipelineSteps.pipelineId))
    .where(
      and(
        eq(pipelineSteps.id, stepId),
        eq(pipelineSteps.companyId, ctx.companyId),
        isNull(pipelines.archivedAt),
        visiblePipelines(ctx),
      ),
    );
  if (!step) throw notFound();
  if (step.pipelineId !== pipelineId) throw new AppError('step_not_in_pipeline', 400);
}

async function assertResponsible(ctx: TenantContext, userId: string) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId), eq(users.active, true)));
  if (!user) throw new AppError('responsible_unknown', 400);
}

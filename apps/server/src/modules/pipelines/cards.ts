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
import { inTransaction, type DomainEvent, type EventBus } from '../../platform/events.ts';
import { visibleContacts } from '../contacts/policy.ts';
import { boundScope, maySeeContact, scopeValues, visibility } from '../contacts/queries.ts';
import type { BoardCache } from './board-cache.ts';
import { mayDeleteCard, visiblePipelines } from './policy.ts';
import { afterOf, lostPlace, placement, placeInStep, withRoom, type After } from './positions.ts';
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

export type BoardColumn = {
  step: { id: string; name: string; position: number; final: boolean };
  total: number;
  rows: CardRow[];
  nextCursor: string | null;
};

/** The pipeline's steps, each with its first page of matching cards and their total (404: not seen). */
export async function readBoard(
  ctx: TenantContext,
  input: BoardQuery & { pipelineId: string },
): Promise<BoardColumn[]> {
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
  const statement = prepared(db, 'pipeline_card_place', () =>
    db
      .select({
        stepId: pipelineCards.stepId,
        position: pipelineCards.position,
        updatedAt: pipelineCards.updatedAt,
      })
      .from(pipelineCards)
      .where(and(eq(pipelineCards.id, param('cardId')), eq(pipelineCards.companyId, param('companyId')))),
  );
  const [row] = await statement.execute({ cardId, companyId });
  return row;
}

type MovedRow = {
  /** The step's pipeline: null when the user sees no such step. */
  stepPipelineId: string | null;
  /** False when the step was re-spaced after the statement's snapshot: its positions were stale. */
  fresh: boolean | null;
  placed: boolean;
  exhausted: boolean;
} & (CardDetailRow | { [K in keyof CardDetailRow]: null });

/** The fields a card change sets besides its place (each present or left as it is). */
const changedFields = (input: UpdateCardRequest) =>
  [
    input.name === undefined ? '' : 'name',
    input.description === undefined ? '' : 'description',
    input.responsible_id === undefined ? '' : 'responsible',
  ].filter(Boolean);

/**
 * A card's change and move in one prepared statement, which needs no transaction of its own (positions.ts says
 * why it may place without its step's lock). `step` checks the step (the user sees its pipeline, which is not
 * archived) and holds it shared, so no re-spacing of it starts until this commits; `seen` is the step's row
 * in the statement's snapshot: when it is not the version `step` locked, a re-spacing committed meanwhile and
 * nothing is written (`fresh` false). Then its place in the step (`placement`), the update of the card if the
 * user sees its customer and its pipeline is the URL's, and the card as answered, read from the updated row.
 * Named `pipeline_cards`, that row stands for the table in the final select, so the card's columns are the ones
 * every card read uses. Always one row. Placeholders: the scope, stepId, itemId, pipelineId, afterId, now and
 * the fields `changedFields` lists.
 */
const moveStatement = (ctx: TenantContext, after: After, fields: string[]) =>
  preparedSql<MovedRow>(ctx.db, ['pipeline_move', after, viewerShape(ctx), ...fields].join(':'), () => {
    const scope = boundViewer(ctx);
    const target = sql.raw('"pipeline_cards"');
    // Left as it is, a card stays where it is when it does not change steps.
    const position =
      after === 'last'
        ? sql`case when ${target}.step_id = ${param('stepId')} then ${target}.position else place.position end`
        : sql`place.position`;
    const set = [
      sql`step_id = ${param('stepId')}`,
      sql`position = ${position}`,
      sql`updated_at = ${param('now')}`,
      fields.includes('name') ? sql`name = ${param('name')}` : undefined,
      fields.includes('description') ? sql`description = ${param('description')}` : undefined,
      fields.includes('responsible') ? sql`responsible_id = ${param('responsibleId')}` : undefined,
    ].filter((part) => part !== undefined);
    return sql`with step as (
        select ${pipelineSteps.pipelineId} as pipeline_id, ${pipelineSteps}.xmin::text as version
        from ${visibleStep(scope)}
        for share of ${pipelineSteps}
      ),
      seen as (select xmin::text as version from ${pipelineSteps} where id = ${param('stepId')}),
      place as (${placement(after, true)}),
      ${target} as (
        update ${pipelineCards} set ${sql.join(set, sql`, `)}
        from place, step, seen, ${contacts}
        where place.found and not place.exhausted and step.version = seen.version and ${and(
          sql`step.pipeline_id = ${param('pipelineId')}`,
          eq(pipelineCards.id, param('itemId')),
          eq(pipelineCards.pipelineId, param('pipelineId')),
          eq(pipelineCards.companyId, scope.companyId),
          eq(contacts.id, pipelineCards.contactId),
          visibleContacts(scope),
        )}
        returning ${pipelineCards}.*
      )
      select step.pipeline_id as "stepPipelineId", step.version = seen.version as "fresh",
        place.found as "placed", place.exhausted as "exhausted",
        ${sql.join(
          Object.entries({ ...cardColumns, ...detailColumns }).map(
            ([key, column]) => sql`${column} as ${sql.identifier(key)}`,
          ),
          sql`, `,
        )}
      from place left join step on true left join seen on true left join (${target}
        join ${pipelineSteps} on ${pipelineSteps.id} = ${pipelineCards.stepId}
        join ${contacts} on ${contacts.id} = ${pipelineCards.contactId}
        left join ${responsibleJoin[0]} on ${responsibleJoin[1]}) on true`;
  });

/** Tries of a move on its own before it takes its step's lock and waits for its turn. */
const UNLOCKED_TRIES = 3;

export function cardService(deps: { bus: EventBus; boards: BoardCache }) {
  const cardEvent = (ctx: TenantContext, pipelineId: string, cardId: string): DomainEvent => ({
    type: 'pipeline.card',
    companyId: ctx.companyId,
    pipelineId,
    cardId,
  });
  const changed = (record: Record, ctx: TenantContext, pipelineId: string, cardId: string) =>
    record(cardEvent(ctx, pipelineId, cardId));

  /** Changes a card the user sees inside one transaction that announces it. */
  const change = async (
    ctx: TenantContext,
    key: CardKey,
    work: (tx: Db, card: CardDetailRow) => Promise<void>,
  ): Promise<CardDetailRow> => {
    const card = await findCard(ctx, key);
    await inTransaction(ctx.db, deps.bus, async (tx, record) => {
      await work(tx, card);
      await tx.update(pipelineCards).set({ updatedAt: new Date() }).where(eq(pipelineCards.id, key.itemId));
      changed(record, ctx, key.pipelineId, key.itemId);
    });
    return findCard(ctx, key);
  };

  return {
    list: listCards,
    get: findCard,

    /** The board's answer as `render` writes it (JSON), shared with whoever asks the same meanwhile. */
    board: (
      ctx: TenantContext,
      input: BoardQuery & { pipelineId: string },
      render: (columns: BoardColumn[]) => string,
    ) => deps.boards.read(ctx, input, async () => render(await readBoard(ctx, input))),

    /** The next page of a step the user sees (404: not seen; 400: a step of another pipeline). */
    async page(ctx: TenantContext, input: StepPageQuery & { pipelineId: string; stepId: string }) {
      await assertStep(ctx, input.pipelineId, input.stepId);
      return stepPage(ctx, input);
    },

    async create(
      ctx: TenantContext,
      input: NewCardRequest & { pipelineId: string; stepId: string },
    ): Promise<CardDetailRow> {
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await assertStep(ctx, input.pipelineId, input.stepId, tx);
        // In the transaction's connection: PGlite has only that one.
        const inTx = { ...ctx, db: tx };
        if (!(await maySeeContact(inTx, input.contact_id)))
          throw new AppError('card_contact_unavailable', 400);
        if (input.responsible_id) await assertResponsible(inTx, input.responsible_id);
        const position = await placeInStep(ctx.db, tx, input.stepId, input.after_id);
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

    /**
     * Changes fields and, when {stepId} or `after_id` says so, moves the card (last write wins). The move runs
     * on its own, racing the step's other moves (positions.ts); when it lost its place to one of them, or the
     * step was re-spaced meanwhile, it runs again. A move still not placed after its tries, or whose gap ran
     * out, takes the step's lock and waits for its turn, which it cannot lose.
     */
    async update(
      ctx: TenantContext,
      input: UpdateCardRequest & CardKey & { stepId: string },
    ): Promise<CardDetailRow> {
      if (input.responsible_id) await assertResponsible(ctx, input.responsible_id);
      const statement = moveStatement(ctx, afterOf(input.after_id), changedFields(input));
      const values = {
        ...scopeValues(ctx),
        stepId: input.stepId,
        itemId: input.itemId,
        pipelineId: input.pipelineId,
        afterId: input.after_id,
        now: new Date(),
        name: input.name,
        description: input.description,
        responsibleId: input.responsible_id,
      };
      const unlocked = async (): Promise<MovedRow | undefined> => {
        for (let tries = 0; tries < UNLOCKED_TRIES; tries++) {
          const row = await statement.execute(values).then(([moved]) => moved, lostPlace);
          if (!row) continue; // another move took its place meanwhile
          if (row.stepPipelineId === null) throw notFound();
          if (row.fresh || row.exhausted || row.stepPipelineId !== input.pipelineId) return row;
        }
        return undefined;
      };
      const inTurn = () =>
        ctx.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await assertStep(ctx, input.pipelineId, input.stepId, tx);
          return withRoom(tx, input.stepId, () => statement.execute(values, tx));
        });
      let row = await unlocked();
      if (!row || row.exhausted) row = await inTurn();
      if (row!.stepPipelineId !== input.pipelineId) throw new AppError('step_not_in_pipeline', 400);
      if (!row!.placed || row!.id === null) throw notFound();
      await deps.bus.publish([cardEvent(ctx, input.pipelineId, input.itemId)]);
      const { stepPipelineId: _step, fresh: _fresh, placed: _placed, exhausted: _exhausted, ...card } = row!;
      return card as CardDetailRow;
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

/**
 * The step {stepId} joined to its pipeline, when the user sees that pipeline and it is not archived: a FROM
 * and WHERE for a step's check.
 */
const visibleStep = (scope: ReturnType<typeof boundViewer>) =>
  sql`${pipelineSteps} join ${pipelines} on ${pipelines.id} = ${pipelineSteps.pipelineId}
    where ${and(
      eq(pipelineSteps.id, param('stepId')),
      eq(pipelineSteps.companyId, scope.companyId),
      isNull(pipelines.archivedAt),
      visiblePipelines(scope),
    )}`;

/** The step's pipeline if the user sees it; locking the step's row (`for update`) when a card goes into it. */
const stepStatement = (ctx: TenantContext, lock: boolean) =>
  preparedSql<{ pipelineId: string }>(
    ctx.db,
    `pipeline_step:${lock ? 'lock' : 'read'}:${viewerShape(ctx)}`,
    () => {
      const scope = boundViewer(ctx);
      return sql`select ${pipelineSteps.pipelineId} as "pipelineId"
        from ${visibleStep(scope)} ${lock ? sql`for update of ${pipelineSteps}` : sql``}`;
    },
  );

/**
 * The step is one of the pipeline's, which the user sees. Given the transaction `tx`, the step's row stays
 * locked until it ends: cards placed into the step (positions.ts) take turns.
 */
async function assertStep(ctx: TenantContext, pipelineId: string, stepId: string, tx?: Db) {
  const [step] = await stepStatement(ctx, tx !== undefined).execute({ ...scopeValues(ctx), stepId }, tx);
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

// The contact queue: list, search, waiting queue, take-next, detail and creation of contacts.
import {
  WAITING_LIST_SIZE,
  type ChannelKind,
  type Contact,
  type ContactListQuery,
  type ContactPage,
  type ContactSearchRequest,
  type NewContactRequest,
  type PendingScheduleSearchRequest,
  type WaitingQueue,
} from '@atende/contract';
import { and, asc, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import {
  channelAccounts,
  contactChannels,
  contacts,
  contactWallets,
  jokers,
  wallets,
} from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { jsonRows, namedColumns } from '../../platform/db/json-rows.ts';
import { param, prepared, preparedSql, type RawRow } from '../../platform/db/prepared.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { normaliseAddress } from './addresses.ts';
import {
  presentContact,
  presentSummary,
  priorityRank,
  responsibleJoin,
  summaryColumns,
  type ChannelRow,
  type ContactRow,
  type SummaryFields,
} from './presenter.ts';
import {
  contactPage,
  filterCondition,
  forVisibleContact,
  hasPendingSchedule,
  scopeValues,
  visibility,
} from './queries.ts';
import { acceptDocument } from './documents.ts';
import { searchCondition } from './search.ts';

export function searchContacts(ctx: TenantContext, request: ContactSearchRequest): Promise<ContactPage> {
  return contactPage(ctx, {
    where: [filterCondition(ctx, request.origin), searchCondition(ctx, request.parameter, request.value)],
    order: 'default',
    direction: 'desc',
    limit: request.limit,
    cursor: request.cursor,
    ownOnly: request.origin === 'mine',
  });
}

export function searchWithPendingSchedule(
  ctx: TenantContext,
  request: PendingScheduleSearchRequest,
): Promise<ContactPage> {
  return contactPage(ctx, {
    where: [hasPendingSchedule(), searchCondition(ctx, request.parameter, request.value)],
    order: 'default',
    direction: 'desc',
    limit: request.limit,
    cursor: request.cursor,
  });
}

export function listChatbotContacts(ctx: TenantContext, query: Pick<ContactListQuery, 'limit' | 'cursor'>) {
  return contactPage(ctx, {
    where: [filterCondition(ctx, 'chatbots')],
    order: 'default',
    direction: 'desc',
    limit: query.limit,
    cursor: query.cursor,
  });
}

const waitingCondition = (companyId: string) =>
  and(eq(contacts.companyId, companyId), eq(contacts.onQueue, true), isNull(contacts.responsibleId));

/** Highest priority first, then whoever has waited longest. */
const waitingOrder = [desc(contacts.priority), asc(contacts.queuedAt), asc(contacts.id)];

const waitingCountStatement = (db: Db) =>
  prepared(db, 'waiting_count', () =>
    db
      .select({ n: count() })
      .from(contacts)
      .where(waitingCondition(param('companyId'))),
  );

export async function countWaiting(db: Db, companyId: string): Promise<number> {
  const [row] = await waitingCountStatement(db).execute({ companyId });
  return row?.n ?? 0;
}

export async function waitingQueue(ctx: TenantContext): Promise<WaitingQueue> {
  const [total, rows] = await Promise.all([
    countWaiting(ctx.db, ctx.companyId),
    ctx.db
      .select(summaryColumns)
      .from(contacts)
      .leftJoin(...responsibleJoin)
      .where(waitingCondition(ctx.companyId))
      .orderBy(...waitingOrder)
      .limit(WAITING_LIST_SIZE),
  ]);
  return { count: total, data: rows.map(presentSummary) };
}

/**
 * Hands the caller the next waiting contact. The row is claimed with FOR UPDATE SKIP LOCKED inside one UPDATE,
 * so two attendants pressing "next" at once always get different contacts.
 */
export async function takeNextWaiting(ctx: TenantContext, bus: EventBus): Promise<Contact> {
  const contactId = await inTransaction(ctx.db, bus, async (tx, record) => {
    const claimed = await tx
      .update(contacts)
      .set({ responsibleId: ctx.userId, onQueue: false, updatedAt: new Date() })
      .where(
        eq(
          contacts.id,
          sql`(select ${contacts.id} from ${contacts} where ${waitingCondition(ctx.companyId)}
               order by ${contacts.priority} desc, ${contacts.queuedAt} asc, ${contacts.id} asc
               limit 1 for update skip locked)`,
        ),
      )
      .returning({ id: contacts.id });
    const id = claimed[0]?.id;
    if (!id) throw new AppError('queue_empty', 404);
    record({ type: 'contact.changed', companyId: ctx.companyId, contactId: id, previousResponsibleId: null });
    record({ type: 'waiting.changed', companyId: ctx.companyId });
    return id;
  });
  return getContact(ctx, contactId);
}

type DetailRow = {
  contact: (RawRow<ContactRow & SummaryFields> & { jokerName: string | null })[];
  channels: RawRow<ChannelRow>[];
  segments: { walletId: string; walletName: string }[];
};

/**
 * The contact panel's whole contact in one prepared statement (the console reads it on every conversation
 * opened): its row with the summary's names and its joker, its channels and its segments, as JSON, if the
 * user may see it.
 */
const detailStatement = (ctx: TenantContext) =>
  preparedSql<DetailRow>(ctx.db, `contact_detail:${visibility(ctx)}`, () => {
    const db = ctx.db;
    const id = param('contactId');
    const companyId = param('companyId');
    return forVisibleContact(ctx, {
      contact: jsonRows(
        db
          .select(namedColumns({ ...getTableColumns(contacts), ...summaryColumns, jokerName: jokers.name }))
          .from(contacts)
          .leftJoin(...responsibleJoin)
          .leftJoin(jokers, eq(jokers.id, contacts.jokerId))
          .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId))),
      ),
      channels: jsonRows(
        db
          .select(namedColumns(getTableColumns(contactChannels)))
          .from(contactChannels)
          .where(and(eq(contactChannels.contactId, id), eq(contactChannels.companyId, companyId)))
          .orderBy(desc(contactChannels.main), asc(contactChannels.createdAt)),
      ),
      segments: jsonRows(
        db
          .select(namedColumns({ walletId: wallets.id, walletName: wallets.name }))
          .from(contactWallets)
          .innerJoin(wallets, eq(wallets.id, contactWallets.walletId))
          .where(and(eq(contactWallets.contactId, id), eq(contactWallets.companyId, companyId)))
          .orderBy(asc(wallets.name)),
      ),
    });
  });

export async function getContact(ctx: TenantContext, contactId: string): Promise<Contact> {
  const [detail] = await detailStatement(ctx).execute({ ...scopeValues(ctx), contactId });
  const [row] = detail?.contact ?? [];
  if (!detail || !row) throw notFound();
  const joker = row.jokerId && row.jokerName ? { id: row.jokerId, name: row.jokerName } : null;
  return presentContact(presentSummary(row), row, detail.channels, detail.segments, joker);
}

/** Creates a contact with its first channel; the creator becomes responsible for it. */
export async function createContact(
  ctx: TenantContext,
  bus: EventBus,
  input: NewContactRequest,
): Promise<Contact> {
  if (!ctx.permissions.create_contacts) throw forbidden();
  const { address, digitsReversed } = normaliseAddress(input.channel.type, input.channel.address);
  if (input.channel.output_line_id) {
    await assertOutputLine(ctx, input.channel.output_line_id, input.channel.type);
  }
  const id = await inTransaction(ctx.db, bus, async (tx, record) => {
    const [existing] = await tx
      .select({ id: contactChannels.id })
      .from(contactChannels)
      .where(
        and(
          eq(contactChannels.companyId, ctx.companyId),
          eq(contactChannels.kind, input.channel.type),
          eq(contactChannels.address, address),
        ),
      )
      .limit(1);
    if (existing) throw new AppError('channel_already_registered', 400);
    const [contact] = await tx
      .insert(contacts)
      .values({
        companyId: ctx.companyId,
        name: input.name,
        document: acceptDocument(input.document),
        priority: priorityRank(input.priority),
        responsibleId: ctx.userId,
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error('contact insert returned nothing');
    await tx.insert(contactChannels).values({
      companyId: ctx.companyId,
      contactId: contact.id,
      kind: input.channel.type,
      address,
      addressDigitsReversed: digitsReversed,
      main: true,
      outputLineId: input.channel.output_line_id ?? null,
    });
    record({ type: 'contact.changed', companyId: ctx.companyId, contactId: contact.id, created: true });
    return contact.id;
  }).catch((error: unknown) => {
    // Two requests registering the same channel at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new AppError('channel_already_registered', 400);
    throw error;
  });
  return getContact(ctx, id);
}

/** An output line must be one of the company's own channel accounts, of the channel's kind. */
export async function assertOutputLine(ctx: TenantContext, channelAccountId: string, kind: ChannelKind) {
  const [account] = await ctx.db
    .select({ id: channelAccounts.id, kind: channelAccounts.kind })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.id, channelAccountId), eq(channelAccounts.companyId, ctx.companyId)))
    .limit(1);
  if (!account) throw notFound();
  if (account.kind !== kind) throw new AppError('output_line_mismatch', 400);
}

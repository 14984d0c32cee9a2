// The contact queue: list, search, waiting queue, take-next, detail and creation of contacts; with the
// channel maintenance (channels.ts) and customer data (customer-data.ts) the console's contact service.
import {
  WAITING_LIST_SIZE,
  type ContactListQuery,
  type ContactSearchRequest,
  type NewContactRequest,
  type PendingScheduleSearchRequest,
  type UpdateCriticalRuleRequest,
} from '@atende/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { contactChannels, contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { normaliseAddress } from './addresses.ts';
import { ownership } from './ownership.ts';
import { assertOutputLine, contactChannelOperations, rethrowDuplicate } from './channels.ts';
import { criticalRule, updateCriticalRule } from './critical.ts';
import { customerDataOperations } from './customer-data.ts';
import { acceptDocument } from './documents.ts';
import {
  priorityRank,
  responsibleJoin,
  summaryColumns,
  type ContactDetail,
  type SummaryPage,
  type Waiting,
} from './presenter.ts';
import { contactDetail, contactPage, filterCondition, hasPendingSchedule, listContacts } from './queries.ts';
import { searchCondition } from './search.ts';
import { inServedSegments } from '../teams/served-segments.ts';
import { assertNotPaused } from '../pauses/queries.ts';

const waitingCondition = (companyId: string) =>
  and(eq(contacts.companyId, companyId), eq(contacts.onQueue, true), isNull(contacts.responsibleId));

/**
 * The queue as `userId` is offered it: contacts of the segments they serve (their own and their teams', issue
 * 21) first, then highest priority, then whoever has waited longest. The preference sorts the waiting contacts
 * (bounded by the queue, read through contacts_waiting_idx) rather than reading them in index order.
 */
const waitingOrder = (userId: string) => [
  desc(inServedSegments(userId)),
  desc(contacts.priority),
  asc(contacts.queuedAt),
  asc(contacts.id),
];

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

export type ContactService = ReturnType<typeof contactService>;

/** The contact service: the queue's reads and every change of a contact, each announced on `bus` at commit. */
export function contactService(deps: { bus: EventBus }) {
  return {
    /** A page of the contact list, the console's most frequent call (queries.ts listContacts). */
    list: listContacts,

    search(ctx: TenantContext, request: ContactSearchRequest): Promise<SummaryPage> {
      return contactPage(ctx, {
        where: [filterCondition(ctx, request.origin), searchCondition(ctx, request.parameter, request.value)],
        order: 'default',
        direction: 'desc',
        limit: request.limit,
        cursor: request.cursor,
        ownOnly: request.origin === 'mine',
      });
    },

    searchWithPendingSchedule(
      ctx: TenantContext,
      request: PendingScheduleSearchRequest,
    ): Promise<SummaryPage> {
      return contactPage(ctx, {
        where: [hasPendingSchedule(), searchCondition(ctx, request.parameter, request.value)],
        order: 'default',
        direction: 'desc',
        limit: request.limit,
        cursor: request.cursor,
      });
    },

    chatbots(ctx: TenantContext, query: Pick<ContactListQuery, 'limit' | 'cursor'>): Promise<SummaryPage> {
      return contactPage(ctx, {
        where: [filterCondition(ctx, 'chatbots')],
        order: 'default',
        direction: 'desc',
        limit: query.limit,
        cursor: query.cursor,
      });
    },

    async waiting(ctx: TenantContext): Promise<Waiting> {
      const [total, rows] = await Promise.all([
        countWaiting(ctx.db, ctx.companyId),
        ctx.db
          .select(summaryColumns)
          .from(contacts)
          .leftJoin(...responsibleJoin)
          .where(waitingCondition(ctx.companyId))
          .orderBy(...waitingOrder(ctx.userId))
          .limit(WAITING_LIST_SIZE),
      ]);
      return { count: total, rows };
    },

    /**
     * Hands the caller the next waiting contact, of the segments they serve first (waitingOrder). The row is claimed with FOR UPDATE SKIP LOCKED inside one
     * UPDATE, so two attendants pressing "next" at once always get different contacts. Refused while paused.
     */
    async takeNext(ctx: TenantContext): Promise<ContactDetail> {
      const contactId = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        // A paused attendant gets no new customer (their own conversations stay open to them).
        await assertNotPaused(ctx, tx);
        const claimed = await tx
          .update(contacts)
          .set(ownership(ctx.userId, new Date()))
          .where(
            eq(
              contacts.id,
              sql`(select ${contacts.id} from ${contacts} where ${waitingCondition(ctx.companyId)}
               order by ${sql.join(waitingOrder(ctx.userId), sql`, `)}
               limit 1 for update skip locked)`,
            ),
          )
          .returning({ id: contacts.id });
        const id = claimed[0]?.id;
        if (!id) throw new AppError('queue_empty', 404);
        record({
          type: 'contact.changed',
          companyId: ctx.companyId,
          contactId: id,
          previousResponsibleId: null,
        });
        record({ type: 'waiting.changed', companyId: ctx.companyId });
        return id;
      });
      return contactDetail(ctx, contactId);
    },

    get: (ctx: TenantContext, input: { id: string }): Promise<ContactDetail> => contactDetail(ctx, input.id),

    /** Creates a contact with its first channel; the creator becomes responsible for it. */
    async create(ctx: TenantContext, input: NewContactRequest): Promise<ContactDetail> {
      const { address, digitsReversed } = normaliseAddress(input.channel.type, input.channel.address);
      if (input.channel.output_line_id) {
        await assertOutputLine(ctx, input.channel.output_line_id, input.channel.type);
      }
      const id = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
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
            ...ownership(ctx.userId, new Date()),
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
        // Two requests registering the same channel at once: the unique index refuses the second.
      }).catch(rethrowDuplicate);
      return contactDetail(ctx, id);
    },

    criticalRule,
    updateCriticalRule: (ctx: TenantContext, input: UpdateCriticalRuleRequest & { clientIp?: string }) =>
      updateCriticalRule(ctx, deps.bus, input),

    ...contactChannelOperations(deps),
    ...customerDataOperations(deps),
  };
}

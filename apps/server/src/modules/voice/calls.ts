// Call detail records: what the PBX writes as a call rings, is answered, held and ends (each step keyed by the
// SIP Call-ID, so a retransmitted request changes nothing twice), and what the console reads and classifies.
import {
  PHONE_KINDS,
  type CallDirection,
  type CallFilters,
  type CallTypeId,
  type ClassifyCall,
  type HangupCause,
  type HangupSide,
} from '@atende/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { callReasons, contactChannels, contacts, users, voiceCalls } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';

type Names = {
  operatorName: string | null;
  reasonName: string | null;
  contactName: string | null;
  transferredToName: string | null;
};
export type CallRow = typeof voiceCalls.$inferSelect & Names;

const transferee = alias(users, 'transferee');

/** Calls with the names they show: operator, call reason, customer, the colleague it was transferred to. */
const withNames = (db: Db) =>
  db
    .select({
      call: voiceCalls,
      operatorName: users.name,
      reasonName: callReasons.name,
      contactName: contacts.name,
      transferredToName: transferee.name,
    })
    .from(voiceCalls)
    .leftJoin(users, eq(users.id, voiceCalls.operatorId))
    .leftJoin(callReasons, eq(callReasons.id, voiceCalls.reasonId))
    .leftJoin(contacts, eq(contacts.id, voiceCalls.contactId))
    .leftJoin(transferee, eq(transferee.id, voiceCalls.transferredToId));

const flatten = ({ call, ...names }: { call: typeof voiceCalls.$inferSelect } & Names): CallRow => ({
  ...call,
  ...names,
});

/** The customer a phone number belongs to in a company, by any of their phone channels (voice first). */
export async function contactByNumber(db: Db, companyId: string, number: string): Promise<string | null> {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 8) return null;
  const [row] = await db
    .select({ contactId: contactChannels.contactId })
    .from(contactChannels)
    .where(
      and(
        eq(contactChannels.companyId, companyId),
        inArray(contactChannels.kind, [...PHONE_KINDS]),
        eq(contactChannels.address, digits),
      ),
    )
    .orderBy(sql`${contactChannels.kind} <> 'voice'`, desc(contactChannels.main))
    .limit(1);
  return row?.contactId ?? null;
}

export type CallStart = {
  companyId: string;
  callId: string;
  direction: CallDirection;
  typeId: CallTypeId;
  fromNumber: string;
  toNumber: string;
  operatorId: string | null;
  contactId: string | null;
  startedAt?: Date;
  /** The SIP Call-ID of the call the customer was transferred from. */
  transferredFrom?: string | null;
};

/** A new call rings; a repeated INVITE of the same Call-ID keeps the first record. */
export async function recordCallStart(db: Db, call: CallStart): Promise<void> {
  const { transferredFrom, ...values } = call;
  await db
    .insert(voiceCalls)
    .values({
      ...values,
      startedAt: call.startedAt ?? new Date(),
      transferredFromId: transferredFrom
        ? sql`(select ${voiceCalls.id} from ${voiceCalls} where ${voiceCalls.companyId} = ${call.companyId} and ${voiceCalls.callId} = ${transferredFrom})`
        : null,
    })
    .onConflictDoNothing();
}

/** A call waiting in the queue (or refused by an operator) rings another operator. */
export async function recordCallOperator(
  db: Db,
  companyId: string,
  callId: string,
  operatorId: string | null,
): Promise<void> {
  await db.update(voiceCalls).set({ operatorId, updatedAt: new Date() }).where(ringing(companyId, callId));
}

/** A power call the customer answered is handed to an operator (its record was answered before any had it). */
export async function recordCallHandedTo(
  db: Db,
  companyId: string,
  callId: string,
  operatorId: string,
): Promise<void> {
  await db
    .update(voiceCalls)
    .set({ operatorId, updatedAt: new Date() })
    .where(and(live(companyId, callId), isNull(voiceCalls.operatorId)));
}

/** The customer accepted the operator's REFER: the call goes on with `toUserId`. */
export async function recordCallTransfer(
  db: Db,
  companyId: string,
  callId: string,
  toUserId: string,
): Promise<void> {
  await db
    .update(voiceCalls)
    .set({ transferredToId: toUserId, updatedAt: new Date() })
    .where(live(companyId, callId));
}

const ringing = (companyId: string, callId: string) =>
  and(eq(voiceCalls.companyId, companyId), eq(voiceCalls.callId, callId), eq(voiceCalls.state, 'ringing'));
const live = (companyId: string, callId: string) =>
  and(
    eq(voiceCalls.companyId, companyId),
    eq(voiceCalls.callId, callId),
    sql`${voiceCalls.state} <> 'ended'`,
  );

/** The call was answered (by `operatorId` when an operator took an inbound call). */
export async function recordCallAnswer(
  db: Db,
  companyId: string,
  callId: string,
  operatorId: string | null,
  at = new Date(),
): Promise<void> {
  await db
    .update(voiceCalls)
    .set({
      state: 'in_progress',
      answeredAt: at,
      updatedAt: at,
      ...(operatorId ? { operatorId } : {}),
    })
    .where(ringing(companyId, callId));
}

/** Hold starts or ends (a re-INVITE to sendonly or inactive, then back); held seconds add up. */
export async function recordCallHold(
  db: Db,
  companyId: string,
  callId: string,
  held: boolean,
  at = new Date(),
): Promise<void> {
  const where = and(live(companyId, callId), eq(voiceCalls.state, 'in_progress'));
  if (held) {
    await db
      .update(voiceCalls)
      .set({ heldSince: at, updatedAt: at })
      .where(and(where, isNull(voiceCalls.heldSince)));
    return;
  }
  await db
    .update(voiceCalls)
    .set({
      holdSeconds: sql`${voiceCalls.holdSeconds} + greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${voiceCalls.heldSince}))))::int`,
      heldSince: null,
      updatedAt: at,
    })
    .where(and(where, sql`${voiceCalls.heldSince} is not null`));
}

export type CallEnd = { side: HangupSide; cause: HangupCause; sipStatus?: number | null };

/** The call ended; only its first end counts (a BYE retransmitted, a late CANCEL). */
export async function recordCallEnd(
  db: Db,
  companyId: string,
  callId: string,
  end: CallEnd,
  at = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(voiceCalls)
    .set({
      state: 'ended',
      endedAt: at,
      hangupSide: end.side,
      hangupCause: end.cause,
      sipStatus: end.sipStatus ?? null,
      holdSeconds: sql`${voiceCalls.holdSeconds} + case when ${voiceCalls.heldSince} is null then 0 else greatest(0, round(extract(epoch from (${at.toISOString()}::timestamptz - ${voiceCalls.heldSince}))))::int end`,
      heldSince: null,
      updatedAt: at,
    })
    .where(live(companyId, callId))
    .returning({ id: voiceCalls.id });
  return ended.length > 0;
}

export async function findCall(db: Db, companyId: string, id: string): Promise<CallRow | null> {
  const [row] = await withNames(db).where(and(eq(voiceCalls.companyId, companyId), eq(voiceCalls.id, id)));
  return row ? flatten(row) : null;
}

export async function findCallByCallId(db: Db, companyId: string, callId: string): Promise<CallRow | null> {
  const [row] = await withNames(db).where(
    and(eq(voiceCalls.companyId, companyId), eq(voiceCalls.callId, callId)),
  );
  return row ? flatten(row) : null;
}

/** Where the call history's filters narrow the company's calls (and one customer's, when given). */
function filtered(companyId: string, query: CallFilters & { contactId?: string }): SQL | undefined {
  const answered = isNotNull(voiceCalls.answeredAt);
  const outcome = {
    answered: and(answered, isNull(voiceCalls.transferredToId)),
    unanswered: and(isNull(voiceCalls.answeredAt), ne(voiceCalls.state, 'ringing')),
    transferred: isNotNull(voiceCalls.transferredToId),
  };
  const digits = query.number ? `%${query.number}%` : null;
  return and(
    eq(voiceCalls.companyId, companyId),
    query.contactId ? eq(voiceCalls.contactId, query.contactId) : undefined,
    query.from ? gte(voiceCalls.startedAt, new Date(query.from)) : undefined,
    query.to ? lt(voiceCalls.startedAt, new Date(query.to)) : undefined,
    query.operator_id ? eq(voiceCalls.operatorId, query.operator_id) : undefined,
    query.direction ? eq(voiceCalls.direction, query.direction) : undefined,
    query.type_id === undefined ? undefined : eq(voiceCalls.typeId, query.type_id),
    query.outcome ? outcome[query.outcome] : undefined,
    query.reason_id ? eq(voiceCalls.reasonId, query.reason_id) : undefined,
    digits ? or(like(voiceCalls.fromNumber, digits), like(voiceCalls.toNumber, digits)) : undefined,
  );
}

/** The keyset of the call history: a call's start in epoch milliseconds and its id. */
export const callCursor = (row: Pick<CallRow, 'startedAt' | 'id'>): string =>
  `${row.startedAt.getTime()}.${row.id}`;

function olderThanCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split('.') as [string, string];
  return sql`(${voiceCalls.startedAt}, ${voiceCalls.id}) < (${new Date(Number(ms)).toISOString()}::timestamptz, ${id}::uuid)`;
}

/** A page of the company's calls, or of one customer's, newest first, after `cursor` (keyset paging). */
export async function listCalls(
  ctx: Pick<TenantContext, 'db' | 'companyId'>,
  query: CallFilters & { contactId?: string; cursor?: string; limit: number },
): Promise<{ rows: CallRow[]; nextCursor: string | null }> {
  const rows = await withNames(ctx.db)
    .where(and(filtered(ctx.companyId, query), olderThanCursor(query.cursor)))
    .orderBy(desc(voiceCalls.startedAt), desc(voiceCalls.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).map(flatten);
  return { rows: page, nextCursor: rows.length > query.limit ? callCursor(page.at(-1)!) : null };
}

const EXPORT_PAGE = 1000;

/** Every call the filters select, page by page as they are read (the CSV export streams them). */
export async function* allCalls(
  ctx: Pick<TenantContext, 'db' | 'companyId'>,
  query: CallFilters,
): AsyncGenerator<CallRow[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await listCalls(ctx, { ...query, cursor, limit: EXPORT_PAGE });
    if (page.rows.length > 0) yield page.rows;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** Bounds of a conversation timeline page: calls started at or after `from`, and before `before`. */
export type CallWindow = { from: Date | null; before: Date | null };

/**
 * A customer's calls in a time window of their conversation's timeline (the caller checked they may see the
 * customer), newest first. A timeline page covers the span of its messages and events; the calls placed in it
 * join them, so consecutive pages neither repeat nor skip one.
 */
export async function contactCallsIn(
  db: Db,
  companyId: string,
  contactId: string,
  window: CallWindow,
): Promise<CallRow[]> {
  const rows = await withNames(db)
    .where(
      and(
        eq(voiceCalls.companyId, companyId),
        eq(voiceCalls.contactId, contactId),
        window.from ? gte(voiceCalls.startedAt, window.from) : undefined,
        window.before ? lt(voiceCalls.startedAt, window.before) : undefined,
      ),
    )
    .orderBy(desc(voiceCalls.startedAt), desc(voiceCalls.id));
  return rows.map(flatten);
}

/** The operator of an ended call gives it a reason of the company's (not archived) and optional notes. */
export async function classifyCall(
  ctx: TenantContext,
  input: ClassifyCall & { id: string },
): Promise<CallRow> {
  const call = await findCall(ctx.db, ctx.companyId, input.id);
  if (!call || call.operatorId !== ctx.userId) throw notFound();
  if (call.state !== 'ended') throw new AppError('call_not_ended', 409);
  const [reason] = await ctx.db
    .select({ id: callReasons.id })
    .from(callReasons)
    .where(
      and(
        eq(callReasons.companyId, ctx.companyId),
        eq(callReasons.id, input.reason_id),
        isNull(callReasons.archivedAt),
      ),
    );
  if (!reason) throw new AppError('call_reason_unknown', 400);
  const now = new Date();
  await ctx.db
    .update(voiceCalls)
    .set({ reasonId: reason.id, notes: input.notes, classifiedAt: now, updatedAt: now })
    .where(and(eq(voiceCalls.companyId, ctx.companyId), eq(voiceCalls.id, input.id)));
  return (await findCall(ctx.db, ctx.companyId, input.id))!;
}

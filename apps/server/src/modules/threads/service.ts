// Threads of a conversation: create, list, read and write messages, change privacy. Every call first checks
// that the user may see the contact, then that they may see the thread (a hidden thread answers 404).
import {
  THREAD_MESSAGES_PAGE,
  type NewThreadMessageRequest,
  type NewThreadRequest,
  type Thread,
  type ThreadMessage,
  type ThreadMessagePage,
  type ThreadPrivacy,
} from '@atende/contract';
import { and, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { threadMessages, threads, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { mayChangePrivacy, visibleThreads } from './policy.ts';
import { presentThread, presentThreadMessage } from './presenter.ts';

async function assertContact(ctx: TenantContext, contactId: string) {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
}

const threadWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(threads), authorName: users.name })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.authorId));

async function findThread(ctx: TenantContext, contactId: string, threadId: string) {
  const [row] = await threadWithAuthor(ctx.db)
    .where(
      and(
        eq(threads.id, threadId),
        eq(threads.contactId, contactId),
        eq(threads.companyId, ctx.companyId),
        visibleThreads(ctx),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listThreads(ctx: TenantContext, contactId: string): Promise<Thread[]> {
  await assertContact(ctx, contactId);
  const rows = await threadWithAuthor(ctx.db)
    .where(and(eq(threads.contactId, contactId), eq(threads.companyId, ctx.companyId), visibleThreads(ctx)))
    .orderBy(desc(threads.lastActivityAt))
    .limit(200);
  return rows.map(presentThread);
}

export async function createThread(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
  input: NewThreadRequest,
): Promise<Thread> {
  await assertContact(ctx, contactId);
  const threadId = await inTransaction(ctx.db, bus, async (tx, record) => {
    const [thread] = await tx
      .insert(threads)
      .values({
        companyId: ctx.companyId,
        contactId,
        name: input.name,
        privacy: input.privacy,
        authorId: ctx.userId,
      })
      .returning({ id: threads.id });
    record({ type: 'thread.changed', companyId: ctx.companyId, contactId, threadId: thread!.id });
    if (input.text) await insertMessage(tx, ctx, contactId, thread!.id, input.text, record);
    return thread!.id;
  });
  return presentThread(await findThread(ctx, contactId, threadId));
}

export async function listThreadMessages(
  ctx: TenantContext,
  contactId: string,
  threadId: string,
  before: string | undefined,
): Promise<ThreadMessagePage> {
  await assertContact(ctx, contactId);
  await findThread(ctx, contactId, threadId);
  const rows = await ctx.db
    .select({ ...getTableColumns(threadMessages), authorName: users.name })
    .from(threadMessages)
    .leftJoin(users, eq(users.id, threadMessages.authorId))
    .where(
      and(
        eq(threadMessages.threadId, threadId),
        eq(threadMessages.companyId, ctx.companyId),
        before ? lt(threadMessages.createdAt, new Date(before)) : undefined,
      ),
    )
    .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
    .limit(THREAD_MESSAGES_PAGE + 1);
  return {
    data: rows.slice(0, THREAD_MESSAGES_PAGE).map(presentThreadMessage),
    has_more: rows.length > THREAD_MESSAGES_PAGE,
  };
}

export async function postThreadMessage(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
  threadId: string,
  input: NewThreadMessageRequest,
): Promise<ThreadMessage> {
  await assertContact(ctx, contactId);
  await findThread(ctx, contactId, threadId);
  const messageId = await inTransaction(ctx.db, bus, (tx, record) =>
    insertMessage(tx, ctx, contactId, threadId, input.text, record),
  );
  return (await findThreadMessage(ctx.db, ctx.companyId, messageId))!;
}

type Record = Parameters<Parameters<typeof inTransaction>[2]>[1];

async function insertMessage(
  tx: Db,
  ctx: TenantContext,
  contactId: string,
  threadId: string,
  text: string,
  record: Record,
): Promise<string> {
  const at = new Date();
  const [message] = await tx
    .insert(threadMessages)
    .values({ companyId: ctx.companyId, threadId, authorId: ctx.userId, text, createdAt: at })
    .returning({ id: threadMessages.id });
  await tx
    .update(threads)
    .set({ messagesCount: sql`${threads.messagesCount} + 1`, lastActivityAt: at, updatedAt: at })
    .where(eq(threads.id, threadId));
  record({ type: 'thread.message', companyId: ctx.companyId, contactId, threadId, messageId: message!.id });
  return message!.id;
}

export async function findThreadMessage(db: Db, companyId: string, messageId: string) {
  const [row] = await db
    .select({ ...getTableColumns(threadMessages), authorName: users.name })
    .from(threadMessages)
    .leftJoin(users, eq(users.id, threadMessages.authorId))
    .where(and(eq(threadMessages.id, messageId), eq(threadMessages.companyId, companyId)))
    .limit(1);
  return row ? presentThreadMessage(row) : undefined;
}

export async function setThreadPrivacy(
  ctx: TenantContext,
  bus: EventBus,
  contactId: string,
  threadId: string,
  privacy: ThreadPrivacy,
): Promise<Thread> {
  await assertContact(ctx, contactId);
  const thread = await findThread(ctx, contactId, threadId);
  if (!mayChangePrivacy(ctx, thread)) throw forbidden();
  await inTransaction(ctx.db, bus, async (tx, record) => {
    await tx.update(threads).set({ privacy, updatedAt: new Date() }).where(eq(threads.id, threadId));
    record({ type: 'thread.changed', companyId: ctx.companyId, contactId, threadId });
  });
  return presentThread(await findThread(ctx, contactId, threadId));
}

/** A thread as the notifier needs it, regardless of who asks. */
export async function loadThread(db: Db, companyId: string, threadId: string) {
  const [row] = await threadWithAuthor(db)
    .where(and(eq(threads.id, threadId), eq(threads.companyId, companyId)))
    .limit(1);
  return row;
}

// Threads of a conversation: create, list, read and write messages, change privacy. Every call first checks
// that the user may see the contact, then that they may see the thread (a hidden thread answers 404).
import {
  THREAD_MESSAGES_PAGE,
  type NewThreadMessageRequest,
  type NewThreadRequest,
  type ThreadPrivacyRequest,
} from '@atende/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { threadMessages, threads, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { mayChangePrivacy, visibleThreads } from './policy.ts';
import { threadColumns, threadMessageColumns, type ThreadMessageRow, type ThreadRow } from './presenter.ts';

export type ThreadDeps = { bus: EventBus };
export type ThreadService = ReturnType<typeof threadService>;

/** A thread of a contact, as the routes name them. */
type ThreadKey = { contactId: string; threadId: string };

/** Threads announce their changes and messages on the bus (notifier.ts). */
export function threadService(deps: ThreadDeps) {
  return {
    async list(ctx: TenantContext, input: { contactId: string }): Promise<ThreadRow[]> {
      await assertContact(ctx, input.contactId);
      return threadWithAuthor(ctx.db)
        .where(
          and(
            eq(threads.contactId, input.contactId),
            eq(threads.companyId, ctx.companyId),
            visibleThreads(ctx),
          ),
        )
        .orderBy(desc(threads.lastActivityAt))
        .limit(200);
    },

    async create(ctx: TenantContext, input: NewThreadRequest & { contactId: string }): Promise<ThreadRow> {
      const { contactId } = input;
      await assertContact(ctx, contactId);
      const threadId = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
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
        if (input.text) await insertMessage(tx, ctx, { contactId, threadId: thread!.id }, input.text, record);
        return thread!.id;
      });
      return findThread(ctx, { contactId, threadId });
    },

    /** A page of the thread's messages, newest first, before the given time. */
    async messages(
      ctx: TenantContext,
      input: ThreadKey & { before_created_at?: string },
    ): Promise<{ rows: ThreadMessageRow[]; hasMore: boolean }> {
      await assertContact(ctx, input.contactId);
      await findThread(ctx, input);
      const before = input.before_created_at;
      const rows = await messageWithAuthor(ctx.db)
        .where(
          and(
            eq(threadMessages.threadId, input.threadId),
            eq(threadMessages.companyId, ctx.companyId),
            before ? lt(threadMessages.createdAt, new Date(before)) : undefined,
          ),
        )
        .orderBy(desc(threadMessages.createdAt), desc(threadMessages.id))
        .limit(THREAD_MESSAGES_PAGE + 1);
      return { rows: rows.slice(0, THREAD_MESSAGES_PAGE), hasMore: rows.length > THREAD_MESSAGES_PAGE };
    },

    async postMessage(
      ctx: TenantContext,
      input: NewThreadMessageRequest & ThreadKey,
    ): Promise<ThreadMessageRow> {
      await assertContact(ctx, input.contactId);
      await findThread(ctx, input);
      const messageId = await inTransaction(ctx.db, deps.bus, (tx, record) =>
        insertMessage(tx, ctx, input, input.text, record),
      );
      return (await findThreadMessage(ctx.db, ctx.companyId, messageId))!;
    },

    async setPrivacy(ctx: TenantContext, input: ThreadPrivacyRequest & ThreadKey): Promise<ThreadRow> {
      await assertContact(ctx, input.contactId);
      const thread = await findThread(ctx, input);
      if (!mayChangePrivacy(ctx, thread)) throw forbidden();
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        await tx
          .update(threads)
          .set({ privacy: input.privacy, updatedAt: new Date() })
          .where(eq(threads.id, input.threadId));
        record({
          type: 'thread.changed',
          companyId: ctx.companyId,
          contactId: input.contactId,
          threadId: input.threadId,
        });
      });
      return findThread(ctx, input);
    },
  };
}

async function assertContact(ctx: TenantContext, contactId: string) {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
}

const threadWithAuthor = (db: Db) =>
  db.select(threadColumns).from(threads).leftJoin(users, eq(users.id, threads.authorId));

const messageWithAuthor = (db: Db) =>
  db.select(threadMessageColumns).from(threadMessages).leftJoin(users, eq(users.id, threadMessages.authorId));

async function findThread(ctx: TenantContext, key: ThreadKey): Promise<ThreadRow> {
  const [row] = await threadWithAuthor(ctx.db)
    .where(
      and(
        eq(threads.id, key.threadId),
        eq(threads.contactId, key.contactId),
        eq(threads.companyId, ctx.companyId),
        visibleThreads(ctx),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

type Record = Parameters<Parameters<typeof inTransaction>[2]>[1];

async function insertMessage(
  tx: Db,
  ctx: TenantContext,
  { contactId, threadId }: ThreadKey,
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

/** A thread message, regardless of who asks: the author just wrote it, or the notifier announces it. */
export async function findThreadMessage(
  db: Db,
  companyId: string,
  messageId: string,
): Promise<ThreadMessageRow | undefined> {
  const [row] = await messageWithAuthor(db)
    .where(and(eq(threadMessages.id, messageId), eq(threadMessages.companyId, companyId)))
    .limit(1);
  return row;
}

/** A thread as the notifier needs it, regardless of who asks. */
export async function loadThread(
  db: Db,
  companyId: string,
  threadId: string,
): Promise<ThreadRow | undefined> {
  const [row] = await threadWithAuthor(db)
    .where(and(eq(threads.id, threadId), eq(threads.companyId, companyId)))
    .limit(1);
  return row;
}

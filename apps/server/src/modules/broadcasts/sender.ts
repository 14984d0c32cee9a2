// The broadcast worker. A tick job hands over a batch about once a second — as many recipients as keep two
// seconds of the provider's throughput from one account (broadcastThroughput) on their way — each batch in one
// transaction that claims its recipient rows (FOR UPDATE SKIP LOCKED, so concurrent ticks on several workers
// never take the same row), makes each its one message (a recipient's message id is unique), and enqueues one
// send job for the batch (batch-send.ts) and the next tick. The batch's sends wait for the account's slots
// (pace.ts), so the provider sees an even pace.
// A send marks its recipient before calling the provider (batch-send.ts): a send found marked without an
// outcome by a crashed attempt may have reached the customer, so it is failed as interrupted rather than sent
// twice; a claimed recipient never marked is sent again.
import { broadcastThroughput, fillTemplate, type BroadcastField, type ChannelKind } from '@atende/contract';
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  attachments,
  broadcastRecipients,
  broadcasts,
  channelAccounts,
  contacts,
  messages,
  whatsappTemplates,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { advanceStatus } from '../messages/status.ts';
import type { BroadcastSendJob } from './batch-send.ts';
import { findBroadcastFile } from './files.ts';
import { announce, isWaiting } from './service.ts';

export type TickJob = { companyId: string; broadcastId: string };

/** One batch per this interval. */
const BATCH_INTERVAL_MS = 1000;
/**
 * Claimed sends kept on their way, in seconds of the account's throughput: more than one, so the sends never
 * wait for the next batch when a tick comes a little late; few, so a pause or a cancel stops what is not yet
 * on its way.
 */
const SECONDS_IN_FLIGHT = 1.5;
/** The next tick's job is fetched this long after it is due, rather than at the queue's next poll. */
const TICK_WAKE_SLACK_MS = 20;
/** Recipients per send job when the recovery sends again what a dead worker had claimed. */
const RECOVERY_BATCH = 500;
/** A claimed send neither finished nor started after this long lost its worker. */
export const STUCK_AFTER_MS = 60_000;
export const INTERRUPTED_REASON =
  'interrupted: the worker stopped while handing it to the provider; not sent again, to never send twice';

type TickDeps = { db: Db; bus: EventBus; jobs: Jobs };

export async function tick(deps: TickDeps, job: TickJob): Promise<void> {
  const { db } = deps;
  const [broadcast] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, job.broadcastId), eq(broadcasts.companyId, job.companyId)))
    .limit(1);
  if (!broadcast) return;
  if (broadcast.status === 'scheduled') {
    // Early (a clock between processes): its time's job is the one that starts it.
    if (broadcast.scheduledAt && broadcast.scheduledAt.getTime() > Date.now() + BATCH_INTERVAL_MS) return;
    await db
      .update(broadcasts)
      .set({ status: 'sending', startedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(broadcasts.id, broadcast.id), eq(broadcasts.status, 'scheduled')));
  } else if (broadcast.status !== 'sending') return; // paused, cancelled or done: a resume ticks anew
  const outcome = await claimBatch(deps, job);
  if (outcome === 'busy') return;
  if (outcome === 'backlog') {
    // The backlog may be sends a dead worker held: dealt with here too, or it would never shrink.
    await finished(deps, job);
    await deps.jobs.enqueue<TickJob>(db, QUEUES.broadcastTick, job, { startAfter: nextSecond() });
    return;
  }
  if (outcome === 'batch') {
    deps.jobs.wake(QUEUES.broadcastSend);
    // The queue polls every half second: woken when the next tick is due, batches follow each other evenly.
    setTimeout(() => deps.jobs.wake(QUEUES.broadcastTick), BATCH_INTERVAL_MS + TICK_WAKE_SLACK_MS).unref();
    announce(deps.bus, job.companyId, job.broadcastId);
    return;
  }
  if (await finished(deps, job)) {
    const [done] = await db
      .update(broadcasts)
      .set({ status: 'completed', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(broadcasts.id, job.broadcastId), eq(broadcasts.status, 'sending')))
      .returning({ id: broadcasts.id });
    if (done) announce(deps.bus, job.companyId, job.broadcastId);
    return;
  }
  await deps.jobs.enqueue<TickJob>(db, QUEUES.broadcastTick, job, { startAfter: nextSecond() });
}

const nextSecond = () => new Date(Date.now() + BATCH_INTERVAL_MS);

/**
 * This second's batch, if no other tick took it: the broadcast's slot moved a second on, its next waiting
 * recipients claimed and given their messages, their sends and the next tick enqueued — one transaction.
 */
async function claimBatch(deps: TickDeps, job: TickJob): Promise<'busy' | 'backlog' | 'empty' | 'batch'> {
  return deps.db.transaction(async (tx) => {
    const [slot] = await tx
      .update(broadcasts)
      .set({ nextBatchAt: sql`now() + ${sql.raw(`interval '${BATCH_INTERVAL_MS} milliseconds'`)}` })
      .where(
        and(
          eq(broadcasts.id, job.broadcastId),
          eq(broadcasts.companyId, job.companyId),
          eq(broadcasts.status, 'sending'),
          or(isNull(broadcasts.nextBatchAt), lte(broadcasts.nextBatchAt, sql`now()`)),
        ),
      )
      .returning();
    if (!slot) return 'busy';
    // Handed over but not yet sent: while the senders lag, this batch only tops them up to SECONDS_IN_FLIGHT
    // of throughput, so a pause or a cancel stops what is not yet on its way rather than a growing backlog.
    const perSecond = broadcastThroughput(slot.kind, await accountSettings(tx, slot));
    const size = Math.ceil(perSecond * SECONDS_IN_FLIGHT);
    const [{ pending } = { pending: 0 }] = await queryRows<{ pending: number }>(
      tx,
      sql`select count(*)::int as pending from (
          select 1 from broadcast_recipients r join messages m on m.id = r.message_id
          where r.broadcast_id = ${job.broadcastId} and r.company_id = ${job.companyId}
            and r.claimed_at is not null and m.status = 'pending'
          limit ${size}) as waiting`,
    );
    if (pending >= size) return 'backlog';
    const batch = await tx
      .select({
        id: broadcastRecipients.id,
        contactId: broadcastRecipients.contactId,
        channelId: broadcastRecipients.contactChannelId,
        fields: {
          name: contacts.name,
          document: contacts.document,
          code: contacts.code,
          protocol: contacts.protocol,
          tag: contacts.tag,
          reason: contacts.reason,
        },
      })
      .from(broadcastRecipients)
      .innerJoin(contacts, eq(contacts.id, broadcastRecipients.contactId))
      .where(
        and(
          eq(broadcastRecipients.broadcastId, job.broadcastId),
          eq(broadcastRecipients.companyId, job.companyId),
          isWaiting(),
        ),
      )
      .orderBy(asc(broadcastRecipients.id))
      .limit(size - pending)
      .for('update', { of: broadcastRecipients, skipLocked: true });
    if (batch.length === 0) return 'empty';
    const { content, file } = await messageContent(tx, slot);
    const now = new Date();
    const made = await tx
      .insert(messages)
      .values(
        batch.map((recipient) => {
          const { text, template } = content(recipient.fields);
          return {
            companyId: job.companyId,
            contactId: recipient.contactId,
            contactChannelId: recipient.channelId,
            kind: slot.kind,
            direction: 'out' as const,
            senderUserId: slot.createdBy,
            text,
            template,
            status: 'pending' as const,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning({ id: messages.id, contactId: messages.contactId });
    const messageOf = new Map(made.map((row) => [row.contactId, row.id]));
    if (file) {
      // Every message points to the broadcast's one stored copy (a shared key: see messages/files.ts).
      await tx.insert(attachments).values(
        made.map((row) => ({
          companyId: job.companyId,
          messageId: row.id,
          kind: file.kind,
          storageKey: file.storageKey,
          filename: file.filename,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
        })),
      );
    }
    await tx.execute(sql`update broadcast_recipients r
      set claimed_at = now(), message_id = v.message_id::uuid
      from (values ${sql.join(
        batch.map((recipient) => sql`(${recipient.id}::uuid, ${messageOf.get(recipient.contactId)!})`),
        sql`, `,
      )}) as v(id, message_id)
      where r.id = v.id and r.company_id = ${job.companyId}`);
    await deps.jobs.enqueue<BroadcastSendJob>(tx, QUEUES.broadcastSend, {
      companyId: job.companyId,
      recipientIds: batch.map((recipient) => recipient.id),
      perSecond,
      ...(slot.channelAccountId ? { accountId: slot.channelAccountId } : {}),
    });
    await deps.jobs.enqueue<TickJob>(tx, QUEUES.broadcastTick, job, { startAfter: nextSecond() });
    return 'batch';
  });
}

/** The settings of the broadcast's account (its broadcast rate), if it still has one. */
async function accountSettings(tx: Db, broadcast: typeof broadcasts.$inferSelect) {
  if (!broadcast.channelAccountId) return null;
  const [account] = await tx
    .select({ settings: channelAccounts.settings })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.id, broadcast.channelAccountId),
        eq(channelAccounts.companyId, broadcast.companyId),
      ),
    );
  return account?.settings ?? null;
}

type Fields = Record<BroadcastField, string | null>;

/**
 * The broadcast's message for one contact (its text or caption, or its template with the variables filled),
 * and its file if it has one.
 */
async function messageContent(tx: Db, broadcast: typeof broadcasts.$inferSelect) {
  const message = broadcast.message;
  if (message.type === 'text') return { content: () => ({ text: message.text, template: null }) };
  if (message.type === 'file') {
    const file = await findBroadcastFile(tx, broadcast.companyId, message.file_id);
    if (!file) throw new Error(`broadcast ${broadcast.id}: its file is gone`);
    return { content: () => ({ text: message.caption, template: null }), file };
  }
  const [template] = await tx
    .select({
      name: whatsappTemplates.name,
      language: whatsappTemplates.language,
      body: whatsappTemplates.body,
    })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.id, message.template_id),
        eq(whatsappTemplates.companyId, broadcast.companyId),
      ),
    )
    .limit(1);
  if (!template) throw new Error(`broadcast ${broadcast.id}: its template is gone`);
  return {
    content: (fields: Fields) => {
      // A provider refuses an empty parameter: a contact without the field gets a dash.
      const variables = message.variables.map((variable) =>
        'text' in variable ? variable.text : fields[variable.field]?.trim() || '-',
      );
      return {
        text: fillTemplate(template.body, variables),
        template: { name: template.name, language: template.language, variables },
      };
    },
  };
}

/**
 * Whether every claimed message has an outcome. Sends lost with a dead worker are dealt with on the way: one
 * interrupted mid-call is failed (it may have gone), one never started is enqueued again.
 */
async function finished(deps: TickDeps, job: TickJob): Promise<boolean> {
  const pending = await queryRows<{
    id: string;
    message_id: string;
    contact_id: string;
    sending_since: string | null;
    claimed_at: string;
    account_id: string | null;
    kind: ChannelKind;
    settings: Record<string, unknown> | null;
  }>(
    deps.db,
    sql`select r.id, r.message_id, r.contact_id, r.sending_since, r.claimed_at, b.channel_account_id as account_id, b.kind, a.settings
      from broadcast_recipients r
      join messages m on m.id = r.message_id
      join broadcasts b on b.id = r.broadcast_id
      left join channel_accounts a on a.id = b.channel_account_id
      where r.broadcast_id = ${job.broadcastId} and r.company_id = ${job.companyId}
        and r.claimed_at is not null and m.status = 'pending'`,
  );
  const stale = Date.now() - STUCK_AFTER_MS;
  const lost: typeof pending = [];
  for (const row of pending) {
    if (row.sending_since && Date.parse(row.sending_since) < stale) {
      await advanceStatus(deps.db, deps.bus, {
        companyId: job.companyId,
        messageId: row.message_id,
        status: 'failed',
        failureReason: INTERRUPTED_REASON,
      });
    } else if (!row.sending_since && Date.parse(row.claimed_at) < stale) {
      lost.push(row);
    }
  }
  for (let i = 0; i < lost.length; i += RECOVERY_BATCH) {
    const [first] = lost;
    await deps.jobs.enqueue<BroadcastSendJob>(deps.db, QUEUES.broadcastSend, {
      companyId: job.companyId,
      recipientIds: lost.slice(i, i + RECOVERY_BATCH).map((row) => row.id),
      perSecond: broadcastThroughput(first!.kind, first!.settings),
      ...(first!.account_id ? { accountId: first!.account_id } : {}),
    });
  }
  if (lost.length > 0) deps.jobs.wake(QUEUES.broadcastSend);
  return pending.length === 0;
}

/** Broadcasts that were sending when the workers stopped go on: a tick for each (the slot keeps one pace). */
export async function resumeSending(deps: TickDeps): Promise<void> {
  const sending = await deps.db
    .select({ companyId: broadcasts.companyId, broadcastId: broadcasts.id })
    .from(broadcasts)
    .where(eq(broadcasts.status, 'sending'));
  for (const job of sending) await deps.jobs.enqueue<TickJob>(deps.db, QUEUES.broadcastTick, job);
  if (sending.length > 0) deps.jobs.wake(QUEUES.broadcastTick);
}

/**
 * A customer's message after a broadcast reached them answers it: the recipient is marked (the first reply
 * only), within a week of the broadcast, and the message updated in the consoles to say so.
 */
export async function markReply(
  deps: { db: Db; bus: EventBus },
  event: { companyId: string; contactId: string; messageId: string },
): Promise<void> {
  const answered = await deps.db
    .update(broadcastRecipients)
    .set({ repliedAt: new Date(), replyMessageId: event.messageId })
    .where(
      and(
        eq(broadcastRecipients.companyId, event.companyId),
        eq(broadcastRecipients.contactId, event.contactId),
        isNull(broadcastRecipients.repliedAt),
        isNotNull(broadcastRecipients.messageId),
        sql`${broadcastRecipients.claimedAt} > now() - interval '7 days'`,
      ),
    )
    .returning({ broadcastId: broadcastRecipients.broadcastId });
  for (const row of answered) announce(deps.bus, event.companyId, row.broadcastId);
  // The conversation shows the message as an answer to the broadcast.
  if (answered.length > 0) {
    const { companyId, contactId, messageId } = event;
    deps.bus.publish([{ type: 'message.updated', companyId, contactId, messageId }]);
  }
}

// Sends one batch of a broadcast's claimed recipients: one durable job per batch rather than per recipient. The
// batch reads its messages, account and files in a few statements, reserves its pace slots in one (pace.ts),
// and each send waits for its slot. Per recipient two statements remain: a send marks its recipient just before
// it calls the provider, so a worker killed mid-batch leaves the recipients it had not reached unmarked (sent
// again by the tick's recovery) and the ones it had marked to be failed as interrupted, never sent twice; and its
// status is written as soon as the provider answers (the provider's own status callbacks find the message by the
// id it gave). The mark stays once the send has its outcome, so a later job for the same recipient cannot mark
// it again; only a send to be tried again has it cleared.
import type { ChannelKind } from '@atende/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { accountForSend } from '../../channels/accounts.ts';
import type { ChannelAccountRecord, OutboundAttachment } from '../../channels/adapter.ts';
import { attachments, broadcastRecipients, contactChannels, messages } from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import { QUEUES, RETRY } from '../../platform/jobs.ts';
import {
  afterFailure,
  outboundAttachment,
  messageToSend,
  outboundMessage,
  type DeliveryDeps,
} from '../messages/delivery.ts';
import { advanceStatus } from '../messages/status.ts';
import { reserveSendSlots } from './pace.ts';

export type BroadcastSendJob = {
  companyId: string;
  /** In the order they were claimed. */
  recipientIds: string[];
  accountId?: string;
  /** The account's throughput the sends are spaced at (see pace.ts). */
  perSecond?: number;
  /** These sends' attempt: a retried recipient's next. */
  attempt?: number;
  rateLimitWaits?: number;
};

/** A send job enqueued before batches (one recipient each), read as a batch of one. */
type SingleSendJob = { companyId: string; recipientId: string; accountId?: string; perSecond?: number };

export async function sendBatch(
  deps: DeliveryDeps,
  queued: BroadcastSendJob | SingleSendJob,
  meta: { attempt: number },
): Promise<void> {
  const job: BroadcastSendJob =
    'recipientId' in queued ? { ...queued, recipientIds: [queued.recipientId] } : queued;
  // A batch the queue retries (its statements failed) counts as a further attempt of its sends.
  const attempt = (job.attempt ?? 1) + meta.attempt - 1;
  const rows = await batchMessages(deps, job);
  if (rows.length === 0) return;
  const kind = rows[0]!.kind;
  const account = await accountForSend(deps.db, deps.credentials, job.companyId, kind, job.accountId ?? null);
  const files = await batchFiles(deps, job.companyId, rows, account);
  const settle = (
    row: BatchRow,
    change: { status: 'sent' | 'failed'; reason?: string; providerId?: string },
  ) =>
    advanceStatus(deps.db, deps.bus, {
      companyId: job.companyId,
      messageId: row.id,
      status: change.status,
      failureReason: change.reason ?? null,
      ...(change.providerId ? { providerMessageId: change.providerId, channelAccountId: account?.id } : {}),
    });
  for (const row of rows) if (row.blacklisted) await settle(row, { status: 'failed', reason: 'blacklisted' });
  const sendable = rows.filter((row) => !row.blacklisted);
  const slots =
    job.accountId && job.perSecond
      ? await reserveSendSlots(
          deps.db,
          { companyId: job.companyId, accountId: job.accountId, perSecond: job.perSecond },
          sendable.length,
        )
      : sendable.map(() => 0);
  const started = Date.now();
  const adapter = deps.adapters(kind);
  await Promise.all(
    sendable.map(async (row, index) => {
      const waitMs = slots[index]! - (Date.now() - started);
      if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
      // Marked by another attempt (alive, or dead with the send perhaps gone): the tick's recovery decides.
      if (!(await mark(deps, job.companyId, row.recipientId))) return;
      if (job.accountId && job.perSecond) await spaced(job.accountId, 1000 / job.perSecond);
      try {
        const sent = await adapter.send(
          // A broadcast answers nobody's message.
          outboundMessage(deps, job.companyId, row, account, {
            attachments: files.get(row.id) ?? [],
            replyTo: null,
          }),
        );
        await settle(row, { status: 'sent', providerId: sent.providerMessageId });
        if (account) await deps.health.outbound(account);
      } catch (error) {
        const next = afterFailure(error, attempt, job.rateLimitWaits ?? 0);
        if (account) await deps.health.error(account, next.reason);
        if (next.step === 'fail') {
          await settle(row, { status: 'failed', reason: next.reason });
          return;
        }
        // Not sent: tried again by a job of its own, once its mark is cleared.
        await unmark(deps, job.companyId, row.recipientId);
        const waits = job.rateLimitWaits ?? 0;
        await deps.jobs.enqueue<BroadcastSendJob>(
          deps.db,
          QUEUES.broadcastSend,
          {
            companyId: job.companyId,
            recipientIds: [row.recipientId],
            ...(job.accountId ? { accountId: job.accountId } : {}),
            ...(job.perSecond ? { perSecond: job.perSecond } : {}),
            ...(next.step === 'wait'
              ? { attempt, rateLimitWaits: waits + 1 }
              : { attempt: attempt + 1, rateLimitWaits: waits }),
          },
          {
            startAfter: new Date(Date.now() + (next.step === 'wait' ? next.delayMs : backoffMs(attempt))),
          },
        );
      }
    }),
  );
}

/**
 * This process's sends of one account start at least a spacing apart. The slots spread them, but timers that
 * fire late on a busy machine would start several together, and the provider counts its limit per second.
 */
const nextStart = new Map<string, number>();
async function spaced(accountId: string, spacingMs: number): Promise<void> {
  const now = performance.now();
  const at = Math.max(now, nextStart.get(accountId) ?? now);
  nextStart.set(accountId, at + spacingMs);
  if (nextStart.size > 10_000) nextStart.clear();
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/** The queue's own backoff (RETRY) for a send tried again by a job of its own. */
const backoffMs = (attempt: number) => RETRY.retryDelay * 1000 * 2 ** (attempt - 1);

type BatchRow = Awaited<ReturnType<typeof batchMessages>>[number];

/** The batch's messages still to send (pending, not deleted, not marked), with their addresses. */
async function batchMessages(deps: DeliveryDeps, job: BroadcastSendJob) {
  const rows = await deps.db
    .select({
      recipientId: broadcastRecipients.id,
      sendingSince: broadcastRecipients.sendingSince,
      ...messageToSend,
    })
    .from(broadcastRecipients)
    .innerJoin(messages, eq(messages.id, broadcastRecipients.messageId))
    .innerJoin(contactChannels, eq(contactChannels.id, messages.contactChannelId))
    .where(
      and(
        eq(broadcastRecipients.companyId, job.companyId),
        inArray(broadcastRecipients.id, job.recipientIds),
      ),
    )
    .orderBy(asc(broadcastRecipients.id));
  return rows.filter((row) => row.status === 'pending' && !row.deletedAt && !row.sendingSince);
}

/** Marks a recipient as being with the provider, unless another attempt has it: whether this one does. */
async function mark(deps: DeliveryDeps, companyId: string, recipientId: string): Promise<boolean> {
  const marked = await queryRows<{ id: string }>(
    deps.db,
    sql`update broadcast_recipients set sending_since = now()
      where id = ${recipientId} and company_id = ${companyId} and sending_since is null returning id`,
  );
  return marked.length > 0;
}

async function unmark(deps: DeliveryDeps, companyId: string, recipientId: string): Promise<void> {
  await deps.db
    .update(broadcastRecipients)
    .set({ sendingSince: null })
    .where(and(eq(broadcastRecipients.id, recipientId), eq(broadcastRecipients.companyId, companyId)));
}

/**
 * Each message's files, in one read. A file the account's provider takes by id (WhatsApp) is uploaded once and
 * its id reused by every recipient (mediaIds); should that fail, each send uploads its own, as any message does.
 */
async function batchFiles(
  deps: DeliveryDeps,
  companyId: string,
  rows: { id: string; kind: ChannelKind }[],
  account: ChannelAccountRecord | null,
): Promise<Map<string, OutboundAttachment[]>> {
  const byMessage = new Map<string, OutboundAttachment[]>();
  const stored = await deps.db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.companyId, companyId),
        inArray(
          attachments.messageId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(attachments.createdAt));
  const upload = deps.adapters(rows[0]!.kind).uploadMedia;
  for (const file of stored) {
    const sent = outboundAttachment(deps, file);
    if (upload && account) {
      sent.providerMediaId = await mediaIds
        .of(`${account.id}:${account.updatedAt.getTime()}:${file.storageKey}`, () => upload(account, sent))
        .catch(() => null);
    }
    byMessage.set(file.messageId, [...(byMessage.get(file.messageId) ?? []), sent]);
  }
  return byMessage;
}

/**
 * The provider's ids of files uploaded to an account, per account and stored file, for a day (WhatsApp keeps
 * uploaded media 30 days): a broadcast's file goes up once per process, not once per recipient. Concurrent
 * batches share one upload.
 */
const mediaIds = (() => {
  const DAY_MS = 86_400_000;
  const MAX = 1000;
  const known = new Map<string, { id: Promise<string>; until: number }>();
  return {
    of(key: string, upload: () => Promise<string>): Promise<string> {
      const now = Date.now();
      const cached = known.get(key);
      if (cached && cached.until > now) return cached.id;
      if (known.size >= MAX) known.clear();
      const id = upload();
      known.set(key, { id, until: now + DAY_MS });
      // A failed upload is not remembered: the next batch tries again.
      id.catch(() => known.delete(key));
      return id;
    },
  };
})();

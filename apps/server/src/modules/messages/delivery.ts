// The delivery worker: hands a pending message to its channel adapter and records the outcome. Transient
// failures throw so the job queue retries with backoff; permanent ones, and the last attempt, mark the message
// failed with the reason, visible and retryable in the conversation.
import { isProviderKind, type Message } from '@atende/contract';
import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { attachments, contactChannels, messages } from '../../db/schema/index.ts';
import { accountForSend } from '../../channels/accounts.ts';
import {
  DeliveryError,
  type AdapterRegistry,
  type ChannelAccountRecord,
  type OutboundAttachment,
  type OutboundMessage,
  type ReplyContext,
} from '../../channels/adapter.ts';
import type { ChannelHealthRecorder } from '../../channels/health.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { QUEUES, RETRY, type Jobs, type QueueName } from '../../platform/jobs.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { webhookUrl } from '../webhooks/service.ts';
import { fileResource } from './presenter.ts';
import type { DeliveryJob } from './send.ts';
import { findMessage } from './send.ts';
import { advanceStatus } from './status.ts';

export type DeliveryDeps = {
  db: Db;
  bus: EventBus;
  jobs: Jobs;
  adapters: AdapterRegistry;
  credentials: CredentialsBox;
  storage: FileStorage;
  health: ChannelHealthRecorder;
  /** Signs the public file addresses providers fetch media from (Twilio, Viber). */
  urls: UrlSigner;
  config: { publicUrl: string };
};

/** How many times one message waits out a provider's rate limit before it fails like any transient error. */
const RATE_LIMIT_WAITS_MAX = 20;

/** What a send reads of a message and its contact channel (joined on the message's channel). */
export const messageToSend = {
  id: messages.id,
  contactId: messages.contactId,
  contactChannelId: contactChannels.id,
  kind: messages.kind,
  text: messages.text,
  subject: messages.subject,
  template: messages.template,
  choices: messages.choices,
  status: messages.status,
  deletedAt: messages.deletedAt,
  address: contactChannels.address,
  blacklisted: contactChannels.blacklisted,
};

// Every send runs these reads: prepared, so they are built once and planned once per connection.
const pendingMessage = (db: Db) =>
  prepared(db, 'delivery_message', () =>
    db
      .select({
        ...messageToSend,
        replyToId: messages.replyToId,
        createdAt: messages.createdAt,
        outputLineId: contactChannels.outputLineId,
      })
      .from(messages)
      .innerJoin(contactChannels, eq(contactChannels.id, messages.contactChannelId))
      .where(and(eq(messages.id, param('messageId')), eq(messages.companyId, param('companyId'))))
      .limit(1),
  );

/**
 * Sends one pending message. `queue` is where a wait for a provider's rate limit is enqueued again: the queue
 * the job came from (a broadcast's sends keep their own).
 */
export async function deliverMessage(
  deps: DeliveryDeps,
  job: DeliveryJob,
  attempt: number,
  queue: QueueName = QUEUES.sendMessage,
): Promise<void> {
  const [row] = await pendingMessage(deps.db).execute({ messageId: job.messageId, companyId: job.companyId });
  // Already handled (a duplicate job after a crash), gone, or deleted before it went: nothing to do.
  if (!row || row.status !== 'pending' || row.deletedAt) return;
  const fail = (reason: string) =>
    advanceStatus(deps.db, deps.bus, { ...job, status: 'failed', failureReason: reason }).then(
      () => undefined,
    );
  if (row.blacklisted) return fail('blacklisted');
  const adapter = deps.adapters(row.kind);
  const line = job.accountId ?? row.outputLineId;
  const account = await accountForSend(deps.db, deps.credentials, job.companyId, row.kind, line);
  try {
    const sent = await adapter.send(
      outboundMessage(deps, job.companyId, row, account, {
        attachments: await outboundAttachments(deps, job),
        replyTo: adapter.replyContext ? await replyContext(deps.db, job.companyId, row) : null,
      }),
    );
    if (sent.references) {
      await deps.db
        .update(messages)
        .set({ emailReferences: [...sent.references] })
        .where(and(eq(messages.id, row.id), eq(messages.companyId, job.companyId)));
    }
    await advanceStatus(deps.db, deps.bus, {
      ...job,
      status: 'sent',
      providerMessageId: sent.providerMessageId,
      channelAccountId: account?.id,
    });
    if (account) await deps.health.outbound(account);
  } catch (error) {
    const next = afterFailure(error, attempt, job.rateLimitWaits ?? 0);
    if (account) await deps.health.error(account, next.reason);
    if (next.step === 'wait') return waitOutRateLimit(deps, job, next.delayMs, queue);
    if (next.step === 'fail') return fail(next.reason);
    throw error;
  }
}

/** A stored message as its adapter sends it, from `account` (with the webhook its provider reports to). */
export function outboundMessage(
  deps: Pick<DeliveryDeps, 'config'>,
  companyId: string,
  row: Pick<
    OutboundMessage,
    'contactId' | 'contactChannelId' | 'kind' | 'text' | 'subject' | 'template' | 'choices'
  > & {
    id: string;
    address: string;
  },
  account: ChannelAccountRecord | null,
  extra: Pick<OutboundMessage, 'attachments' | 'replyTo'>,
): OutboundMessage {
  return {
    messageId: row.id,
    companyId,
    contactId: row.contactId,
    contactChannelId: row.contactChannelId,
    kind: row.kind,
    to: row.address,
    text: row.text,
    subject: row.subject,
    template: row.template,
    choices: row.choices,
    ...extra,
    account,
    webhookUrl:
      account && isProviderKind(account.kind)
        ? webhookUrl(deps.config.publicUrl, account.kind, account.id)
        : null,
  };
}

export type FailureStep =
  | { step: 'wait'; delayMs: number; reason: string }
  | { step: 'fail'; reason: string }
  | { step: 'retry'; reason: string };

/**
 * What a failed send does next: waits out the provider's rate limit (a bounded number of times), fails for
 * good (a permanent failure, or the last attempt), or is tried again later.
 */
export function afterFailure(error: unknown, attempt: number, rateLimitWaits: number): FailureStep {
  const reason = error instanceof Error ? error.message : String(error);
  const rateLimited = error instanceof DeliveryError && error.retryAfterMs !== null;
  if (rateLimited && rateLimitWaits < RATE_LIMIT_WAITS_MAX) {
    return { step: 'wait', delayMs: error.retryAfterMs!, reason };
  }
  const lastAttempt = attempt > RETRY.retryLimit;
  if ((error instanceof DeliveryError && error.permanent) || lastAttempt) return { step: 'fail', reason };
  return { step: 'retry', reason };
}

/**
 * The provider said when to try again: a new job for that time replaces this one (durable like any send, and
 * not counted against the retries meant for failures).
 */
async function waitOutRateLimit(
  deps: DeliveryDeps,
  job: DeliveryJob,
  delayMs: number,
  queue: QueueName,
): Promise<void> {
  const next: DeliveryJob = { ...job, rateLimitWaits: (job.rateLimitWaits ?? 0) + 1 };
  await deps.jobs.enqueue(deps.db, queue, next, {
    startAfter: new Date(Date.now() + delayMs),
  });
}

const messageFiles = (db: Db) =>
  prepared(db, 'delivery_files', () =>
    db
      .select()
      .from(attachments)
      .where(
        and(eq(attachments.messageId, param('messageId')), eq(attachments.companyId, param('companyId'))),
      )
      .orderBy(asc(attachments.createdAt)),
  );

async function outboundAttachments(deps: DeliveryDeps, job: DeliveryJob): Promise<OutboundAttachment[]> {
  const rows = await messageFiles(deps.db).execute({ messageId: job.messageId, companyId: job.companyId });
  return rows.map((file) => outboundAttachment(deps, file));
}

/** A stored attachment as an adapter sends it: its bytes on demand and its signed public address. */
export function outboundAttachment(
  deps: Pick<DeliveryDeps, 'config' | 'urls' | 'storage'>,
  file: typeof attachments.$inferSelect,
): OutboundAttachment {
  return {
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    url: `${deps.config.publicUrl}/api/files/${file.id}?${deps.urls.sign(fileResource(file.id))}`,
    read: async () => {
      const data = await deps.storage.read(file.storageKey);
      if (!data) throw new DeliveryError(`attachment missing: ${file.filename}`, true);
      return data;
    },
  };
}

const parentColumns = {
  providerMessageId: messages.providerMessageId,
  references: messages.emailReferences,
  subject: messages.subject,
};

/** The newest message the customer sent on this channel before the reply: what the reply answers. */
const answeredMessage = (db: Db) =>
  prepared(db, 'delivery_answered', () =>
    db
      .select(parentColumns)
      .from(messages)
      .where(
        and(
          eq(messages.companyId, param('companyId')),
          eq(messages.contactChannelId, param('contactChannelId')),
          eq(messages.direction, 'in'),
          isNotNull(messages.providerMessageId),
          lte(messages.createdAt, param<Date>('before')),
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1),
  );

/** The message the attendant quoted, when it went through this same channel (a provider knows it there). */
const quotedMessage = (db: Db) =>
  prepared(db, 'delivery_quoted', () =>
    db
      .select(parentColumns)
      .from(messages)
      .where(
        and(
          eq(messages.id, param('messageId')),
          eq(messages.companyId, param('companyId')),
          eq(messages.contactChannelId, param('contactChannelId')),
          isNotNull(messages.providerMessageId),
        ),
      )
      .limit(1),
  );

async function replyContext(
  db: Db,
  companyId: string,
  reply: { contactChannelId: string; replyToId: string | null; createdAt: Date },
): Promise<ReplyContext | null> {
  const { contactChannelId, replyToId } = reply;
  const [quoted] = replyToId
    ? await quotedMessage(db).execute({ messageId: replyToId, companyId, contactChannelId })
    : [];
  const [parent] = quoted
    ? [quoted]
    : await answeredMessage(db).execute({ companyId, contactChannelId, before: reply.createdAt });
  return parent?.providerMessageId
    ? {
        providerMessageId: parent.providerMessageId,
        references: parent.references ?? [],
        subject: parent.subject,
        quoted: parent === quoted,
      }
    : null;
}

/** Puts a failed message back in the delivery queue. */
export async function retryMessage(
  ctx: TenantContext,
  deps: { bus: EventBus; jobs: Jobs; urls: UrlSigner },
  contactId: string,
  messageId: string,
): Promise<Message> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  await inTransaction(ctx.db, deps.bus, async (tx, record) => {
    const [row] = await tx
      .update(messages)
      .set({ status: 'pending', failureReason: null, updatedAt: new Date() })
      .where(
        and(
          eq(messages.id, messageId),
          eq(messages.contactId, contactId),
          eq(messages.companyId, ctx.companyId),
          eq(messages.status, 'failed'),
        ),
      )
      .returning({ id: messages.id });
    if (!row) throw new AppError('message_not_retryable', 400);
    await deps.jobs.enqueue<DeliveryJob>(tx, QUEUES.sendMessage, {
      messageId,
      companyId: ctx.companyId,
      contactId,
    });
    record({ type: 'message.status', companyId: ctx.companyId, contactId, messageId });
  });
  deps.jobs.wake(QUEUES.sendMessage);
  return (await findMessage(ctx, deps.urls, messageId))!;
}

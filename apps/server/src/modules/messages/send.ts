// Attendant sends: the message is stored `pending` and its delivery job enqueued in the same transaction, so
// a crash can lose neither; the worker (delivery.ts) hands it to the channel adapter.
import { CHANNEL_TEXT_MAX, type ChannelKind, type Message, type SendMessageRequest } from '@atende/contract';
import { and, desc, eq, getTableColumns, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { attachments, contactChannels, contacts, messages } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { maySeeContact } from '../contacts/queries.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { assertCustomerWindow } from './customer-window.ts';
import { assertChannelTakes, type CheckedFile } from './files.ts';
import { messageById, presentJsonMessages } from './presenter.ts';

export type SendDeps = { bus: EventBus; jobs: Jobs; urls: UrlSigner; storage: FileStorage };
/** A message to hand to its channel; the contact orders a conversation's deliveries (jobs.work's sequence). */
export type DeliveryJob = {
  messageId: string;
  companyId: string;
  contactId: string;
  /** How many provider rate limits this message has waited out (delivery.ts). */
  rateLimitWaits?: number;
  /** The account to send from instead of the channel's own line (a broadcast's chosen account). */
  accountId?: string;
};

const PREVIEW_LENGTH = 280;

/**
 * What an attendant sends: text, or checked files (files.ts) with an optional caption; e-mail adds a subject
 * and may carry several files.
 */
export type OutboundContent = Partial<Omit<SendMessageRequest, 'text'>> & {
  text: string;
  files?: readonly CheckedFile[];
  subject?: string;
  /** The channel must be of this kind (the e-mail route answers only on e-mail channels). */
  onlyKind?: ChannelKind;
  /** A WhatsApp template (the text is its body filled): allowed outside the customer-service window. */
  template?: { name: string; language: string; variables: string[] };
};

export async function sendMessage(
  ctx: TenantContext,
  deps: SendDeps,
  contactId: string,
  input: OutboundContent,
): Promise<Message> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  if (input.client_id) {
    const existing = await findByClientId(ctx, deps.urls, input.client_id);
    if (existing) return existing;
  }
  const storedKeys: string[] = [];
  const files = input.files ?? [];
  const internal = input.internal === true;
  const sent = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
    // A note goes nowhere: it only takes the kind of the channel a reply would go to, for the timeline.
    const channel = await replyChannel(tx, ctx.companyId, contactId, internal ? undefined : input.channel_id);
    if (channel.blacklisted && !internal) throw new AppError('channel_blacklisted', 400);
    if (input.reply_to) await assertQuotable(tx, ctx.companyId, contactId, input.reply_to, internal);
    if (input.onlyKind && channel.kind !== input.onlyKind) throw new AppError('not_an_email_channel', 400);
    for (const file of files) assertChannelTakes(channel.kind, { kind: file.kind, size: file.data.length });
    // A note goes to no provider: only what leaves is held to the channel's length.
    if (!internal && input.text.length > CHANNEL_TEXT_MAX[channel.kind]) {
      throw new AppError('message_too_long_for_channel', 400, { max: CHANNEL_TEXT_MAX[channel.kind] });
    }
    if (input.template && channel.kind !== 'whatsapp') throw new AppError('not_a_whatsapp_channel', 400);
    if (!internal && !input.template) await assertCustomerWindow(tx, ctx.companyId, channel);
    const at = new Date();
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: ctx.companyId,
        contactId,
        contactChannelId: channel.id,
        kind: channel.kind,
        direction: 'out',
        senderUserId: ctx.userId,
        text: input.text,
        subject: input.subject ?? null,
        clientId: input.client_id ?? null,
        replyToId: input.reply_to ?? null,
        template: input.template ?? null,
        internal,
        status: internal ? 'sent' : 'pending',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: messages.id });
    for (const file of files) {
      const key = `attachments/${ctx.companyId}/${uuidv7()}`;
      storedKeys.push(key);
      await deps.storage.put(key, file.data);
      await tx.insert(attachments).values({
        companyId: ctx.companyId,
        messageId: message!.id,
        kind: file.kind,
        storageKey: key,
        filename: file.filename,
        contentType: file.contentType,
        size: file.data.length,
        sha256: file.sha256,
      });
    }
    // Colleagues' notes leave the conversation's state as it was: the customer is still waiting for an answer.
    if (internal) return message!.id;
    const preview = input.text || input.subject || `📎 ${files[0]?.filename ?? ''}`;
    const [reply] = await tx
      .update(contacts)
      .set({
        lastMessageAt: at,
        lastMessageText: preview.slice(0, PREVIEW_LENGTH),
        lastMessageDirection: 'out',
        lastMessageChannel: channel.kind,
        unansweredSince: null,
        firstResponsePending: false,
        updatedAt: at,
        // Replying to a customer nobody has takes them (issue 20): out of the queue, for everyone at once.
        responsibleId: sql`coalesce(${contacts.responsibleId}, ${ctx.userId}::uuid)`,
        responsibleSince: unlessOwned(sql`${at.toISOString()}::timestamptz`, contacts.responsibleSince),
        onQueue: sql`${contacts.onQueue} and ${contacts.responsibleId} is not null`,
      })
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)))
      // In RETURNING the row is the new one: taken now when its responsible became the sender at `at`.
      .returning({
        taken: sql<boolean>`${contacts.responsibleId} = ${ctx.userId}::uuid
          and ${contacts.responsibleSince} = ${at.toISOString()}::timestamptz`,
      });
    await deps.jobs.enqueue<DeliveryJob>(tx, QUEUES.sendMessage, {
      messageId: message!.id,
      companyId: ctx.companyId,
      contactId,
    });
    record({
      type: 'contact.changed',
      companyId: ctx.companyId,
      contactId,
      ...(reply?.taken ? { previousResponsibleId: null } : {}),
    });
    if (reply?.taken) record({ type: 'waiting.changed', companyId: ctx.companyId });
    return message!.id;
  }).then(
    (id) => ({ id, created: true }),
    async (error: unknown) => {
      await Promise.all(storedKeys.map((key) => deps.storage.remove(key)));
      // The same client_id sent twice at once: the second insert is refused; answer with the first message.
      const winner =
        input.client_id && isUniqueViolation(error)
          ? await findByClientId(ctx, deps.urls, input.client_id)
          : undefined;
      if (winner) return { id: winner.id, created: false };
      throw error;
    },
  );
  if (!internal) deps.jobs.wake(QUEUES.sendMessage);
  const message = (await findMessage(ctx, deps.urls, sent.id))!;
  // Announced with the message as answered, so the realtime gateway need not read it again.
  if (sent.created) {
    deps.bus.publish([
      { type: 'message.created', companyId: ctx.companyId, contactId, messageId: sent.id, message },
    ]);
  }
  return message;
}

/**
 * A reply quotes a message of the same conversation that still exists; only a note may quote a note (the
 * customer's side shows the quote).
 */
async function assertQuotable(
  tx: Db,
  companyId: string,
  contactId: string,
  messageId: string,
  internal: boolean,
) {
  const [quoted] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.contactId, contactId),
        eq(messages.companyId, companyId),
        isNull(messages.deletedAt),
        internal ? undefined : eq(messages.internal, false),
      ),
    )
    .limit(1);
  if (!quoted) throw new AppError('quoted_message_not_found', 400);
}

/** `value` for a contact without a responsible (before this update), else `column` unchanged. */
const unlessOwned = (value: SQL, column: AnyColumn) =>
  sql`case when ${contacts.responsibleId} is null then ${value} else ${column} end`;

/** The channel to answer on: the one asked for (it must be the contact's), else the main channel of the kind
 * the customer last wrote from, else any main channel. One statement: the channels, with that kind. */
export async function replyChannel(
  tx: Db,
  companyId: string,
  contactId: string,
  channelId: string | undefined,
) {
  const lastInboundKind = sql<ChannelKind | null>`(
    select ${messages.kind} from ${messages}
    where ${messages.contactId} = ${contactId} and ${messages.companyId} = ${companyId}
      and ${messages.direction} = 'in'
    order by ${messages.createdAt} desc limit 1)`;
  const channels = await tx
    .select({ ...getTableColumns(contactChannels), lastInboundKind })
    .from(contactChannels)
    .where(and(eq(contactChannels.contactId, contactId), eq(contactChannels.companyId, companyId)))
    .orderBy(desc(contactChannels.main), contactChannels.createdAt);
  if (channelId) {
    const chosen = channels.find((channel) => channel.id === channelId);
    if (!chosen) throw new AppError('channel_not_of_contact', 400);
    return chosen;
  }
  const lastKind = channels[0]?.lastInboundKind;
  const chosen = channels.find((channel) => channel.kind === lastKind) ?? channels[0];
  if (!chosen) throw new AppError('no_reply_channel', 400);
  return chosen;
}

export async function findMessage(
  ctx: Pick<TenantContext, 'db' | 'companyId'>,
  urls: UrlSigner,
  messageId: string,
) {
  const [row] = await messageById(ctx.db).execute({ messageId, companyId: ctx.companyId });
  return row ? presentJsonMessages(urls, [row])[0] : undefined;
}

async function findByClientId(ctx: TenantContext, urls: UrlSigner, clientId: string) {
  const [row] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.clientId, clientId)))
    .limit(1);
  return row ? findMessage(ctx, urls, row.id) : undefined;
}

// The optional comment of a rating given natively (issue 28): the widget and the public page have a comment
// field, a provider's buttons do not. So once a tap is recorded the customer is asked, in one automatic message,
// whether they want to add a comment, and their next text message on that channel within COMMENT_WINDOW_MS is
// stored as the rating's comment instead of entering the conversation (it neither reopens nor queues it).
// After the comment, or once the window has passed, the customer's messages are ordinary messages again.
import { CHANNEL_FEATURES, CSAT_COMMENT_MAX, storableText, type Language } from '@atende/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ingest, InboundMessage } from '../../channels/adapter.ts';
import { contactChannels, csatRequests, messages } from '../../db/schema/index.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { normaliseAddress } from '../contacts/addresses.ts';
import { announceAutomaticMessage, insertAutomaticMessage } from './automatic.ts';

/**
 * How long after the question a text message is the comment: time to read it and type a few sentences, yet
 * short enough that a customer writing later about something else opens a new attendance instead of having
 * their words filed away as a comment nobody answers.
 */
export const COMMENT_WINDOW_MS = 10 * 60 * 1000;

type CommentDeps = { db: Db; bus: EventBus; jobs: Jobs; urls: UrlSigner };
type AnsweredRequest = typeof csatRequests.$inferSelect;

/**
 * Asks for a comment on the request's channel, once (a request asked before, or whose channel is gone or
 * blacklisted, asks nothing), in the name of the attendant the request went out for.
 */
export async function askForComment(
  deps: CommentDeps,
  request: AnsweredRequest,
  language: Language,
): Promise<void> {
  const channelId = request.contactChannelId;
  if (!channelId) return;
  const sent = await inTransaction(deps.db, deps.bus, async (tx) => {
    const [channel] = await tx
      .select({
        id: contactChannels.id,
        kind: contactChannels.kind,
        blacklisted: contactChannels.blacklisted,
      })
      .from(contactChannels)
      .where(and(eq(contactChannels.id, channelId), eq(contactChannels.companyId, request.companyId)));
    if (!channel || channel.blacklisted) return null;
    const at = new Date();
    const [marked] = await tx
      .update(csatRequests)
      .set({ commentUntil: new Date(at.getTime() + COMMENT_WINDOW_MS), updatedAt: at })
      .where(
        and(eq(csatRequests.id, request.id), isNull(csatRequests.commentUntil), isNull(csatRequests.comment)),
      )
      .returning({ id: csatRequests.id });
    if (!marked) return null;
    const [asking] = request.messageId
      ? await tx
          .select({ userId: messages.senderUserId })
          .from(messages)
          .where(and(eq(messages.id, request.messageId), eq(messages.companyId, request.companyId)))
      : [];
    return insertAutomaticMessage(tx, deps.jobs, {
      companyId: request.companyId,
      contactId: request.contactId,
      channel,
      userId: asking?.userId ?? null,
      text: translate(language, 'csat', 'comment_prompt', { wait: { seconds: COMMENT_WINDOW_MS / 1000 } }),
      at,
    });
  });
  if (sent) await announceAutomaticMessage(deps, request.companyId, request.contactId, sent);
}

/**
 * The customer's message as the comment of a rating waiting for one on its channel: the request's contact, or
 * null when it is an ordinary message. Only text without files is a comment; a message stored before (its
 * provider id known: WhatsApp's list pick delivered again) never is; the same message delivered again while the
 * window lasts writes the same comment.
 */
export async function takeCsatComment(
  deps: { db: Db; bus: EventBus },
  message: InboundMessage,
): Promise<string | null> {
  if (!CHANNEL_FEATURES[message.kind].choices || message.attachments?.length) return null;
  const comment = storableText(message.text).trim().slice(0, CSAT_COMMENT_MAX);
  if (!comment) return null;
  const { address } = normaliseAddress(message.kind, storableText(message.from.address));
  const providerMessageId = storableText(message.providerMessageId);
  const at = new Date();
  const [taken] = await queryRows<{ contact_id: string }>(
    deps.db,
    sql`update ${csatRequests} set comment = ${comment}, comment_message_id = ${providerMessageId},
        updated_at = ${at.toISOString()}::timestamptz
      from ${contactChannels}
      where ${contactChannels.companyId} = ${message.companyId} and ${contactChannels.kind} = ${message.kind}
        and ${contactChannels.address} = ${address}
        and ${csatRequests.contactChannelId} = ${contactChannels.id}
        and ${csatRequests.companyId} = ${message.companyId}
        and ${csatRequests.commentUntil} is not null
        and ${csatRequests.commentUntil} > ${at.toISOString()}::timestamptz
        and (${csatRequests.comment} is null or ${csatRequests.commentMessageId} = ${providerMessageId})
        and not exists (select 1 from ${messages} where ${messages.companyId} = ${message.companyId}
          and ${messages.kind} = ${message.kind} and ${messages.providerMessageId} = ${providerMessageId})
      returning ${csatRequests.contactId} as contact_id`,
  );
  if (!taken) return null;
  // The rating itself was announced when it came (csat.answered: the monitor's averages); only the
  // conversation changes now.
  deps.bus.publish([{ type: 'contact.changed', companyId: message.companyId, contactId: taken.contact_id }]);
  return taken.contact_id;
}

/** An ingest that first offers each message to a rating waiting for its comment. */
export const withCsatComments =
  (deps: { db: Db; bus: EventBus }, ingest: Ingest): Ingest =>
  async (message) => {
    const contactId = await takeCsatComment(deps, message);
    if (!contactId) return ingest(message);
    return { contactId, messageId: null, duplicate: false, createdContact: false };
  };

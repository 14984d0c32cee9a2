// Customer satisfaction (CSAT, issue 28): resolving a conversation enqueues, in its transaction, a request job;
// the job asks the customer once (at most one request per conversation, ever), over the channel they last
// wrote on, unless the company turned CSAT off or that channel is blacklisted. The widget shows the request
// as 1–5 buttons, kinds with native choices (CHANNEL_FEATURES: Telegram, WhatsApp, Messenger, Instagram,
// Viber) as their provider's own form (choices.ts; a question for a comment follows the tap, comment.ts); every
// other channel gets a short link to the public page (public-page.ts). The first answer is the answer: a second
// one is refused with 409 `csat_already_answered`, and a link older than CSAT_LINK_DAYS (or unknown) answers
// `csat_link_invalid`.
import { randomBytes } from 'node:crypto';
import {
  CHANNEL_FEATURES,
  CSAT_LINK_DAYS,
  type Csat,
  type CsatAnswer,
  type Language,
} from '@atende/contract';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { csatRequests } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { findCompanyById } from '../companies/service.ts';
import { settingsOf } from '../company-settings/settings.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { assertCustomerWindow } from '../messages/customer-window.ts';
import { replyChannel } from '../messages/send.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { announceAutomaticMessage, insertAutomaticMessage } from './automatic.ts';
import { csatChoices } from './choices.ts';

export type CsatDeps = { db: Db; bus: EventBus; jobs: Jobs; urls: UrlSigner; config: { publicUrl: string } };
/** Ask the customer of a conversation just resolved by `userId` (the request goes out in their name). */
export type CsatJob = { companyId: string; contactId: string; userId: string };

type CsatRow = typeof csatRequests.$inferSelect;

const LINK_MS = CSAT_LINK_DAYS * 24 * 60 * 60 * 1000;

export const csatLink = (publicUrl: string, token: string) => `${publicUrl}/s/${token}`;

export const presentCsat = (row: CsatRow): Csat => ({
  id: row.id,
  contact_id: row.contactId,
  message_id: row.messageId,
  requested_at: row.requestedAt.toISOString(),
  rating: row.rating,
  comment: row.comment,
  answered_at: row.answeredAt?.toISOString() ?? null,
  comment_until: row.commentUntil?.toISOString() ?? null,
});

/** Enqueued by the resolve, inside its transaction: the request exists exactly when the resolution does. */
export async function enqueueCsatRequest(jobs: Jobs, tx: Db, job: CsatJob): Promise<void> {
  await jobs.enqueue<CsatJob>(tx, QUEUES.csatRequest, job);
}

/** The request job: sends the request unless it was sent already, CSAT is off or the channel may not be written. */
export async function requestCsat(deps: CsatDeps, job: CsatJob): Promise<void> {
  const company = await findCompanyById(deps.db, job.companyId);
  if (!company) return;
  const settings = settingsOf(company);
  if (!settings.csat_enabled) return;
  const sent = await inTransaction(deps.db, deps.bus, async (tx) => {
    const [asked] = await tx
      .select({ id: csatRequests.id })
      .from(csatRequests)
      .where(and(eq(csatRequests.companyId, job.companyId), eq(csatRequests.contactId, job.contactId)))
      .limit(1);
    if (asked) return null;
    const channel = await replyChannel(tx, job.companyId, job.contactId, undefined).catch(() => null);
    if (!channel || channel.blacklisted) return null;
    // A provider's closed customer-service window (WhatsApp's 24 hours) would refuse free text: not asked.
    const windowOpen = await assertCustomerWindow(tx, job.companyId, channel).then(
      () => true,
      () => false,
    );
    if (!windowOpen) return null;
    const token = randomBytes(24).toString('base64url');
    // The widget renders buttons and native kinds their own form (choices.ts): the question alone.
    const native = CHANNEL_FEATURES[channel.kind].choices;
    const text =
      channel.kind === 'chat' || native
        ? translate(settings.language, 'csat', 'widget')
        : translate(settings.language, 'csat', 'prompt', { link: csatLink(deps.config.publicUrl, token) });
    const at = new Date();
    const messageId = await insertAutomaticMessage(tx, deps.jobs, {
      companyId: job.companyId,
      contactId: job.contactId,
      channel,
      userId: job.userId,
      text,
      choices: native ? csatChoices(settings.language, token) : null,
      at,
    });
    await tx.insert(csatRequests).values({
      companyId: job.companyId,
      contactId: job.contactId,
      contactChannelId: channel.id,
      messageId,
      token,
      requestedAt: at,
    });
    return messageId;
  });
  if (sent) await announceAutomaticMessage(deps, job.companyId, job.contactId, sent);
}

/** A request by its public token, still answerable or not; undefined for an unknown or expired link. */
export async function csatByToken(
  db: Db,
  token: string,
): Promise<{ row: CsatRow; language: Language } | undefined> {
  const [row] = await db.select().from(csatRequests).where(eq(csatRequests.token, token)).limit(1);
  if (!row || row.requestedAt.getTime() + LINK_MS < Date.now()) return undefined;
  const company = await findCompanyById(db, row.companyId);
  return { row, language: settingsOf(company ?? { settings: {} }).language };
}

/** Records the customer's answer, once; the console hears of it as a change of the conversation. */
export async function answerCsat(deps: Pick<CsatDeps, 'db' | 'bus'>, token: string, answer: CsatAnswer) {
  const found = await csatByToken(deps.db, token);
  if (!found) throw new AppError('csat_link_invalid', 404);
  const at = new Date();
  const [answered] = await deps.db
    .update(csatRequests)
    .set({ rating: answer.rating, comment: answer.comment || null, answeredAt: at, updatedAt: at })
    .where(
      and(
        eq(csatRequests.id, found.row.id),
        isNull(csatRequests.answeredAt),
        gt(csatRequests.requestedAt, new Date(at.getTime() - LINK_MS)),
      ),
    )
    .returning();
  if (!answered) throw new AppError('csat_already_answered', 409);
  deps.bus.publish([
    { type: 'contact.changed', companyId: answered.companyId, contactId: answered.contactId },
    { type: 'csat.answered', companyId: answered.companyId, contactId: answered.contactId },
  ]);
  return { csat: presentCsat(answered), language: found.language };
}

/** The conversation's request and answer, for those who may see the conversation. */
export async function conversationCsat(ctx: TenantContext, contactId: string): Promise<Csat | null> {
  if (!(await maySeeContact(ctx, contactId))) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(csatRequests)
    .where(and(eq(csatRequests.companyId, ctx.companyId), eq(csatRequests.contactId, contactId)))
    .limit(1);
  return row ? presentCsat(row) : null;
}

/** The requests carried by these messages (the widget renders them as buttons). */
export async function csatOfMessages(db: Db, companyId: string, messageIds: string[]) {
  if (messageIds.length === 0) return new Map<string, { token: string; rating: number | null }>();
  const rows = await db
    .select({ messageId: csatRequests.messageId, token: csatRequests.token, rating: csatRequests.rating })
    .from(csatRequests)
    .where(and(eq(csatRequests.companyId, companyId), inArray(csatRequests.messageId, messageIds)));
  return new Map(rows.map((row) => [row.messageId!, { token: row.token, rating: row.rating }]));
}

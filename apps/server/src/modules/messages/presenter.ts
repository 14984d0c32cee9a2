// Message rows as the contract's Message and timeline Item.
import {
  QUOTE_EXCERPT_MAX,
  type Attachment,
  type Message,
  type MessageItem,
  type QuotedMessage,
} from '@atende/contract';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  attachments,
  broadcastRecipients,
  broadcasts,
  messageReactions,
  messages,
  users,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { jsonRows, namedColumns } from '../../platform/db/json-rows.ts';
import { param, prepared, preparedRows, type RawRow, type Statement } from '../../platform/db/prepared.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';

const quoted = alias(messages, 'quoted');

/**
 * The quoted message's excerpt as a json object (the contract's QuotedMessage), or null: a correlated lookup by
 * primary key, run only for the rows that quote, so pages and the widget's reads need no join for it.
 */
const quotedExcerpt = sql<QuotedMessage | null>`(
  select json_build_object('id', ${quoted.id}, 'direction', ${quoted.direction},
    'text', left(${quoted.text}, ${sql.raw(String(QUOTE_EXCERPT_MAX))}), 'deleted', ${quoted.deletedAt} is not null)
  from ${messages} as ${sql.identifier('quoted')}
  where ${quoted.id} = ${messages.replyToId} and ${quoted.companyId} = ${messages.companyId})`;

/**
 * The broadcast a message belongs to, as a json object or null: the one that sent it (outbound, by the
 * recipient's message) or the one it answers (a customer's reply, by the recipient's reply), each by a unique
 * or partial index, so a page of ordinary messages pays one index probe each.
 */
const broadcastBy = (link: AnyColumn) => sql`(
  select json_build_object('id', ${broadcasts.id}, 'name', ${broadcasts.name})
  from ${broadcastRecipients} join ${broadcasts} on ${broadcasts.id} = ${broadcastRecipients.broadcastId}
  where ${link} = ${messages.id} and ${broadcastRecipients.companyId} = ${messages.companyId}
  limit 1)`;
const broadcastOfMessage = sql<{ id: string; name: string } | null>`case when ${messages.direction} = 'out'
  then ${broadcastBy(broadcastRecipients.messageId)} else ${broadcastBy(broadcastRecipients.replyMessageId)} end`;

export const messageColumns = {
  id: messages.id,
  contactId: messages.contactId,
  contactChannelId: messages.contactChannelId,
  kind: messages.kind,
  direction: messages.direction,
  senderUserId: messages.senderUserId,
  senderName: users.name,
  text: messages.text,
  clientId: messages.clientId,
  subject: messages.subject,
  hasHtml: sql<boolean>`${messages.html} is not null`,
  status: messages.status,
  failureReason: messages.failureReason,
  readAt: messages.readAt,
  replyTo: quotedExcerpt,
  broadcast: broadcastOfMessage,
  transcription: messages.transcription,
  internal: messages.internal,
  deletedAt: messages.deletedAt,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};

/** Joins the sending user's name into a query selecting messageColumns from messages. */
export const senderJoin = [users, eq(users.id, messages.senderUserId)] as const;

/** The messages of one conversation of the tenant, narrowed by `conditions`. */
const inConversation = (companyId: string, contactId: string, conditions: (SQL | undefined)[]) =>
  and(eq(messages.contactId, contactId), eq(messages.companyId, companyId), ...conditions);

/** The messages of one conversation of the tenant, with their senders, narrowed by `conditions`. */
export const conversationMessages = (
  ctx: { db: Db; companyId: string },
  contactId: string,
  ...conditions: (SQL | undefined)[]
) =>
  ctx.db
    .select(messageColumns)
    .from(messages)
    .leftJoin(...senderJoin)
    .where(inConversation(ctx.companyId, contactId, conditions));

/** conversationMessages as JSON rows with their attachments and reactions (see messageJsonColumns). */
export const conversationMessagesJson = (
  ctx: { db: Db; companyId: string },
  contactId: string,
  ...conditions: (SQL | undefined)[]
) => messagesJson(ctx.db).where(inConversation(ctx.companyId, contactId, conditions));

/** Messages as JSON rows with their senders, attachments and reactions (see messageJsonColumns). */
export const messagesJson = (db: Db) =>
  db
    .select(messageJsonColumns(db))
    .from(messages)
    .leftJoin(...senderJoin);

export type MessageRow = Omit<
  typeof messages.$inferSelect,
  | 'companyId'
  | 'providerMessageId'
  | 'channelAccountId'
  | 'html'
  | 'automatic'
  | 'emailReferences'
  | 'replyToId'
  | 'deletedBy'
  | 'template'
  | 'choices'
> & {
  senderName: string | null;
  hasHtml: boolean;
  replyTo: QuotedMessage | null;
  broadcast: Message['broadcast'];
};

export type Reaction = Message['reactions'][number];

export function presentMessage(
  row: MessageRow | RawRow<MessageRow>,
  files: Attachment[] = [],
  reactions: Reaction[] = [],
): Message {
  return {
    id: row.id,
    contact_id: row.contactId,
    channel: { id: row.contactChannelId, type: row.kind },
    direction: row.direction,
    sender:
      row.direction === 'in'
        ? { type: 'customer', id: null, name: null }
        : { type: 'user', id: row.senderUserId, name: row.senderName },
    text: row.text,
    client_id: row.clientId,
    subject: row.subject,
    has_html: row.hasHtml,
    attachments: files,
    reactions,
    status: row.status,
    failure_reason: row.failureReason,
    read: row.direction === 'out' || row.readAt !== null,
    reply_to: row.replyTo,
    broadcast: row.broadcast,
    transcription: row.deletedAt === null ? row.transcription : null,
    internal: row.internal,
    deleted_at: row.deletedAt === null ? null : isoTimestamp(row.deletedAt),
    created_at: isoTimestamp(row.createdAt),
    updated_at: isoTimestamp(row.updatedAt),
  };
}

export const messageItem = (message: Message): MessageItem => ({
  type: 'message',
  created_at: message.created_at,
  message,
});

/** What a file URL signs: the attachment, so the URL opens that file and nothing else. */
export const fileResource = (attachmentId: string) => `file:${attachmentId}`;

type FileRow = Pick<
  typeof attachments.$inferSelect,
  'id' | 'messageId' | 'kind' | 'filename' | 'contentType' | 'size'
>;
type ReactionRow = { messageId: string; emoji: string; userId: string | null };

const fileColumns = {
  id: attachments.id,
  messageId: attachments.messageId,
  kind: attachments.kind,
  filename: attachments.filename,
  contentType: attachments.contentType,
  size: attachments.size,
};
const reactionColumns = {
  messageId: messageReactions.messageId,
  emoji: messageReactions.emoji,
  userId: messageReactions.userId,
};
const fileOrder = [attachments.createdAt, attachments.id];

/** Messages with their attachments and reactions: two prepared statements whatever the number of messages. */
export async function presentMessages(
  db: Db,
  urls: UrlSigner,
  companyId: string,
  rows: MessageRow[],
): Promise<Message[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const values = { ids, companyId };
  const [files, reactions] = await Promise.all([
    prepared(db, 'message_attachments', () =>
      db
        .select(fileColumns)
        .from(attachments)
        .where(
          and(
            sql`${attachments.messageId} = any(${param('ids')}::uuid[])`,
            eq(attachments.companyId, param('companyId')),
          ),
        )
        .orderBy(...fileOrder),
    ).execute(values),
    prepared(db, 'message_reactions', () =>
      db
        .select(reactionColumns)
        .from(messageReactions)
        .where(
          and(
            sql`${messageReactions.messageId} = any(${param('ids')}::uuid[])`,
            eq(messageReactions.companyId, param('companyId')),
          ),
        )
        .orderBy(messageReactions.createdAt),
    ).execute(values),
  ]);
  return presentWith(urls, rows, files, reactions);
}

/** Messages with the given attachments and reactions (of any of them), in the order of `rows`. */
function presentWith(
  urls: UrlSigner,
  rows: (MessageRow | RawRow<MessageRow>)[],
  files: FileRow[],
  reactions: ReactionRow[],
): Message[] {
  const reactionsOf = new Map<string, Reaction[]>();
  for (const reaction of reactions) {
    const list = reactionsOf.get(reaction.messageId) ?? [];
    list.push({ emoji: reaction.emoji, user_id: reaction.userId });
    reactionsOf.set(reaction.messageId, list);
  }
  const byMessage = new Map<string, Attachment[]>();
  for (const file of files) {
    const list = byMessage.get(file.messageId) ?? [];
    list.push({
      id: file.id,
      kind: file.kind,
      filename: file.filename,
      content_type: file.contentType,
      size: file.size,
      url: `/api/files/${file.id}?${urls.sign(fileResource(file.id))}`,
    });
    byMessage.set(file.messageId, list);
  }
  return rows.map((row) => presentMessage(row, byMessage.get(row.id), reactionsOf.get(row.id)));
}

/**
 * messageColumns named for JSON (see json-rows.ts), each message carrying its attachments (`files`) and
 * reactions: a page of messages whole in one statement.
 */
const messageJsonColumns = (db: Db) => ({
  ...namedColumns(messageColumns),
  files: jsonRows(
    db
      .select(namedColumns(fileColumns))
      .from(attachments)
      .where(and(eq(attachments.messageId, messages.id), eq(attachments.companyId, messages.companyId)))
      .orderBy(...fileOrder),
  ).as('files'),
  reactions: jsonRows(
    db
      .select(namedColumns(reactionColumns))
      .from(messageReactions)
      .where(
        and(eq(messageReactions.messageId, messages.id), eq(messageReactions.companyId, messages.companyId)),
      )
      .orderBy(messageReactions.createdAt),
  ).as('reactions'),
});

/** One message of the tenant with its attachments and reactions (see messageJsonColumns): one statement. */
export const messageById = (db: Db): Statement<MessageJsonRow[]> =>
  preparedRows(db, 'message_by_id', () =>
    messagesJson(db)
      .where(and(eq(messages.id, param('messageId')), eq(messages.companyId, param('companyId'))))
      .limit(1),
  ) as unknown as Statement<MessageJsonRow[]>;

/** A message read through messageJsonColumns. */
export type MessageJsonRow = RawRow<MessageRow> & { files: FileRow[]; reactions: ReactionRow[] };

/** Messages read as JSON rows, with their attachments and reactions, as the contract's Message. */
export function presentJsonMessages(urls: UrlSigner, rows: MessageJsonRow[]): Message[] {
  return presentWith(
    urls,
    rows,
    rows.flatMap((row) => row.files),
    rows.flatMap((row) => row.reactions),
  );
}

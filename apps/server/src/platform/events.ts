// Domain events: services record what changed inside their transaction; the events are published only after
// the commit, to in-process consumers (the realtime gateway today; notifications and jobs later).
import type {
  Catalogue,
  ContactSummary,
  Message,
  NextDial,
  MessageStatus,
  OnlineOperator,
  UserPause,
} from '@atende/contract';
import type { Db } from './db/database.ts';

export type DomainEvent =
  | {
      type: 'contact.changed';
      companyId: string;
      contactId: string;
      created?: boolean;
      /** Present when the responsible changed: the previous one loses the contact. */
      previousResponsibleId?: string | null;
      unreadChanged?: boolean;
      /** The contact as listed, when its producer has it: the realtime gateway need not read it back. */
      summary?: ContactSummary;
    }
  | { type: 'waiting.changed'; companyId: string }
  /** A channel account was created or changed: inbound connections (IMAP) restart with the new settings. */
  | { type: 'channel_account.changed'; companyId: string; accountId: string }
  /** An entry of a Center catalogue was created, changed, moved or (un)archived: consoles load it again. */
  | { type: 'catalogue.changed'; companyId: string; catalogue: Catalogue }
  /** A team was created, changed or (un)archived: who serves which segments may have changed. */
  | { type: 'team.changed'; companyId: string; teamId: string }
  /** A user paused (`pause` set) or resumed (both null): their sockets and the supervisors are told. */
  | { type: 'pause.changed'; companyId: string; userId: string; pause: UserPause }
  /** A customer answered the satisfaction request (the monitor's ratings of the day change). */
  | { type: 'csat.answered'; companyId: string; contactId: string }
  /** A wishlist suggestion was created, voted on or moderated: the company's lists load it again. */
  | { type: 'suggestion.changed'; companyId: string; suggestionId: string; updatedAt: Date }
  /** A changelog version was published: its readers' badges load again (companyId null: every company). */
  | { type: 'changelog.published'; companyId: string | null; versionId: string; publishedAt: Date }
  /** Sessions ended (logout, password change): their open sockets must close too. */
  | { type: 'sessions.revoked'; companyId: string; sessionIds: string[] }
  /**
   * A user was deactivated, deleted or given another role or permissions, told by the database to every
   * process at commit (migration 0020's triggers: no code path nor operator's SQL escapes them), so each
   * checks again what its own sockets of that user may see. The notification names the user only.
   */
  | { type: 'user.access_changed'; userId: string }
  /** The fan-out between processes is back after an outage: every namespace's clients resync. */
  | { type: 'realtime.recovered' }
  | {
      type: 'message.created';
      companyId: string;
      contactId: string;
      messageId: string;
      /** The message as shown, when its producer has it: the realtime gateway need not read it back. */
      message?: Message;
    }
  | {
      type: 'message.status';
      companyId: string;
      contactId: string;
      messageId: string;
      /** The status as written, when its producer has it: the realtime gateway need not read it back. */
      change?: { status: MessageStatus; failureReason: string | null; updatedAt: Date };
    }
  | { type: 'message.updated'; companyId: string; contactId: string; messageId: string }
  | { type: 'event.created'; companyId: string; contactId: string; eventId: string }
  /** A colleague gave a conversation to `toUserId`, with an optional note for them. */
  | {
      type: 'conversation.transferred';
      companyId: string;
      contactId: string;
      toUserId: string;
      byUserId: string;
      note: string | null;
      at: Date;
    }
  /** A broadcast's status or counts changed (a batch handed over, an action, a reply). */
  | { type: 'broadcast.changed'; companyId: string; broadcastId: string }
  | { type: 'thread.changed'; companyId: string; contactId: string; threadId: string }
  | { type: 'schedule.reminder'; companyId: string; scheduleId: string; minutesBefore: number }
  | { type: 'thread.message'; companyId: string; contactId: string; threadId: string; messageId: string }
  /** A pipeline's configuration (name, steps, labels, who sees it) changed or it was removed. */
  | { type: 'pipeline.changed'; companyId: string; pipelineId: string }
  /** A card was created, changed, moved or deleted (its comments and files included). */
  | { type: 'pipeline.card'; companyId: string; pipelineId: string; cardId: string }
  /** A call's record changed: it rang, was answered, transferred, ended or classified. */
  | { type: 'call.changed'; companyId: string; callId: string }
  /** A power-dial campaign's status, counts or agents changed (issue 27). */
  | { type: 'campaign.changed'; companyId: string; campaignId: string }
  /** A campaign customer for one attendant to preview, dial, or take answered. */
  | { type: 'campaign.dial'; companyId: string; userId: string; dial: NextDial }
  /** Who of the company is registered with the PBX, or what they are doing, changed; the list as it is now. */
  | { type: 'operators.changed'; companyId: string; operators: OnlineOperator[] };

export type EventHandler = (event: DomainEvent) => Promise<void> | void;

export type EventBus = {
  /** A bus may first do what must precede the announcements (outdate cached answers): inTransaction waits. */
  publish(events: DomainEvent[]): void | Promise<void>;
  subscribe(handler: EventHandler): () => void;
};

export function createEventBus(onError: (error: unknown, event: DomainEvent) => void): EventBus {
  const handlers = new Set<EventHandler>();
  return {
    publish(events) {
      for (const event of events) {
        for (const handler of handlers) {
          Promise.resolve()
            .then(() => handler(event))
            .catch((error: unknown) => onError(error, event));
        }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

/**
 * Runs `work` in one transaction and publishes the events it recorded once the transaction has committed;
 * a rollback publishes nothing.
 */
export async function inTransaction<T>(
  db: Db,
  bus: EventBus,
  work: (tx: Db, record: (event: DomainEvent) => void) => Promise<T>,
): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await db.transaction((tx) => work(tx as unknown as Db, (event) => events.push(event)));
  await bus.publish(events);
  return result;
}

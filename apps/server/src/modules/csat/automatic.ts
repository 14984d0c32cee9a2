// The messages CSAT sends by itself (the request, the question for a comment): outbound on the customer's channel
// in the name of the attendant who resolved the conversation, marked `automatic` so that analytics (the
// rollup triggers of migration 0054) and the first-response clock never count them, and handed to delivery in
// the same transaction that decided to send them.
import type { ChannelKind } from '@atende/contract';
import { messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import type { MessageChoices } from '../../channels/adapter.ts';
import { findMessage, type DeliveryJob } from '../messages/send.ts';

export type AutomaticMessage = {
  companyId: string;
  contactId: string;
  channel: { id: string; kind: ChannelKind };
  userId: string | null;
  text: string;
  choices?: MessageChoices | null;
  at: Date;
};

/** Stores the message and enqueues its delivery, inside the caller's transaction: its id. */
export async function insertAutomaticMessage(tx: Db, jobs: Jobs, message: AutomaticMessage): Promise<string> {
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: message.companyId,
      contactId: message.contactId,
      contactChannelId: message.channel.id,
      kind: message.channel.kind,
      direction: 'out',
      senderUserId: message.userId,
      text: message.text,
      choices: message.choices ?? null,
      automatic: true,
      status: 'pending',
      createdAt: message.at,
      updatedAt: message.at,
    })
    .returning({ id: messages.id });
  await jobs.enqueue<DeliveryJob>(tx, QUEUES.sendMessage, {
    messageId: row!.id,
    companyId: message.companyId,
    contactId: message.contactId,
  });
  return row!.id;
}

/** After the commit: delivery woken, and the console told of the new message. */
export async function announceAutomaticMessage(
  deps: { db: Db; bus: EventBus; jobs: Jobs; urls: UrlSigner },
  companyId: string,
  contactId: string,
  messageId: string,
): Promise<void> {
  deps.jobs.wake(QUEUES.sendMessage);
  const message = await findMessage({ db: deps.db, companyId }, deps.urls, messageId);
  deps.bus.publish([{ type: 'message.created', companyId, contactId, messageId, message }]);
}

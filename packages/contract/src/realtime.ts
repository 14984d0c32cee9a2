// Realtime events (Socket.IO) between server and console, typed for both ends.
import { z } from 'zod';
import { Id, Timestamp } from './common.ts';
import type { BroadcastChanged } from './broadcasts.ts';
import type { CatalogueChanged } from './catalogues.ts';
import type { MonitorChanged, MonitorQueueChanged } from './monitor.ts';
import type { PauseChanged } from './pauses.ts';
import type { ChangelogPublished } from './changelog.ts';
import type { SuggestionChanged } from './suggestions.ts';
import type { TeamChanged } from './teams.ts';
import type { ContactEvent, ContactSummary } from './contacts.ts';
import type { ConversationTransferred } from './conversations.ts';
import type { Message, MessageStatusChanged } from './messages.ts';
import type { CardChanged, PipelineChanged } from './pipelines.ts';
import type { ScheduleReminder } from './schedules.ts';
import type { Thread, ThreadMessage } from './threads.ts';
import type { CallRecord, OperatorsChanged } from './voice.ts';
import type { CampaignChanged, NextDial } from './campaigns.ts';

export const ContactAssigned = z.object({
  contact_id: Id,
  responsible_id: Id.nullable(),
  updated_at: Timestamp,
});
export type ContactAssigned = z.infer<typeof ContactAssigned>;
export const UnreadChanged = z.object({ contact_id: Id, count: z.number().int(), updated_at: Timestamp });
export type UnreadChanged = z.infer<typeof UnreadChanged>;
export const WaitingChanged = z.object({ count: z.number().int() });
export type WaitingChanged = z.infer<typeof WaitingChanged>;

export type Viewer = { id: string; name: string };
/** Who has a conversation open right now (the anchors lack it: two attendants answer the same customer). */
export type ContactViewers = { contact_id: string; viewers: Viewer[] };
export type ContactTyping = { contact_id: string; user: Viewer };

/** Events the server sends. Contact payloads go only to users allowed to see the contact. */
export type ServerToClientEvents = {
  'contact.created': (contact: ContactSummary) => void;
  'contact.updated': (contact: ContactSummary) => void;
  /** To the whole company: lets every list drop a contact that is no longer theirs. */
  'contact.assigned': (event: ContactAssigned) => void;
  'contact.unread': (event: UnreadChanged) => void;
  /** To the user a colleague gave a conversation to, with their note. */
  'conversation.transferred': (event: ConversationTransferred) => void;
  'waiting.changed': (event: WaitingChanged) => void;
  /** To the contact's room (the users watching that conversation). */
  'message.created': (message: Message) => void;
  'message.status': (event: MessageStatusChanged) => void;
  /** A message changed otherwise (reactions): the whole message, to replace the cached one. */
  'message.updated': (message: Message) => void;
  /** An event registered for the contact: joins the open timeline. */
  'event.created': (event: ContactEvent) => void;
  'contact.viewers': (event: ContactViewers) => void;
  /** Another user is typing in this conversation (sent at most every few seconds while they type). */
  'contact.typing': (event: ContactTyping) => void;
  /** Thread events reach only users who may see the thread (private ones: author and supervisors). */
  'thread.updated': (thread: Thread) => void;
  'thread.message': (message: ThreadMessage & { contact_id: string }) => void;
  /** To the schedule's attendant, 10 and 1 minutes before a scheduled return. */
  'schedule.reminder': (event: ScheduleReminder) => void;
  /**
   * Events may have been lost while the socket stayed connected (the servers' fan-out was down): fetch what is
   * on screen again, as after a reconnect.
   */
  resync: () => void;
  /** To the company: a catalogue of the Center changed (consoles load it again). */
  'catalogue.changed': (event: CatalogueChanged) => void;
  /** To the company: a team changed (who serves which segments): consoles reload their segment-based lists. */
  'team.changed': (event: TeamChanged) => void;
  /** To the user's sockets and the company's supervisors: the user paused or resumed. */
  'pause.changed': (event: PauseChanged) => void;
  /** To the company: a wishlist suggestion was created, voted on or moderated. */
  'suggestion.changed': (event: SuggestionChanged) => void;
  /** To the version's readers (everyone for a product version): the "what's new" badge loads again. */
  'changelog.published': (event: ChangelogPublished) => void;
  /** To the company: a broadcast's status or counts changed; whoever shows it refetches it. */
  'broadcast.changed': (event: BroadcastChanged) => void;
  /** To the company's pipeline room: a pipeline's configuration changed (boards load it again). */
  'pipeline.changed': (event: PipelineChanged) => void;
  /** To the company's pipeline room: a card was created, changed, moved or deleted. */
  'pipeline.card': (event: CardChanged) => void;
  /**
   * A call rang, was answered, transferred, ended or classified: to the customer's room (the conversation's
   * timeline and call history), the company's supervisors (the call history) and the call's operator.
   */
  'call.changed': (call: CallRecord) => void;
  /** To the company: who is registered with the PBX and what each is doing (the online operators modal). */
  'phone.operators': (event: OperatorsChanged) => void;
  /** To the company's supervisors: what the live monitor shows changed (read GET /api/monitor again). */
  'monitor.changed': (event: MonitorChanged) => void;
  /** To the company's supervisors: only the monitor's queue changed (its part of the snapshot). */
  'monitor.queue': (event: MonitorQueueChanged) => void;
  /** To the company's supervisors: a campaign's status, counts or agents changed (read its live view again). */
  'campaign.changed': (event: CampaignChanged) => void;
  /** To one attendant: the campaign customer to preview, dial now, or who is being handed to them answered. */
  'campaign.dial': (dial: NextDial) => void;
};

export type ClientToServerEvents = {
  /** Latency probe: the ack carries the server's clock. */
  ping: (ack: (serverTime: number) => void) => void;
  /** Joins the room of a contact the user may see (the open conversation); the ack says whether it did. */
  'contact.watch': (contactId: string, ack: (joined: boolean) => void) => void;
  'contact.unwatch': (contactId: string) => void;
  'contact.typing': (contactId: string) => void;
};

// Contacts (customers) and their channels as the queue shows them (spec §2 contact list, §3 Contact/Channel).
import { z } from 'zod';
import { encodedText, Id, requiredText, text, Timestamp } from './common.ts';
import {
  CONTACT_LIST_FILTERS,
  CONTACT_ORDERS,
  CONTACTS_PAGE_MAX,
  CONTACTS_PAGE_SIZE,
  CONTACT_FILTER_VALUES_MAX,
  SEARCH_MIN_LENGTH,
  SEARCH_PARAMETERS,
} from './constants.ts';
import {
  CHANNEL_KINDS,
  ChannelKind,
  CONVERSATION_STATUSES,
  ConversationStatus,
  PRIORITIES,
  Priority,
} from './enums.ts';
import { commaSeparated } from './lists.ts';

export const ContactListFilter = z.enum(CONTACT_LIST_FILTERS);
export type ContactListFilter = z.infer<typeof ContactListFilter>;

export const ContactOrder = z.enum(CONTACT_ORDERS);
export type ContactOrder = z.infer<typeof ContactOrder>;

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** The responsible filter's value for contacts nobody has yet. */
export const UNASSIGNED = 'unassigned';
const ResponsibleChoice = z.union([Id, z.literal(UNASSIGNED)]);

/**
 * Filters that combine on top of a list (issue 20, item 6), each optional, all AND-combined; several values of
 * one filter are alternatives. A saved view stores them in this form.
 */
export const ContactFilters = z.object({
  status: z.array(ConversationStatus).max(CONVERSATION_STATUSES.length).optional(),
  /** Contacts with any channel of these kinds. */
  channel: z.array(ChannelKind).max(CHANNEL_KINDS.length).optional(),
  /** Contacts in any of these segments (wallets). */
  segment: z.array(Id).max(CONTACT_FILTER_VALUES_MAX).optional(),
  responsible: z.array(ResponsibleChoice).max(CONTACT_FILTER_VALUES_MAX).optional(),
  /** The contact's tag, whatever its case. */
  tag: requiredText(64).optional(),
  priority: z.array(Priority).max(PRIORITIES.length).optional(),
  critical: z.boolean().optional(),
  /** Contacts whose responsible is a member of any of these teams, or in a segment routed to one of them. */
  team: z.array(Id).max(CONTACT_FILTER_VALUES_MAX).optional(),
});
export type ContactFilters = z.infer<typeof ContactFilters>;
export const CONTACT_FILTER_NAMES = ContactFilters.keyof().options;
export type ContactFilterName = (typeof CONTACT_FILTER_NAMES)[number];

export const ContactListQuery = z.object({
  filter: ContactListFilter.default('general'),
  only_my_segments: booleanFlag.default(false),
  order: ContactOrder.default('default'),
  direction: SortDirection.default('desc'),
  limit: z.coerce.number().int().min(1).max(CONTACTS_PAGE_MAX).default(CONTACTS_PAGE_SIZE),
  cursor: encodedText(500).optional(),
  // The combinable filters (ContactFilters), as a query string writes them: lists comma-separated.
  status: commaSeparated(ConversationStatus, CONVERSATION_STATUSES.length).optional(),
  channel: commaSeparated(ChannelKind, CHANNEL_KINDS.length).optional(),
  segment: commaSeparated(Id, CONTACT_FILTER_VALUES_MAX).optional(),
  responsible: commaSeparated(ResponsibleChoice, CONTACT_FILTER_VALUES_MAX).optional(),
  tag: requiredText(64).optional(),
  priority: commaSeparated(Priority, PRIORITIES.length).optional(),
  critical: booleanFlag.optional(),
  team: commaSeparated(Id, CONTACT_FILTER_VALUES_MAX).optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const ContactChannel = z.object({
  id: Id,
  type: ChannelKind,
  address: z.string(),
  main: z.boolean(),
  responsible_id: Id.nullable(),
  output_line_id: Id.nullable(),
  blacklisted: z.boolean(),
  blacklist_reason: z.string().nullable(),
  /**
   * When the customer last wrote on this channel (null: never): with CUSTOMER_WINDOW_HOURS it tells when free
   * text stops being accepted on WhatsApp, Messenger and Instagram.
   */
  last_inbound_at: Timestamp.nullable(),
  /**
   * When free text stops being accepted on this channel (the customer-service window; the epoch when the
   * customer never wrote); null where no window applies (other kinds, or no provider account carries it).
   */
  customer_window_closes_at: Timestamp.nullable(),
});
export type ContactChannel = z.infer<typeof ContactChannel>;

export const LastMessage = z.object({
  text: z.string(),
  direction: z.enum(['in', 'out']),
  channel: ChannelKind,
  created_at: Timestamp,
});

/** A row of the contact list: what the queue needs to render and order a contact. */
export const ContactSummary = z.object({
  id: Id,
  name: z.string(),
  priority: Priority,
  critical: z.boolean(),
  online: z.boolean(),
  on_queue: z.boolean(),
  /** Open, snoozed or resolved (issue 20); a snoozed conversation comes back at snoozed_until. */
  status: ConversationStatus,
  snoozed_until: Timestamp.nullable(),
  chatbot: z.boolean(),
  first_response_pending: z.boolean(),
  unread_messages: z.object({ count: z.number().int() }),
  responsible: z.object({ id: Id, name: z.string() }).nullable(),
  main_channel: ChannelKind.nullable(),
  last_message: LastMessage.nullable(),
  unanswered_since: Timestamp.nullable(),
  last_event: z.string().nullable(),
  updated_at: Timestamp,
});
export type ContactSummary = z.infer<typeof ContactSummary>;

export const Contact = ContactSummary.extend({
  document: z.string().nullable(),
  code: z.string().nullable(),
  protocol: z.string().nullable(),
  tag: z.string().nullable(),
  reason: z.string().nullable(),
  return_at: Timestamp.nullable(),
  segments: z.array(z.object({ wallet_id: Id, wallet_name: z.string() })),
  jokers: z.array(z.object({ id: Id, name: z.string() })),
  channels: z.array(ContactChannel),
  /** Since when the responsible has the conversation. */
  responsible_since: Timestamp.nullable(),
  /** Who gave the conversation to its responsible and the note they left; null when it was taken. */
  assignment: z
    .object({ by: z.object({ id: Id, name: z.string() }), note: z.string().nullable() })
    .nullable(),
  resolved_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type Contact = z.infer<typeof Contact>;

export const ContactPage = z.object({ data: z.array(ContactSummary), next_cursor: z.string().nullable() });
export type ContactPage = z.infer<typeof ContactPage>;

export const SearchParameter = z.enum(SEARCH_PARAMETERS);
export type SearchParameter = z.infer<typeof SearchParameter>;

export const ContactSearchRequest = z.object({
  parameter: SearchParameter,
  value: text(200).min(SEARCH_MIN_LENGTH),
  /** The list filter the search runs within (the list the attendant is looking at). */
  origin: ContactListFilter.default('general'),
  limit: z.number().int().min(1).max(CONTACTS_PAGE_MAX).default(CONTACTS_PAGE_SIZE),
  cursor: encodedText(500).optional(),
});
export type ContactSearchRequest = z.infer<typeof ContactSearchRequest>;

export const PendingScheduleSearchRequest = ContactSearchRequest.omit({ origin: true });
export type PendingScheduleSearchRequest = z.infer<typeof PendingScheduleSearchRequest>;

export const WaitingQueue = z.object({ count: z.number().int(), data: z.array(ContactSummary) });
export type WaitingQueue = z.infer<typeof WaitingQueue>;

export const NewContactRequest = z.object({
  name: requiredText(200),
  channel: z.object({
    type: ChannelKind,
    address: text(254).min(3),
    output_line_id: Id.optional(),
  }),
  document: text(32).optional(),
  priority: Priority.default('medium'),
});
export type NewContactRequest = z.infer<typeof NewContactRequest>;

/** Channel maintenance in the conversation (spec §2 channel panel, §5 new channel). */
export const AddChannelRequest = z.object({
  type: ChannelKind,
  address: text(254).min(3),
  /** The company's line that answers on this channel: required (spec §5 "a response channel must be selected"). */
  output_line_id: Id,
});
export type AddChannelRequest = z.infer<typeof AddChannelRequest>;

export const UpdateChannelRequest = z
  .object({ responsible_id: Id.nullable().optional(), type: ChannelKind.optional() })
  .refine((body) => body.responsible_id !== undefined || body.type !== undefined, {
    message: 'nothing_to_change',
  });
export type UpdateChannelRequest = z.infer<typeof UpdateChannelRequest>;

export const ActivateChannelRequest = z.object({ type: z.enum(['main', 'alternative']) });
export type ActivateChannelRequest = z.infer<typeof ActivateChannelRequest>;

export const BlacklistChannelRequest = z.object({
  blacklisted: z.boolean(),
  reason: text(500).optional(),
});
export type BlacklistChannelRequest = z.infer<typeof BlacklistChannelRequest>;

/** Customer data edit (spec §2 customer data panel); at least one field. */
export const UpdateContactRequest = z
  .object({
    name: requiredText(200).optional(),
    document: text(32).nullable().optional(),
    code: text(64).nullable().optional(),
    protocol: text(64).nullable().optional(),
    tag: text(64).nullable().optional(),
    reason: text(500).nullable().optional(),
    priority: Priority.optional(),
    /** Changing the responsible needs the change_responsible permission; null returns the contact to the queue. */
    responsible_id: Id.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing_to_change',
  });
export type UpdateContactRequest = z.infer<typeof UpdateContactRequest>;

/** Adds a segment to the contact: an existing wallet by id, or a new one of the company by name. */
export const AddWalletRequest = z
  .object({ wallet_id: Id.optional(), wallet_name: requiredText(120).optional() })
  .refine((body) => body.wallet_id !== undefined || body.wallet_name !== undefined, {
    message: 'nothing_to_change',
  });
export type AddWalletRequest = z.infer<typeof AddWalletRequest>;

export const JokerChoices = z.object({
  data: z.array(z.object({ id: Id, name: z.string() })),
  current: z.object({ id: Id, name: z.string() }).nullable(),
});
export type JokerChoices = z.infer<typeof JokerChoices>;

export const ContactEvent = z.object({
  id: Id,
  contact_id: Id,
  action_id: Id.nullable(),
  description: z.string(),
  /** Decimal amount in the company's currency (BRL by default), null when not given. */
  amount: z.number().nullable(),
  annotation: z.string().nullable(),
  responsible: z.object({ id: Id, name: z.string() }).nullable(),
  date: Timestamp,
  created_by: z.object({ id: Id.nullable(), name: z.string().nullable() }),
  created_at: Timestamp,
});
export type ContactEvent = z.infer<typeof ContactEvent>;
export const ContactEventList = z.object({ data: z.array(ContactEvent) });

export const NewEventRequest = z.object({
  action_id: Id,
  amount: z.number().min(0).max(1e10).multipleOf(0.01).nullable().optional(),
  annotation: text(2000).optional(),
  responsible_id: Id.optional(),
  date: Timestamp.optional(),
});
export type NewEventRequest = z.infer<typeof NewEventRequest>;

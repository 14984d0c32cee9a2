// What the client can tell about a contact summary without asking the server: whether the user may see it,
// whether it belongs to a list, and whether a change moves it within a list's ordering. Mirrors the server's
// rules (contacts/policy.ts, queries.ts, list-filters.ts, keyset.ts); where a summary does not carry the
// answer (pending schedules, segments, tags, other channels) it says 'unknown' and the caller asks the server.
import {
  UNASSIGNED,
  type ContactFilters,
  type ContactOrder,
  type ContactSummary,
  type User,
} from '@atende/contract';
import { holds } from '../../lib/abilities.ts';
import type { ListParams } from '../../lib/contact-keys.ts';

/** Who is looking: attendants see their own contacts and the unassigned ones; other roles see every contact. */
export interface Viewer {
  id: string;
  supervising: boolean;
}

export const viewerOf = (user: Pick<User, 'id' | 'abilities'>): Viewer => ({
  id: user.id,
  supervising: holds(user, 'contacts.see_all'),
});

export const canSee = (viewer: Viewer, responsibleId: string | null): boolean =>
  viewer.supervising || responsibleId === null || responsibleId === viewer.id;

export type Membership = boolean | 'unknown';

/** Whether the contact belongs to the list `params` describes. */
export function belongsToList(contact: ContactSummary, params: ListParams, viewer: Viewer): Membership {
  if (!canSee(viewer, contact.responsible?.id ?? null)) return false;
  // An attendant's lists hold open conversations only; supervisors' every one (server policy workingParts).
  if (!viewer.supervising && contact.status !== 'open') return false;
  let matches: Membership;
  switch (params.filter) {
    case 'general':
      matches = true;
      break;
    case 'mine':
      matches = contact.responsible?.id === viewer.id && contact.status === 'open';
      break;
    case 'pending':
      matches = contact.unread_messages.count > 0;
      break;
    case 'pending_first_response':
      matches = contact.first_response_pending;
      break;
    case 'chatbots':
      matches = contact.chatbot;
      break;
    case 'pending_schedules':
      matches = 'unknown';
      break;
  }
  const combined = matchesFilters(contact, params.filters);
  if (matches === false || combined === false) return false;
  // A summary does not list the contact's segments.
  if (matches === 'unknown' || combined === 'unknown' || params.only_my_segments) return 'unknown';
  return true;
}

/**
 * Whether the contact passes the combinable filters (server list-filters.ts). A summary names its main channel
 * only, not its tag, segments nor teams: those answer 'unknown' unless another filter already says no.
 */
export function matchesFilters(contact: ContactSummary, filters: ContactFilters): Membership {
  const has = <T>(values: readonly T[] | undefined, value: T) =>
    !values || values.length === 0 || values.includes(value);
  if (!has(filters.status, contact.status)) return false;
  if (!has(filters.priority, contact.priority)) return false;
  if (filters.critical !== undefined && contact.critical !== filters.critical) return false;
  if (!has(filters.responsible, contact.responsible?.id ?? UNASSIGNED)) return false;
  const unknown =
    (filters.channel?.length && !(contact.main_channel && filters.channel.includes(contact.main_channel))) ||
    filters.segment?.length ||
    filters.team?.length ||
    filters.tag;
  return unknown ? 'unknown' : true;
}

/** Whether the contact is in the waiting queue: on the queue and nobody's yet. */
export const isWaiting = (contact: ContactSummary): boolean =>
  contact.on_queue && contact.responsible === null;

const lastMessageAt = (contact: ContactSummary): string | null => contact.last_message?.created_at ?? null;

/** The values a list's ordering sorts by (server keyset.ts); a change in them may move the row. */
export function sortValues(contact: ContactSummary, order: ContactOrder): readonly unknown[] {
  switch (order) {
    case 'default':
      return [contact.critical, contact.priority, lastMessageAt(contact)];
    case 'last_message':
      return [contact.unanswered_since];
    case 'name':
      return [contact.name.toLowerCase()];
    case 'online':
      return [contact.online, lastMessageAt(contact)];
    case 'priority':
      return [contact.priority, lastMessageAt(contact)];
    case 'critical':
      return [contact.critical, lastMessageAt(contact)];
    case 'unread':
      return [contact.unread_messages.count, lastMessageAt(contact)];
  }
}

export const movesWithin = (before: ContactSummary, after: ContactSummary, order: ContactOrder): boolean => {
  const a = sortValues(before, order);
  const b = sortValues(after, order);
  return a.some((value, index) => value !== b[index]);
};

/** updated_at values are ISO-8601 UTC strings of one length: they compare as text. */
export const isOlder = (candidate: string, than: string): boolean => candidate < than;

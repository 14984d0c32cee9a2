// The contact queue's calls (spec §7 "Conversations"): list pages, searches, the waiting queue, take-next,
// one contact, a new contact, and the supervisors' bulk actions on a selection (issue 20).
import type {
  BulkConversationRequest,
  BulkConversationResult,
  Contact,
  ContactFilters,
  ContactPage,
  NewContactRequest,
  WaitingQueue,
} from '@atende/contract';
import { http } from '../../lib/http.ts';
import type { ListParams, SearchParams } from '../../lib/contact-keys.ts';

/** Rows per page: a screenful or two, so a fast scroll through thousands of contacts asks less often. */
export const LIST_PAGE_SIZE = 100;

/** The combinable filters as the list's query string writes them: lists comma-separated, absent when empty. */
export function filterQuery(filters: ContactFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters) as [string, unknown][]) {
    if (Array.isArray(value)) {
      if (value.length > 0) query[name] = value.join(',');
    } else if (value !== undefined && value !== '') {
      query[name] = String(value);
    }
  }
  return query;
}

export const fetchContactPage = (
  params: ListParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContactPage> =>
  http.get<ContactPage>('/contacts', {
    query: {
      filter: params.filter,
      only_my_segments: String(params.only_my_segments),
      order: params.order,
      direction: params.direction,
      limit: String(LIST_PAGE_SIZE),
      cursor: cursor ?? undefined,
      ...filterQuery(params.filters),
    },
    signal,
  });

/**
 * A search page. Within the pending-schedules list the spec has its own call (has_pending_schedule); every
 * other list searches with its filter as the origin.
 */
export const searchContactPage = (
  params: SearchParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContactPage> => {
  const page = { limit: LIST_PAGE_SIZE, cursor: cursor ?? undefined };
  const term = { parameter: params.parameter, value: params.value.trim() };
  return params.origin === 'pending_schedules'
    ? http.post<ContactPage>('/conversations/search/has_pending_schedule', { ...term, ...page }, { signal })
    : http.post<ContactPage>(
        '/conversations/search',
        { ...term, origin: params.origin, ...page },
        { signal },
      );
};

export const fetchWaitingQueue = (signal?: AbortSignal): Promise<WaitingQueue> =>
  http.get<WaitingQueue>('/conversations/waiting', { signal });

/** Hands the caller the next waiting customer (404 queue_empty when nobody waits). */
export const takeNextWaiting = (): Promise<Contact> =>
  http.get<Contact>('/conversations/waiting/conversation');

/** One contact; a contact the user may not see answers 404, which the conversation screen shows itself. */
export const fetchContact = (contactId: string, signal?: AbortSignal): Promise<Contact> =>
  http.get<Contact>(`/conversation/${encodeURIComponent(contactId)}`, { signal, notify: false });

/** Creates a contact; its errors (channel already registered, invalid address) are shown by the form. */
export const createContact = (input: NewContactRequest): Promise<Contact> =>
  http.post<Contact>('/conversations', input, { notify: false });

export const bulkConversations = (body: BulkConversationRequest): Promise<BulkConversationResult> =>
  http.post<BulkConversationResult>('/conversations/bulk', body);

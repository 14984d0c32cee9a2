// Where contacts live in the TanStack Query cache: lists and searches (infinite pages), the waiting queue, and
// single contacts, with the parameters that select a list or a search. Realtime patches (the contacts
// feature's contact-cache.ts) walk these keys.
import type {
  ContactFilters,
  ContactListFilter,
  ContactOrder,
  ContactPage,
  SearchParameter,
  SortDirection,
} from '@atende/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** What selects one contact list: the spec's filter, "only my segments", the ordering and the combinable filters. */
export interface ListParams {
  filter: ContactListFilter;
  only_my_segments: boolean;
  order: ContactOrder;
  direction: SortDirection;
  filters: ContactFilters;
}

/** A search by one parameter within the list the user is looking at (its filter is the search's origin). */
export interface SearchParams {
  parameter: SearchParameter;
  value: string;
  origin: ContactListFilter;
}

export type ContactPages = InfiniteData<ContactPage, string | null>;

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => ['contacts', 'list'] as const,
  list: (params: ListParams) => ['contacts', 'list', params] as const,
  searches: () => ['contacts', 'search'] as const,
  search: (params: SearchParams) => ['contacts', 'search', params] as const,
  waiting: () => ['contacts', 'waiting'] as const,
  details: () => ['contacts', 'detail'] as const,
  detail: (contactId: string) => ['contacts', 'detail', contactId] as const,
};

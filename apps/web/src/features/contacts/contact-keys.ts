// Where contacts live in the TanStack Query cache: lists and searches (infinite pages), the waiting queue, and
// single contacts. Realtime patches (contact-cache.ts) walk these keys.
import type { ContactPage } from '@atende/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListParams, SearchParams } from './contact-api.ts';

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

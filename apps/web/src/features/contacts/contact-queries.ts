// How each contact cache entry is fetched. Every fetched page passes through `reconcilePage`, so a response
// that left the server before a realtime update cannot undo it.
import type { Contact, ContactPage, WaitingQueue } from '@atende/contract';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useSessionStore } from '../../lib/session-store.ts';
import { fetchContact, fetchContactPage, fetchWaitingQueue, searchContactPage } from './contact-api.ts';
import { reconcileContact, reconcilePage, reconcileWaiting } from './contact-cache.ts';
import { viewerOf, type Viewer } from './contact-filters.ts';
import { contactKeys, type ListParams, type SearchParams } from '../../lib/contact-keys.ts';

/** The signed-in viewer (queries run only in the console, where there is one). */
const currentViewer = (): Viewer => {
  const user = useSessionStore.getState().user;
  return user ? viewerOf(user) : { id: '', supervising: false };
};

export const DEFAULT_LIST: ListParams = {
  filter: 'general',
  only_my_segments: false,
  order: 'default',
  direction: 'desc',
  filters: {},
};

export const contactListQuery = (params: ListParams) =>
  infiniteQueryOptions({
    queryKey: contactKeys.list(params),
    queryFn: async ({ pageParam, signal, client }) =>
      reconcilePage(client, await fetchContactPage(params, pageParam, signal), currentViewer(), params),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ContactPage) => page.next_cursor,
  });

export const contactSearchQuery = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: contactKeys.search(params),
    queryFn: async ({ pageParam, signal, client }) =>
      reconcilePage(client, await searchContactPage(params, pageParam, signal), currentViewer()),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ContactPage) => page.next_cursor,
  });

export const waitingQueueQuery = queryOptions({
  queryKey: contactKeys.waiting(),
  queryFn: async ({ signal, client }): Promise<WaitingQueue> =>
    reconcileWaiting(client, await fetchWaitingQueue(signal)),
});

export const contactQuery = (contactId: string) =>
  queryOptions({
    queryKey: contactKeys.detail(contactId),
    queryFn: async ({ signal, client }): Promise<Contact> =>
      reconcileContact(client, await fetchContact(contactId, signal)),
  });

/** The contact of the conversation route on screen (its `:contactId`), from the cache when already loaded. */
export function useRouteContact() {
  const { contactId = '' } = useParams();
  return useQuery(contactQuery(contactId));
}

// Realtime patches of the contact cache. Each event is applied by updated_at (an older one is ignored):
// rows already cached are replaced in place or dropped when they no longer belong (the filter, the viewer's
// visibility, the waiting queue); a contact that may have to appear in a list, or whose change moves it in
// the list's ordering, makes that list refetch shortly after (the server knows the order and the filters a
// summary cannot tell). The newest version of every contact an event told us about is kept too, so a fetch
// that left the server before the event cannot bring the old row back (`reconcilePage`).
import type { Contact, ContactAssigned, ContactPage, ContactSummary, WaitingQueue } from '@atende/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { belongsToList, canSee, isOlder, isWaiting, movesWithin, type Viewer } from './contact-filters.ts';
import { contactKeys, type ContactPages, type ListParams } from '../../lib/contact-keys.ts';

/** What the latest event said about a contact; `summary: null` when the viewer may no longer see it. */
interface Version {
  updated_at: string;
  summary: ContactSummary | null;
}

interface LiveState {
  versions: Map<string, Version>;
  refetches: Map<string, ReturnType<typeof setTimeout>>;
}

/** Refetches triggered by events wait this long, so a burst of events costs one request per list. */
export const REFETCH_DELAY_MS = 100;

const states = new WeakMap<QueryClient, LiveState>();

const stateOf = (client: QueryClient): LiveState => {
  let state = states.get(client);
  if (!state) {
    state = { versions: new Map(), refetches: new Map() };
    states.set(client, state);
  }
  return state;
};

/** Forgets what events said (the session ended: the next user must not inherit it). */
export function forgetLiveState(client: QueryClient): void {
  const state = states.get(client);
  if (!state) return;
  for (const timer of state.refetches.values()) clearTimeout(timer);
  states.delete(client);
}

function scheduleRefetch(client: QueryClient, queryKey: QueryKey): void {
  const { refetches } = stateOf(client);
  const hash = JSON.stringify(queryKey);
  // One refetch per list and window: it starts after every event that asked for it within the window.
  if (refetches.has(hash)) return;
  refetches.set(
    hash,
    setTimeout(() => {
      refetches.delete(hash);
      void client.invalidateQueries({ queryKey, exact: true });
    }, REFETCH_DELAY_MS),
  );
}

// ---- pages ---------------------------------------------------------------------------------------------

const findRow = (data: ContactPages, contactId: string): ContactSummary | undefined => {
  for (const page of data.pages) {
    const row = page.data.find((candidate) => candidate.id === contactId);
    if (row) return row;
  }
  return undefined;
};

const mapPages = (
  data: ContactPages,
  contactId: string,
  change: (row: ContactSummary) => ContactSummary | null,
): ContactPages => ({
  ...data,
  pages: data.pages.map((page) =>
    page.data.some((row) => row.id === contactId)
      ? {
          ...page,
          data: page.data.flatMap((row) => {
            if (row.id !== contactId) return [row];
            const next = change(row);
            return next ? [next] : [];
          }),
        }
      : page,
  ),
});

const cachedPages = (client: QueryClient, prefix: QueryKey) =>
  client
    .getQueryCache()
    .findAll({ queryKey: prefix })
    .flatMap((query) => {
      const data = query.state.data as ContactPages | undefined;
      return data ? [{ queryKey: query.queryKey, data }] : [];
    });

/** The list parameters are the third part of a list's key (contactKeys.list). */
const listParamsOf = (queryKey: QueryKey): ListParams => queryKey[2] as ListParams;

// ---- reading -------------------------------------------------------------------------------------------

/** Every contact summary the cache holds (lists, searches, waiting queue, open contacts), newest per id. */
export function knownContacts(client: QueryClient): Map<string, ContactSummary> {
  const known = new Map<string, ContactSummary>();
  const consider = (row: ContactSummary) => {
    const current = known.get(row.id);
    if (!current || isOlder(current.updated_at, row.updated_at)) known.set(row.id, row);
  };
  for (const prefix of [contactKeys.lists(), contactKeys.searches()]) {
    for (const { data } of cachedPages(client, prefix)) {
      for (const page of data.pages) page.data.forEach(consider);
    }
  }
  client.getQueryData<WaitingQueue>(contactKeys.waiting())?.data.forEach(consider);
  for (const [, contact] of client.getQueriesData<Contact>({ queryKey: contactKeys.details() })) {
    if (contact) consider(contact);
  }
  for (const [contactId, version] of stateOf(client).versions) {
    if (version.summary) consider(version.summary);
    else if (!isOlder(version.updated_at, known.get(contactId)?.updated_at ?? '')) known.delete(contactId);
  }
  return known;
}

/** The unread messages of every contact the cache knows (the tab title's counter). */
export function totalUnread(client: QueryClient): number {
  let total = 0;
  for (const contact of knownContacts(client).values()) total += contact.unread_messages.count;
  return total;
}

/** The newest summary of one contact the cache holds, if any. */
export function knownContact(client: QueryClient, contactId: string): ContactSummary | undefined {
  const version = stateOf(client).versions.get(contactId);
  if (version?.summary) return version.summary;
  let newest: ContactSummary | undefined;
  const consider = (row: ContactSummary | undefined) => {
    if (row && (!newest || isOlder(newest.updated_at, row.updated_at))) newest = row;
  };
  for (const prefix of [contactKeys.lists(), contactKeys.searches()]) {
    for (const { data } of cachedPages(client, prefix)) consider(findRow(data, contactId));
  }
  consider(
    client.getQueryData<WaitingQueue>(contactKeys.waiting())?.data.find((row) => row.id === contactId),
  );
  consider(client.getQueryData<Contact>(contactKeys.detail(contactId)));
  return newest;
}

// ---- events --------------------------------------------------------------------------------------------

function removeEverywhere(client: QueryClient, contactId: string): void {
  for (const prefix of [contactKeys.lists(), contactKeys.searches()]) {
    for (const { queryKey, data } of cachedPages(client, prefix)) {
      if (findRow(data, contactId))
        client.setQueryData(
          queryKey,
          mapPages(data, contactId, () => null),
        );
    }
  }
  removeFromWaiting(client, contactId);
  // An open contact the viewer lost: asking again shows the screen's "not available" state.
  if (client.getQueryData(contactKeys.detail(contactId))) {
    void client.invalidateQueries({ queryKey: contactKeys.detail(contactId), exact: true });
  }
}

function removeFromWaiting(client: QueryClient, contactId: string): void {
  client.setQueryData<WaitingQueue>(contactKeys.waiting(), (queue) =>
    queue?.data.some((row) => row.id === contactId)
      ? { ...queue, data: queue.data.filter((row) => row.id !== contactId) }
      : queue,
  );
}

/**
 * A contact was created or changed (contact.created / contact.updated). Answers the newest summary known
 * before this event (undefined when the cache did not know the contact), for callers that compare.
 */
export function applySummary(
  client: QueryClient,
  viewer: Viewer,
  summary: ContactSummary,
): ContactSummary | undefined {
  const previous = knownContact(client, summary.id);
  const { versions } = stateOf(client);
  const version = versions.get(summary.id);
  if (previous && isOlder(summary.updated_at, previous.updated_at)) return previous;
  if (version && isOlder(summary.updated_at, version.updated_at)) return previous;

  const visible = canSee(viewer, summary.responsible?.id ?? null);
  versions.set(summary.id, { updated_at: summary.updated_at, summary: visible ? summary : null });
  if (!visible) {
    removeEverywhere(client, summary.id);
    return previous;
  }

  for (const { queryKey, data } of cachedPages(client, contactKeys.lists())) {
    const params = listParamsOf(queryKey);
    const membership = belongsToList(summary, params, viewer);
    const row = findRow(data, summary.id);
    if (!row) {
      if (membership !== false) scheduleRefetch(client, queryKey);
      continue;
    }
    if (isOlder(summary.updated_at, row.updated_at)) continue;
    client.setQueryData(
      queryKey,
      mapPages(data, summary.id, () => (membership === false ? null : summary)),
    );
    if (membership !== false && movesWithin(row, summary, params.order)) scheduleRefetch(client, queryKey);
  }

  for (const { queryKey, data } of cachedPages(client, contactKeys.searches())) {
    const row = findRow(data, summary.id);
    if (row && !isOlder(summary.updated_at, row.updated_at)) {
      client.setQueryData(
        queryKey,
        mapPages(data, summary.id, () => summary),
      );
    }
  }

  const queue = client.getQueryData<WaitingQueue>(contactKeys.waiting());
  if (queue) {
    const row = queue.data.find((candidate) => candidate.id === summary.id);
    if (!isWaiting(summary)) removeFromWaiting(client, summary.id);
    else if (!row || row.priority !== summary.priority) scheduleRefetch(client, contactKeys.waiting());
    else if (!isOlder(summary.updated_at, row.updated_at)) {
      client.setQueryData<WaitingQueue>(contactKeys.waiting(), {
        ...queue,
        data: queue.data.map((candidate) => (candidate.id === summary.id ? summary : candidate)),
      });
    }
  }

  client.setQueryData<Contact>(contactKeys.detail(summary.id), (contact) =>
    contact && !isOlder(summary.updated_at, contact.updated_at) ? { ...contact, ...summary } : contact,
  );
  return previous;
}

/**
 * Someone took a contact, or it went back to the queue (contact.assigned, sent to the whole company). It
 * leaves the waiting queue once it has a responsible, and every list of an attendant it no longer belongs to.
 * The full row reaches the users who still see it as contact.updated.
 */
export function applyAssigned(client: QueryClient, viewer: Viewer, event: ContactAssigned): void {
  const known = knownContact(client, event.contact_id);
  if (known && isOlder(event.updated_at, known.updated_at)) return;
  if (event.responsible_id !== null) removeFromWaiting(client, event.contact_id);
  if (canSee(viewer, event.responsible_id)) return;
  stateOf(client).versions.set(event.contact_id, { updated_at: event.updated_at, summary: null });
  removeEverywhere(client, event.contact_id);
}

/** The number of customers waiting changed (waiting.changed). */
export function applyWaitingCount(client: QueryClient, count: number): void {
  client.setQueryData<WaitingQueue>(contactKeys.waiting(), (queue) => (queue ? { ...queue, count } : queue));
}

/** After a reconnect events may have been missed: everything on screen is fetched again. */
export function resyncContacts(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: contactKeys.all });
}

// ---- fetched data --------------------------------------------------------------------------------------

/** A fetched page with every row an event has since changed replaced (or dropped when it no longer fits). */
export function reconcilePage(
  client: QueryClient,
  page: ContactPage,
  viewer: Viewer,
  params?: ListParams,
): ContactPage {
  const { versions } = stateOf(client);
  if (versions.size === 0) return page;
  const data: ContactSummary[] = [];
  for (const row of page.data) {
    const version = versions.get(row.id);
    if (!version || !isOlder(row.updated_at, version.updated_at)) data.push(row);
    else if (version.summary && (!params || belongsToList(version.summary, params, viewer) !== false)) {
      data.push(version.summary);
    }
  }
  return { ...page, data };
}

export function reconcileWaiting(client: QueryClient, queue: WaitingQueue): WaitingQueue {
  const { versions } = stateOf(client);
  if (versions.size === 0) return queue;
  const data: ContactSummary[] = [];
  for (const row of queue.data) {
    const version = versions.get(row.id);
    if (!version || !isOlder(row.updated_at, version.updated_at)) data.push(row);
    else if (version.summary && isWaiting(version.summary)) data.push(version.summary);
  }
  return { ...queue, data };
}

export function reconcileContact(client: QueryClient, contact: Contact): Contact {
  const version = stateOf(client).versions.get(contact.id);
  return version?.summary && isOlder(contact.updated_at, version.updated_at)
    ? { ...contact, ...version.summary }
    : contact;
}

// Realtime patches of the contact cache: by updated_at, by filter membership and visibility, with refetches
// for contacts that may have to appear or move, and reconciliation of responses older than an event.
import type { ContactSummary, WaitingQueue } from '@atende/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLEAGUE, contactOf, later, ME, page, summary } from '../../test/contacts.ts';
import {
  applyAssigned,
  applySummary,
  applyWaitingCount,
  forgetLiveState,
  knownContact,
  reconcilePage,
  reconcileWaiting,
  REFETCH_DELAY_MS,
  resyncContacts,
  totalUnread,
} from './contact-cache.ts';
import type { Viewer } from './contact-filters.ts';
import { contactKeys, type ContactPages, type ListParams } from '../../lib/contact-keys.ts';
import { DEFAULT_LIST } from './contact-queries.ts';

const attendant: Viewer = { id: ME, supervising: false };
const supervisor: Viewer = { id: 'supervisor', supervising: true };
const me = { id: ME, name: 'Juliana Souza' };
const colleague = { id: COLLEAGUE, name: 'Pedro Oliveira' };

const T1 = '2026-11-22T10:00:01.000Z';
const T2 = '2026-11-22T10:00:02.000Z';
const T3 = '2026-11-22T10:00:03.000Z';

const GENERAL = DEFAULT_LIST;
const MINE: ListParams = { ...DEFAULT_LIST, filter: 'mine' };
const PENDING: ListParams = { ...DEFAULT_LIST, filter: 'pending' };
const BY_NAME: ListParams = { ...DEFAULT_LIST, order: 'name', direction: 'asc' };

let client: QueryClient;

const pages = (...chunks: ContactSummary[][]): ContactPages => ({
  pages: chunks.map((rows, index) => page(rows, index < chunks.length - 1 ? `c${index}` : null)),
  pageParams: chunks.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
});

const seedList = (params: ListParams, ...chunks: ContactSummary[][]) =>
  client.setQueryData(contactKeys.list(params), pages(...chunks));

const rowsOf = (params: ListParams) =>
  client.getQueryData<ContactPages>(contactKeys.list(params))?.pages.flatMap((p) => p.data) ?? [];

const idsOf = (params: ListParams) => rowsOf(params).map((row) => row.id);

beforeEach(() => {
  client = new QueryClient();
  vi.useFakeTimers();
});
afterEach(() => {
  forgetLiveState(client);
  vi.useRealTimers();
});

describe('applySummary', () => {
  it('replaces a cached row in place with a newer version and ignores an older one', () => {
    const a = summary({ responsible: me });
    const b = summary({ responsible: me });
    seedList(GENERAL, [a], [b]);

    applySummary(client, attendant, later(b, T2, { name: 'Bia Nova', unread_messages: { count: 2 } }));
    expect(rowsOf(GENERAL)[1]).toMatchObject({ id: b.id, name: 'Bia Nova', updated_at: T2 });

    const previous = applySummary(client, attendant, later(b, T1, { name: 'Velha' }));
    expect(previous?.name).toBe('Bia Nova');
    expect(rowsOf(GENERAL)[1]?.name).toBe('Bia Nova');
    expect(idsOf(GENERAL)).toEqual([a.id, b.id]);
  });

  it('answers what the cache knew before, for the unread comparison', () => {
    const a = summary({ unread_messages: { count: 1 } });
    seedList(GENERAL, [a]);
    const previous = applySummary(client, attendant, later(a, T1, { unread_messages: { count: 2 } }));
    expect(previous?.unread_messages.count).toBe(1);
    expect(applySummary(client, attendant, summary())).toBeUndefined();
  });

  it('drops the row from a list it no longer belongs to, and keeps it where it still does', () => {
    const a = summary({ unread_messages: { count: 3 } });
    seedList(PENDING, [a]);
    seedList(GENERAL, [a]);

    applySummary(client, attendant, later(a, T1, { unread_messages: { count: 0 } }));

    expect(idsOf(PENDING)).toEqual([]);
    expect(idsOf(GENERAL)).toEqual([a.id]);
  });

  it('refetches, once per burst, every list a new contact may belong to', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    seedList(GENERAL, [summary()]);
    seedList(MINE, [summary({ responsible: me })]);

    applySummary(client, attendant, summary({ on_queue: true, unread_messages: { count: 1 } }));
    applySummary(client, attendant, summary({ on_queue: true, unread_messages: { count: 1 } }));
    expect(invalidate).not.toHaveBeenCalled();

    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    // The waiting contact is nobody's yet: "my customers" cannot gain it.
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([contactKeys.list(GENERAL)]);
  });

  it('refetches a list when a change moves the row in its ordering; patches only otherwise', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const a = summary({ name: 'Ana', responsible: me });
    seedList(GENERAL, [a]);
    seedList(BY_NAME, [a]);

    // A new message moves Ana up in the default order (last message time), not in the order by name.
    applySummary(
      client,
      attendant,
      later(a, T1, {
        last_message: { text: 'Oi', direction: 'in', channel: 'whatsapp', created_at: T1 },
      }),
    );
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([contactKeys.list(GENERAL)]);
    expect(rowsOf(BY_NAME)[0]?.last_message?.text).toBe('Oi');
  });

  it('drops a contact the viewer may no longer see (an attendant, after a colleague took it)', () => {
    const a = summary({ on_queue: true });
    seedList(GENERAL, [a]);
    applySummary(client, attendant, later(a, T1, { on_queue: false, responsible: colleague }));
    expect(idsOf(GENERAL)).toEqual([]);
  });

  it('patches search results in place without adding to them', () => {
    const a = summary({ name: 'Ana' });
    const key = contactKeys.search({ parameter: 'name', value: 'ana', origin: 'general' });
    client.setQueryData(key, pages([a]));
    applySummary(client, attendant, later(a, T1, { unread_messages: { count: 4 } }));
    applySummary(client, attendant, summary({ name: 'Ana Nova' }));
    const rows = client.getQueryData<ContactPages>(key)?.pages[0]?.data ?? [];
    expect(rows.map((row) => [row.name, row.unread_messages.count])).toEqual([['Ana', 4]]);
  });

  it('merges into an open contact', () => {
    const a = summary({ responsible: me });
    client.setQueryData(contactKeys.detail(a.id), contactOf(a, { document: '123' }));
    applySummary(client, attendant, later(a, T1, { critical: true }));
    expect(client.getQueryData(contactKeys.detail(a.id))).toMatchObject({ critical: true, document: '123' });
  });
});

describe('the waiting queue', () => {
  const queue = (rows: ContactSummary[], count = rows.length): WaitingQueue => ({ count, data: rows });

  it('takes the count from waiting.changed', () => {
    client.setQueryData(contactKeys.waiting(), queue([], 3));
    applyWaitingCount(client, 4);
    expect(client.getQueryData<WaitingQueue>(contactKeys.waiting())?.count).toBe(4);
  });

  it('loses a contact once someone has it, even a contact of a colleague (contact.assigned)', () => {
    const a = summary({ on_queue: true });
    const b = summary({ on_queue: true });
    client.setQueryData(contactKeys.waiting(), queue([a, b]));
    seedList(GENERAL, [a, b]);

    applyAssigned(client, attendant, { contact_id: a.id, responsible_id: COLLEAGUE, updated_at: T1 });

    expect(client.getQueryData<WaitingQueue>(contactKeys.waiting())?.data.map((row) => row.id)).toEqual([
      b.id,
    ]);
    expect(idsOf(GENERAL)).toEqual([b.id]);
  });

  it('refetches when a new customer starts waiting', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    client.setQueryData(contactKeys.waiting(), queue([]));
    applySummary(client, attendant, summary({ on_queue: true }));
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual(contactKeys.waiting());
  });
});

describe('applyAssigned', () => {
  it('a supervisor keeps the contact (its new row comes as contact.updated)', () => {
    const a = summary({ on_queue: true });
    seedList(GENERAL, [a]);
    applyAssigned(client, supervisor, { contact_id: a.id, responsible_id: COLLEAGUE, updated_at: T1 });
    expect(idsOf(GENERAL)).toEqual([a.id]);
  });

  it('the attendant who received it keeps it', () => {
    const a = summary({ on_queue: true });
    seedList(GENERAL, [a]);
    applyAssigned(client, attendant, { contact_id: a.id, responsible_id: ME, updated_at: T1 });
    expect(idsOf(GENERAL)).toEqual([a.id]);
  });

  it('ignores an assignment older than what the cache holds', () => {
    const a = later(summary({ responsible: me }), T2);
    seedList(GENERAL, [a]);
    applyAssigned(client, attendant, { contact_id: a.id, responsible_id: COLLEAGUE, updated_at: T1 });
    expect(idsOf(GENERAL)).toEqual([a.id]);
  });
});

describe('fetched data older than an event', () => {
  it('keeps the newer row an event brought', () => {
    const a = summary({ responsible: me });
    applySummary(client, attendant, later(a, T2, { name: 'Depois' }));
    const fetched = reconcilePage(client, page([later(a, T1, { name: 'Antes' })]), attendant, GENERAL);
    expect(fetched.data.map((row) => row.name)).toEqual(['Depois']);
  });

  it('drops a row the viewer lost meanwhile, but not one fetched after the event', () => {
    const a = summary({ on_queue: true });
    applyAssigned(client, attendant, { contact_id: a.id, responsible_id: COLLEAGUE, updated_at: T2 });
    expect(reconcilePage(client, page([later(a, T1)]), attendant).data).toEqual([]);
    expect(reconcilePage(client, page([later(a, T3)]), attendant).data).toHaveLength(1);
    expect(reconcileWaiting(client, { count: 1, data: [later(a, T1)] }).data).toEqual([]);
  });

  it('drops a newer row that no longer belongs to the list fetched', () => {
    const a = summary({ unread_messages: { count: 1 } });
    applySummary(client, attendant, later(a, T2, { unread_messages: { count: 0 } }));
    expect(reconcilePage(client, page([later(a, T1)]), attendant, PENDING).data).toEqual([]);
  });

  it('is forgotten with the session', () => {
    const a = summary();
    applySummary(client, attendant, later(a, T2, { name: 'Depois' }));
    forgetLiveState(client);
    expect(reconcilePage(client, page([a]), attendant).data).toEqual([a]);
  });
});

describe('what the cache knows', () => {
  it('adds up unread messages once per contact, newest version first', () => {
    const a = summary({ unread_messages: { count: 2 } });
    const b = summary({ unread_messages: { count: 1 }, on_queue: true });
    seedList(GENERAL, [a, b]);
    client.setQueryData(contactKeys.waiting(), { count: 1, data: [b] });
    expect(totalUnread(client)).toBe(3);

    applySummary(client, attendant, later(a, T1, { unread_messages: { count: 5 } }));
    expect(totalUnread(client)).toBe(6);
    expect(knownContact(client, a.id)?.unread_messages.count).toBe(5);

    applyAssigned(client, attendant, { contact_id: b.id, responsible_id: COLLEAGUE, updated_at: T1 });
    expect(totalUnread(client)).toBe(5);
  });

  it('refetches everything about contacts after a reconnect', async () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await resyncContacts(client);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: contactKeys.all });
  });
});

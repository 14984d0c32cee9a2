// The console's live link with a stand-in socket: events reach the list on screen, a grown unread count
// notifies (and chimes when the user wants sound), the title counts unread messages, every reconnect
// refetches the list, and a refused token ends the session.
import type { ServerToClientEvents } from '@atende/contract';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetTitleCounter } from '../../lib/document-title.ts';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import type { RealtimeOptions } from '../../lib/realtime.ts';
import { later, ME, page, summary } from '../../test/contacts.ts';
import { demoResources, demoUser, stubApi } from '../../test/fixtures.ts';
import { useNotificationPermission } from '../../lib/browser-notification.ts';
import { playNotificationSound } from '../../lib/notification-sound.ts';
import { contactListQuery, DEFAULT_LIST, waitingQueueQuery } from '../contacts/contact-queries.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useLiveUpdates } from './use-live-updates.ts';

type Handler = (payload: never) => void;

/** The socket the hook gets: records its handlers; `serverSends` plays an event to them. */
const socket = {
  handlers: new Map<string, Handler>(),
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
  },
  serverSends<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ) {
    act(() => (this.handlers.get(event) as ((value: typeof payload) => void) | undefined)?.(payload));
  },
};
let connection: RealtimeOptions | null = null;
const close = vi.fn();

vi.mock('../../lib/realtime.ts', () => ({
  openRealtime: (options: RealtimeOptions) => {
    connection = options;
    return { socket, close };
  },
}));
vi.mock('../../lib/notification-sound.ts', () => ({
  playNotificationSound: vi.fn(() => true),
  unlockSound: vi.fn(),
}));

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close(): void {}
}

const maria = summary({ name: 'Maria Souza', responsible: { id: ME, name: 'Juliana Souza' } });
const joao = summary({ name: 'João Lima', on_queue: true });
const T1 = '2026-11-22T11:00:00.000Z';

function Screen() {
  useLiveUpdates(true);
  const list = useInfiniteQuery(contactListQuery(DEFAULT_LIST));
  return (
    <ul>
      {list.data?.pages
        .flatMap((p) => p.data)
        .map((row) => (
          <li key={row.id}>{`${row.name}:${row.unread_messages.count}`}</li>
        ))}
    </ul>
  );
}

function renderConsole() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: ['/painel'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

let rows = [maria];

beforeEach(async () => {
  await loadConsoleTexts();
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  vi.stubGlobal('Notification', FakeNotification);
  FakeNotification.shown = [];
  vi.mocked(playNotificationSound).mockClear();
  close.mockClear();
  useNotificationPermission.setState({ permission: 'granted' });
  socket.handlers.clear();
  connection = null;
  rows = [maria];
  useSessionStore.getState().authenticate('token-1', demoUser({ id: ME, sound_notification: true }));
  stubApi({
    'GET /contacts': () => ({ body: page(rows) }),
    'GET /conversations/waiting': { body: { count: 0, data: [] } },
    'GET /resources': { body: demoResources() },
  });
});
afterEach(() => {
  resetTitleCounter();
});

const listCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/api/contacts'));

describe('live updates', () => {
  it('connects with the session token and closes with the console', async () => {
    const { client } = renderConsole();
    await screen.findByText('Maria Souza:0');
    expect(connection?.token).toBe('token-1');
    act(() => useSessionStore.getState().clear());
    await waitFor(() => expect(close).toHaveBeenCalled());
    client.clear();
  });

  it('a new customer appears in the list without reload, notifies, chimes and counts in the title', async () => {
    const { router } = renderConsole();
    await screen.findByText('Maria Souza:0');

    const arrived = later(joao, T1, { unread_messages: { count: 1 } });
    rows = [arrived, maria];
    socket.serverSends('contact.created', arrived);
    socket.serverSends('contact.unread', { contact_id: joao.id, count: 1, updated_at: T1 });

    expect(await screen.findByText('João Lima:1')).toBeTruthy();
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['João Lima', 'Olá', `contact:${joao.id}`],
    ]);
    await waitFor(() => expect(document.title).toBe('(1) Atende'));

    act(() => FakeNotification.shown[0]?.onclick?.());
    expect(router.state.location.pathname).toBe(`/painel/conversa/${joao.id}`);
  });

  it('an unread count that does not grow stays quiet; no sound when the user turned it off', async () => {
    renderConsole();
    await screen.findByText('Maria Souza:0');
    useSessionStore.getState().setUser(demoUser({ id: ME, sound_notification: false }));

    const read = later(maria, T1, { unread_messages: { count: 0 } });
    socket.serverSends('contact.updated', read);
    socket.serverSends('contact.unread', { contact_id: maria.id, count: 0, updated_at: T1 });
    expect(FakeNotification.shown).toEqual([]);

    const T2 = '2026-11-22T11:00:05.000Z';
    socket.serverSends('contact.updated', later(maria, T2, { unread_messages: { count: 2 } }));
    socket.serverSends('contact.unread', { contact_id: maria.id, count: 2, updated_at: T2 });
    expect(await screen.findByText('Maria Souza:2')).toBeTruthy();
    expect(FakeNotification.shown).toHaveLength(1);
    expect(playNotificationSound).not.toHaveBeenCalled();
  });

  it('refetches the list on screen after every reconnect', async () => {
    renderConsole();
    await screen.findByText('Maria Souza:0');
    const before = listCalls().length;
    // Something changed while the socket was down; nothing announced it.
    rows = [later(maria, T1, { name: 'Maria S. Souza' })];
    act(() => connection?.onConnect(true));
    expect(await screen.findByText('Maria S. Souza:0')).toBeTruthy();
    expect(listCalls().length).toBe(before + 1);
  });

  it('moves the waiting counter with waiting.changed', async () => {
    const { client } = renderConsole();
    await screen.findByText('Maria Souza:0');
    await client.fetchQuery(waitingQueueQuery);
    socket.serverSends('waiting.changed', { count: 7 });
    expect(client.getQueryData(waitingQueueQuery.queryKey)?.count).toBe(7);
  });

  it('a changed team reloads the list on screen and the waiting queue (who serves which segments)', async () => {
    const { client } = renderConsole();
    await screen.findByText('Maria Souza:0');
    await client.fetchQuery(waitingQueueQuery);
    const before = listCalls().length;
    rows = [later(maria, T1, { name: 'Maria da Equipe' })];
    socket.serverSends('team.changed', { team_id: maria.id });
    expect(await screen.findByText('Maria da Equipe:0')).toBeTruthy();
    expect(listCalls().length).toBe(before + 1);
    expect(client.getQueryState(waitingQueueQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('a refused token ends the session and says why once', async () => {
    renderConsole();
    await screen.findByText('Maria Souza:0');
    act(() => connection?.onAuthRefused('session_expired'));
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toEqual([
      'Sua sessão expirou. Entre novamente.',
    ]);
  });
});

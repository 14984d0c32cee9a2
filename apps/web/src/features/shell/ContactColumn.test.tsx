// The contact column against a stubbed API: rows as the list shows them, filters, ordering and segments in
// the request, the search form (minimum length, parameter, origin, pending-schedules call), and the views.
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLEAGUE, ME, page, summary } from '../../test/contacts.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ContactColumn } from './ContactColumn.tsx';
import { DEFAULT_LIST } from '../contacts/contact-queries.ts';
import { useListSettings } from '../contacts/list-settings.ts';
import { EMPTY_HISTORY, useRecentContacts } from '../contacts/recent-contacts.ts';

const maria = summary({
  name: 'Maria Souza',
  unread_messages: { count: 3 },
  priority: 'high',
  critical: true,
  online: true,
  responsible: { id: ME, name: 'Juliana Souza' },
});
const joao = summary({
  name: 'João Lima',
  on_queue: true,
  main_channel: 'email',
  last_message: { text: 'Minha fatura', direction: 'in', channel: 'email', created_at: maria.updated_at },
});
const pedroCustomer = summary({ name: 'Carla Dias', responsible: { id: COLLEAGUE, name: 'Pedro' } });

function renderColumn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ContactColumn /> }], {
    initialEntries: ['/painel'],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        {/* jsdom lays nothing out: tell the virtualised list how big its viewport and rows are. */}
        <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 77 }}>
          <RouterProvider router={router} />
        </VirtuosoMockContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

/** The API, recording the query strings of list calls. */
function api() {
  const queries: URLSearchParams[] = [];
  const stub = stubApi({
    'GET /contacts': () => ({ body: page([maria, joao, pedroCustomer]) }),
    'GET /conversations/waiting': { body: { count: 1, data: [joao] } },
    'POST /conversations/search': (call) => ({
      body: page((call.body as { value: string }).value === 'mar' ? [maria] : []),
    }),
    'POST /conversations/search/has_pending_schedule': { body: page([joao]) },
  });
  const original = stub.fetchStub.getMockImplementation();
  stub.fetchStub.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/contacts') queries.push(url.searchParams);
    return original ? original(input, init) : new Response(null, { status: 500 });
  });
  return { ...stub, queries };
}

beforeEach(async () => {
  await loadConsoleTexts();
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  useSessionStore.getState().authenticate('token', demoUser({ id: ME }));
  useListSettings.setState({ view: 'contacts', list: DEFAULT_LIST, search: null });
  useRecentContacts.setState({ userId: ME, ...EMPTY_HISTORY });
});

describe('contact list', () => {
  it('shows each contact with name, channel, last message, unread badge, markers and responsible', async () => {
    api();
    renderColumn();
    const row = (await screen.findByText('Maria Souza')).closest('a');
    expect(row).toBeTruthy();
    const cell = within(row as HTMLElement);
    expect(row?.getAttribute('href')).toBe(`/painel/conversa/${maria.id}`);
    expect(cell.getByLabelText('3 mensagens não lidas').textContent).toBe('3');
    expect(cell.getByText('Crítico')).toBeTruthy();
    expect(cell.getByText('Alta')).toBeTruthy();
    expect(cell.getByText('Com você')).toBeTruthy();
    expect(cell.getByTitle('Online')).toBeTruthy();
    expect(cell.getByRole('img', { name: 'WhatsApp' })).toBeTruthy();

    const waiting = within((await screen.findByText('João Lima')).closest('a') as HTMLElement);
    expect(waiting.getByText('Aguardando na fila')).toBeTruthy();
    expect(waiting.getByText('Minha fatura')).toBeTruthy();
    expect(waiting.getByRole('img', { name: 'E-mail' })).toBeTruthy();
    expect(
      within(screen.getByText('Carla Dias').closest('a') as HTMLElement).getByText('Pedro'),
    ).toBeTruthy();
  });

  it('asks the server for the chosen filter, ordering, direction and segments', async () => {
    const { queries } = api();
    const user = userEvent.setup();
    renderColumn();
    await screen.findByText('Maria Souza');
    expect(Object.fromEntries(queries[0] ?? [])).toMatchObject({
      filter: 'general',
      only_my_segments: 'false',
      order: 'default',
      direction: 'desc',
    });

    await user.selectOptions(screen.getByLabelText('Lista'), 'Meus clientes');
    await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe('mine'));

    await user.click(screen.getByRole('button', { name: 'Ordenação e segmentos' }));
    fireEvent.change(await screen.findByLabelText('Ordenar por'), { target: { value: 'unread' } });
    await waitFor(() => expect(queries.at(-1)?.get('order')).toBe('unread'));
    // (jsdom never runs the popover's opening transition: its content stays display:none, hence `hidden`.)
    await user.click(await screen.findByRole('button', { name: 'Decrescente', hidden: true }));
    await waitFor(() => expect(queries.at(-1)?.get('direction')).toBe('asc'));
    await user.click(await screen.findByLabelText('Somente meus segmentos'));
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({
        filter: 'mine',
        order: 'unread',
        direction: 'asc',
        only_my_segments: 'true',
      }),
    );
  });
});

describe('search', () => {
  it('needs 3 characters, then searches by the parameter within the list on screen', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderColumn();
    await screen.findByText('Maria Souza');

    const input = screen.getByLabelText('Termo de pesquisa');
    await user.type(input, 'ma{Enter}');
    expect(await screen.findByText('O termo de pesquisa deve conter 3 caractéres ou mais.')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/conversations/search'))).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Pesquisar por'), 'Nome');
    await user.type(input, 'r{Enter}');
    await waitFor(() => expect(screen.queryByText('João Lima')).toBeNull());
    expect(screen.getByText('Maria Souza')).toBeTruthy();
    expect(calls.find((call) => call.path === '/conversations/search')?.body).toMatchObject({
      parameter: 'name',
      value: 'mar',
      origin: 'general',
    });

    await user.click(screen.getAllByRole('button', { name: 'Limpar pesquisa' })[0] as HTMLElement);
    expect(await screen.findByText('João Lima')).toBeTruthy();
  });

  it('within pending schedules it uses the has_pending_schedule call', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderColumn();
    await screen.findByText('Maria Souza');
    await user.selectOptions(screen.getByLabelText('Lista'), 'Agendamentos pendentes');
    await user.selectOptions(screen.getByLabelText('Pesquisar por'), 'Protocolo');
    await user.type(screen.getByLabelText('Termo de pesquisa'), '2026{Enter}');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/conversations/search/has_pending_schedule')?.body).toEqual({
        parameter: 'protocol',
        value: '2026',
        limit: 100,
      }),
    );
  });
});

describe('views', () => {
  it('shows the waiting queue with its count, and the recent and pinned contacts', async () => {
    api();
    const user = userEvent.setup();
    renderColumn();
    await screen.findByText('Maria Souza');

    await user.click(screen.getByText('Fila'));
    const queue = await screen.findByTestId('waiting-queue');
    expect(within(queue).getByText('Aguardando: 1')).toBeTruthy();
    expect(within(queue).getByText('João Lima')).toBeTruthy();

    useRecentContacts
      .getState()
      .visit({ id: maria.id, name: 'Maria Souza', channel: 'whatsapp', opened_at: '' });
    useRecentContacts.getState().visit({ id: joao.id, name: 'João Lima', channel: 'email', opened_at: '' });
    await user.click(screen.getByText('Recentes'));
    const names = (testId: string) =>
      screen.queryAllByTestId(testId).map((row) => within(row).getByText(/Lima|Souza/).textContent);
    expect(names('recent-contact')).toEqual(['João Lima', 'Maria Souza']);
    await user.click(screen.getByRole('button', { name: 'Fixar Maria Souza' }));
    expect(names('pinned-contact')).toEqual(['Maria Souza']);
    expect(names('recent-contact')).toEqual(['João Lima']);
    await user.click(screen.getByRole('button', { name: 'Desafixar Maria Souza' }));
    expect(names('pinned-contact')).toEqual([]);
    expect(names('recent-contact')).toEqual(['Maria Souza', 'João Lima']);
  });
});

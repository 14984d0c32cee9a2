// The contact column's message search against a stubbed API: the "Mensagens" parameter searches every
// conversation, shows who, when (the user's time zone), the channel and the matching words, pages on, and
// opens the conversation carrying the message to show.
import type { CompanyMessageSearchResult, MessageSearchHit } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ME, page } from '../../test/contacts.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { foundMessageOf } from '../../lib/found-message.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ContactColumn } from './ContactColumn.tsx';
import { DEFAULT_LIST } from '../contacts/contact-queries.ts';
import { excerptAround } from '../contacts/message-search.ts';
import { useListSettings } from '../contacts/list-settings.ts';

const hit = (n: number, overrides: Partial<MessageSearchHit> = {}): MessageSearchHit => ({
  id: `01a201b8-77c6-726a-8fd7-da45649e4${String(n).padStart(3, '0')}`,
  contact: { id: `01a201b8-77c6-726a-8fd7-da45649e5${String(n).padStart(3, '0')}`, name: `Cliente ${n}` },
  channel: { id: null, type: 'whatsapp' },
  direction: 'in',
  text: `Mensagem ${n} sobre o pagamento`,
  subject: null,
  created_at: `2026-11-20T13:${String(10 + n).padStart(2, '0')}:00.000Z`,
  ...overrides,
});

const ana = hit(1, {
  contact: { id: '01a201b8-77c6-726a-8fd7-da45649e5aaa', name: 'Ana Souza' },
  channel: { id: null, type: 'email' },
  text: 'A AÇÃO de cobrança foi registrada',
  created_at: '2026-11-20T13:05:00.000Z',
});

function renderColumn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <ContactColumn /> }], {
    initialEntries: ['/painel'],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router };
}

/** The API: the contact list, and two pages of message matches; records the search query strings. */
function api() {
  const searches: URLSearchParams[] = [];
  const stub = stubApi({
    'GET /contacts': { body: page([]) },
    'GET /conversations/waiting': { body: { count: 0, data: [] } },
    'GET /messages/search': () => {
      const query = searches.at(-1)!;
      const body: CompanyMessageSearchResult = query.get('before_id')
        ? { data: [hit(3)], has_more: false }
        : { data: [hit(2), ana], has_more: true };
      return { body };
    },
  });
  const original = stub.fetchStub.getMockImplementation()!;
  stub.fetchStub.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/messages/search') searches.push(url.searchParams);
    return original(input, init);
  });
  return { searches };
}

beforeEach(async () => {
  await loadConsoleTexts();
  useSessionStore.getState().authenticate('token', demoUser({ id: ME }));
  useListSettings.setState({ view: 'contacts', list: DEFAULT_LIST, search: null });
});

describe('message search across conversations', () => {
  it('finds messages by the "Mensagens" parameter, pages on, and opens the conversation at the message', async () => {
    const { searches } = api();
    const user = userEvent.setup();
    const { router } = renderColumn();

    await user.selectOptions(screen.getByLabelText('Pesquisar por'), 'Mensagens');
    await user.type(screen.getByLabelText('Termo de pesquisa'), 'ac{Enter}');
    expect(await screen.findByText('O termo de pesquisa deve conter 3 caractéres ou mais.')).toBeTruthy();
    expect(searches).toEqual([]);

    await user.type(screen.getByLabelText('Termo de pesquisa'), 'ao{Enter}');
    const results = await screen.findByRole('list', { name: 'Mensagens encontradas em todas as conversas' });
    expect(searches[0]?.get('term')).toBe('acao');
    const first = within(results).getAllByTestId('message-search-hit');
    expect(first).toHaveLength(2);
    const card = within(first[1]!);
    expect(card.getByText('Ana Souza')).toBeTruthy();
    expect(card.getByRole('img', { name: 'E-mail' })).toBeTruthy();
    // 13:05 UTC is 10:05 in São Paulo, the user's time zone.
    expect(card.getByText(/10:05/)).toBeTruthy();
    expect(first[1]!.querySelector('mark')?.textContent).toBe('AÇÃO');

    await user.click(screen.getByRole('button', { name: 'Carregar mais mensagens' }));
    await waitFor(() => expect(within(results).getAllByTestId('message-search-hit')).toHaveLength(3));
    expect(Object.fromEntries(searches[1] ?? [])).toEqual({
      term: 'acao',
      before_created_at: ana.created_at,
      before_id: ana.id,
    });
    expect(screen.queryByRole('button', { name: 'Carregar mais mensagens' })).toBeNull();

    await user.click(first[1]!);
    expect(router.state.location.pathname).toBe(`/painel/conversa/${ana.contact.id}`);
    expect(foundMessageOf(router.state.location.state)).toEqual({ messageId: ana.id, term: 'acao' });
  });

  it('shows the piece of a long text around the match', () => {
    const text = `${'início '.repeat(30)}o boleto venceu${' fim'.repeat(40)}`;
    const excerpt = excerptAround(text, 'BOLETO', 20);
    expect(excerpt).toMatch(/^….*boleto venceu.*…$/);
    expect(excerpt.length).toBeLessThan(60);
    expect(excerptAround('Curto e com boleto', 'boleto')).toBe('Curto e com boleto');
  });
});

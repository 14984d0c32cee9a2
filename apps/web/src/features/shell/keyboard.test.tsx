// The keyboard layer beside the contact column: `?` lists what is registered (translated, with its keys),
// Ctrl+K opens the palette with the registered actions and the contacts the search finds, `/` focuses the
// contact search, and the contact list is one Tab stop walked with the arrow keys (roving tabindex over the
// virtualised rows).
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ME, page, summary } from '../../test/contacts.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { DEFAULT_LIST } from '../contacts/contact-queries.ts';
import { useListSettings } from '../contacts/list-settings.ts';
import { EMPTY_HISTORY, useRecentContacts } from '../contacts/recent-contacts.ts';
import { ContactColumn } from './ContactColumn.tsx';
import { KeyboardLayer } from '../keyboard/KeyboardLayer.tsx';

const rows = [
  summary({ name: 'Ana Prado' }),
  summary({ name: 'Bruno Reis' }),
  summary({ name: 'Carla Dias' }),
];
const marta = summary({ name: 'Marta Nunes' });

function renderConsole() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <KeyboardLayer />
            <ContactColumn />
          </>
        ),
      },
    ],
    { initialEntries: ['/painel'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 77 }}>
          <RouterProvider router={router} />
        </VirtuosoMockContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router };
}

const tabbable = () =>
  screen.getAllByTestId('contact-row').filter((row) => row.getAttribute('tabindex') === '0');

beforeEach(async () => {
  await loadConsoleTexts();
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  useSessionStore.getState().authenticate('token', demoUser({ id: ME }));
  useListSettings.setState({ view: 'contacts', list: DEFAULT_LIST, search: null });
  useRecentContacts.setState({ userId: ME, ...EMPTY_HISTORY });
  stubApi({
    'GET /contacts': { body: page(rows) },
    'GET /conversations/waiting': { body: { count: 0, data: [] } },
    'POST /conversations/search': (call) => ({
      body: page((call.body as { value: string }).value === 'Mar' ? [marta] : []),
    }),
  });
});

describe('help dialog', () => {
  it('`?` lists every registered shortcut with its translated label and keys', async () => {
    const user = userEvent.setup();
    renderConsole();
    await screen.findByText('Ana Prado');
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos de teclado' });
    const table = within(dialog).getByTestId('shortcuts-help');
    const rowOf = (label: string) => within(table).getByText(label).closest('tr') as HTMLElement;
    expect(within(rowOf('Pesquisar contatos')).getByText('/')).toBeTruthy();
    expect(within(rowOf('Próxima conversa da lista')).getAllByText(/Alt|↓/)).toHaveLength(2);
    expect(within(rowOf('Abrir a paleta de comandos')).getByText('K')).toBeTruthy();
    expect(within(rowOf('Mostrar os atalhos de teclado')).getByText('?')).toBeTruthy();
    expect(within(dialog).getByText(/uma só parada do Tab/)).toBeTruthy();
  });

  it('`/` typed in the search field stays a slash; outside a field it focuses the search', async () => {
    const user = userEvent.setup();
    renderConsole();
    await screen.findByText('Ana Prado');
    await user.keyboard('/');
    const search = screen.getByLabelText('Termo de pesquisa');
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/');
    await user.keyboard('a/b?');
    expect((search as HTMLInputElement).value).toBe('a/b?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('command palette', () => {
  it('Ctrl+K reaches the registered actions and, after a pause in typing, the contacts found', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole();
    await screen.findByText('Ana Prado');
    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByTestId('command-palette-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const palette = screen.getByTestId('command-palette');
    expect(within(palette).getByText('Pesquisar contatos')).toBeTruthy();
    // The palette's own shortcut is not an action in it.
    expect(within(palette).queryByText('Abrir a paleta de comandos')).toBeNull();

    await user.type(input, 'Mar');
    const contact = await screen.findByTestId('command-palette-contact', {}, { timeout: 3_000 });
    expect(contact.textContent).toContain('Marta Nunes');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/painel/conversa/${marta.id}`));
  });
});

describe("command palette: the contact list's actions", () => {
  const labels = { selector: '.mantine-Spotlight-actionLabel' };
  async function openPalette() {
    const user = userEvent.setup();
    renderConsole();
    await screen.findByText('Ana Prado');
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByTestId('command-palette');
    await within(palette).findAllByText(/./, labels);
    const entries = () =>
      within(palette)
        .queryAllByText(/./, labels)
        .map((label) => label.textContent);
    return { user, palette, entries };
  }

  it.each([
    ['Filtrar a lista de contatos', () => screen.findByTestId('filters-popover')],
    ['Abrir as visualizações salvas', () => screen.findByTestId('views-popover')],
    ['Novo contato', () => screen.findByRole('dialog', { name: 'Novo contato' })],
  ])('“%s” opens what its button opens', async (label, opened) => {
    stubApi({
      'GET /contacts': { body: page(rows) },
      'GET /conversations/waiting': { body: { count: 0, data: [] } },
      'GET /views': { body: { data: [] } },
    });
    const { user, palette } = await openPalette();
    await user.click(within(palette).getByText(label));
    expect(await opened()).toBeTruthy();
  });

  it('leaves out a new contact for who may not create contacts', async () => {
    useSessionStore
      .getState()
      .authenticate(
        'token',
        demoUser({ id: ME, permissions: { ...demoUser().permissions, create_contacts: false } }),
      );
    const { entries } = await openPalette();
    expect(entries()).toContain('Filtrar a lista de contatos');
    expect(entries()).not.toContain('Novo contato');
  });
});

describe('contact list keyboard', () => {
  it('is one Tab stop; the arrows, Home and End move the focus between rows', async () => {
    const user = userEvent.setup();
    renderConsole();
    await screen.findByText('Ana Prado');
    expect(tabbable()).toHaveLength(1);
    expect(tabbable()[0]?.textContent).toContain('Ana Prado');
    // The scroller is not a Tab stop of its own.
    expect(screen.getByTestId('contact-list').getAttribute('tabindex')).toBe('-1');

    tabbable()[0]?.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Bruno Reis'));
    expect(tabbable().map((row) => row.textContent)).toEqual([expect.stringContaining('Bruno Reis')]);
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Carla Dias'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Carla Dias');
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Ana Prado'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('Ana Prado');
  });

  it('Alt+↓ and Alt+↑ open the next and previous conversation of the list', async () => {
    const user = userEvent.setup();
    const { router } = renderConsole();
    await screen.findByText('Ana Prado');
    const path = (index: number) => `/painel/conversa/${rows[index]?.id}`;
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe(path(0)));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe(path(1)));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe(path(0)));
  });
});

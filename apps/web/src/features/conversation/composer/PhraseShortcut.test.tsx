// The `/` shortcut in the message footer: typing `/` and some letters lists the matching phrases; Enter inserts
// the active one with the customer's and attendant's names filled in, instead of sending; Escape closes.
import type { Phrase } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { contactOf, summary } from '../../../test/contacts.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { channel } from '../../../test/messages.ts';
import { contactKeys } from '../../../lib/contact-keys.ts';
import { Composer, type ComposerProps } from './Composer.tsx';
import { phrasesQuery } from '../../../lib/catalogues.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { usePhraseInsertion } from '../../phrases/phrase-insertion.ts';

const phrase = (id: string, text: string): Phrase => ({
  id,
  text,
  author_id: null,
  editable: true,
  scope: 'own',
  title: null,
});
const contact = contactOf(summary({ name: 'Maria da Silva' }));

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ name: 'Juliana Souza' }), token: 'token' });
  stubApi({ [`GET /conversation/${contact.id}`]: { body: contact } });
});

function renderFooter() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(phrasesQuery.queryKey, {
    data: [
      phrase('p1', 'Olá {{first_name}}, aqui é {{attendant}}.'),
      phrase('p2', 'Boa tarde!'),
      {
        ...phrase('p3', 'Nossa chave Pix é o CNPJ, {{first_name}}.'),
        editable: false,
        scope: 'company',
        title: 'Pagamento via Pix',
      },
    ],
  });
  client.setQueryData(contactKeys.detail(contact.id), contact);
  const onSend = vi.fn<ComposerProps['onSend']>().mockResolvedValue(undefined);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/painel/conversa/${contact.id}`]}>
          <Routes>
            <Route
              path="/painel/conversa/:contactId"
              element={
                <Composer
                  contactId="c1"
                  channels={[channel()]}
                  channelId={channel().id}
                  onChannelChange={() => undefined}
                  onSend={onSend}
                />
              }
            />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onSend, text: screen.getByTestId<HTMLTextAreaElement>('composer-text') };
}

describe('the / shortcut', () => {
  it('filters phrases as the user types and inserts the chosen one with Enter, filled', async () => {
    const { onSend, text } = renderFooter();
    await userEvent.type(text, 'Oi /ol');
    const options = await screen.findAllByTestId('phrase-option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Olá {{first_name}}, aqui é {{attendant}}.',
    ]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(text.value).toBe('Oi Olá Maria, aqui é Juliana Souza.'));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId('phrase-shortcut')).toBeNull();
  });

  it('chooses with the arrows, inserts on click, and closes with Escape', async () => {
    const { text } = renderFooter();
    await userEvent.type(text, '/');
    expect(await screen.findAllByTestId('phrase-option')).toHaveLength(3);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByTestId('phrase-option')[1]?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('phrase-shortcut')).toBeNull();
    await userEvent.type(text, ' /boa');
    await userEvent.click(await screen.findByText('Boa tarde!'));
    await waitFor(() => expect(text.value).toBe('/ Boa tarde!'));
  });

  it('offers the company’s phrases too, marked, found by their title, and inserts their text', async () => {
    const { text } = renderFooter();
    await userEvent.type(text, '/pix');
    const [option] = await screen.findAllByTestId('phrase-option');
    expect(within(option!).getByText('Pagamento via Pix')).toBeTruthy();
    expect(within(option!).getByTestId('phrase-company').textContent).toBe('da empresa');
    expect(screen.getAllByTestId('phrase-option')).toHaveLength(1);
    await userEvent.keyboard('{Tab}');
    await waitFor(() => expect(text.value).toBe('Nossa chave Pix é o CNPJ, Maria.'));
  });

  it('takes a phrase picked on the phrases page for this conversation', async () => {
    usePhraseInsertion.getState().request(contact.id, 'Bom dia, Maria!');
    const { text } = renderFooter();
    await waitFor(() => expect(text.value).toBe('Bom dia, Maria!'));
    expect(usePhraseInsertion.getState().pending).toBeNull();
  });
});

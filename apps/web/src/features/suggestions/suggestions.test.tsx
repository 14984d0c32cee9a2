// The wishlist page: the filter (with counts) asks the server for its status, a vote is sent once and the
// card then offers no vote, a refused vote is said on the card, an anonymous suggestion shows no name, the
// create modal checks its fields before any call, and a colleague's change (suggestion.changed) refetches.
import type { Suggestion, SuggestionPage } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { demoUser, stubApi, type ApiCall } from '../../test/fixtures.ts';
import { SuggestionsPage } from './SuggestionsPage.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});
afterEach(() => disconnectFakeSocket());

const id = (n: number) => `01a201b8-7760-71e4-bcfb-5e5b0d8710${String(n).padStart(2, '0')}`;
const suggestion = (overrides: Partial<Suggestion> = {}): Suggestion => ({
  id: id(1),
  title: 'Atalho para encerrar',
  body: 'Um atalho de teclado.',
  anonymous: false,
  status: 'in_vote',
  votes: { yes: 2, no: 1 },
  my_vote: null,
  sender: { id: id(9), name: 'Ricardo Alves' },
  mine: false,
  answer: null,
  answered_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  ...overrides,
});
const COUNTS = { in_vote: 2, approved: 1, disapproved: 0, pending: 0, implemented: 0 };
const pageOf = (data: Suggestion[]): { body: SuggestionPage } => ({
  body: { data, total: data.length, counts: COUNTS },
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SuggestionsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SuggestionsPage', () => {
  it('filters by status with the counts, asking the server for that status', async () => {
    const { calls } = stubApi({
      'GET /suggestions': (call: ApiCall) =>
        pageOf(
          call.query.status === 'approved'
            ? [
                suggestion({
                  id: id(2),
                  title: 'Ideia aprovada',
                  status: 'approved',
                  answer: 'Sim, faremos.',
                }),
              ]
            : [suggestion()],
        ),
    });
    renderPage();
    await screen.findByText('Atalho para encerrar');
    expect(screen.getByText('Todas (3)')).toBeTruthy();
    expect(screen.getByText('Em votação (2)')).toBeTruthy();
    expect(screen.getByText('Reprovadas (0)')).toBeTruthy();
    expect(screen.queryByText(/Implementadas/)).toBeNull();
    await userEvent.click(screen.getByText('Aprovadas (1)'));
    await screen.findByText('Ideia aprovada');
    // The administrators' answer is shown to every reader.
    expect(screen.getByText('Sim, faremos.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/suggestions').map((call) => call.query.status)).toEqual([
      'all',
      'approved',
    ]);
  });

  it('votes once: the vote is sent, the card shows it and offers no other vote', async () => {
    let voted = false;
    const { calls } = stubApi({
      'GET /suggestions': () =>
        pageOf([voted ? suggestion({ votes: { yes: 3, no: 1 }, my_vote: 'yes' }) : suggestion()]),
      [`POST /suggestions/${id(1)}/vote`]: () => {
        voted = true;
        return { body: suggestion({ votes: { yes: 3, no: 1 }, my_vote: 'yes' }) };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sim · 2: votar sim' }));
    await screen.findByText('Você já votou');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ vote: 'yes' });
    const yes = screen.getByTestId('suggestion-vote-yes');
    expect(yes.textContent).toContain('Sim · 3');
    expect(yes.getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('suggestion-vote-no') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why a vote was refused on the card', async () => {
    stubApi({
      'GET /suggestions': pageOf([suggestion()]),
      [`POST /suggestions/${id(1)}/vote`]: {
        status: 409,
        body: {
          code: 'suggestion_already_voted',
          message: 'Você já votou nesta sugestão: o voto não pode ser alterado.',
        },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('suggestion-vote-no'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Você já votou nesta sugestão: o voto não pode ser alterado.',
    );
  });

  it('shows no name on an anonymous suggestion, and tells its sender it is anonymous', async () => {
    stubApi({
      'GET /suggestions': pageOf([
        suggestion({ id: id(3), title: 'De alguém', anonymous: true, sender: null }),
        suggestion({
          id: id(4),
          title: 'Minha',
          anonymous: true,
          mine: true,
          sender: { id: id(8), name: 'Juliana Souza' },
        }),
      ]),
    });
    renderPage();
    const cards = await screen.findAllByTestId('suggestion-card');
    expect(within(cards[0]!).getByText(/^Sugestão anônima, enviada em/)).toBeTruthy();
    expect(within(cards[1]!).getByText(/anonimamente/).textContent).toContain('os colegas não veem seu nome');
  });

  it('refuses an empty suggestion before any call, then sends title, text and the anonymous flag', async () => {
    const { calls } = stubApi({
      'GET /suggestions': pageOf([]),
      'POST /suggestions': { status: 201, body: suggestion({ title: 'Nova ideia' }) },
    });
    renderPage();
    await screen.findByText('Nenhuma sugestão ainda. Seja o primeiro a sugerir!');
    await userEvent.click(screen.getByTestId('suggestion-new'));
    await userEvent.click(await screen.findByTestId('suggestion-submit'));
    expect(await screen.findByText('Informe o título da sugestão.')).toBeTruthy();
    expect(screen.getByText('Descreva a sua sugestão.')).toBeTruthy();
    await userEvent.type(screen.getByTestId('suggestion-title'), '   ');
    await userEvent.type(screen.getByTestId('suggestion-body'), 'Texto');
    await userEvent.click(screen.getByTestId('suggestion-submit'));
    expect(screen.getByText('Informe o título da sugestão.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByTestId('suggestion-title'), 'Nova ideia');
    await userEvent.click(screen.getByTestId('suggestion-anonymous'));
    await userEvent.click(screen.getByTestId('suggestion-submit'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Nova ideia',
      body: 'Texto',
      anonymous: true,
    });
  });

  it('refetches when a colleague changes a suggestion', async () => {
    const socket = connectFakeSocket();
    let votes = 0;
    stubApi({ 'GET /suggestions': () => pageOf([suggestion({ votes: { yes: votes, no: 0 } })]) });
    renderPage();
    await screen.findByText('Sim · 0');
    votes = 1;
    socket.fire('suggestion.changed', { id: id(1), updated_at: '2026-11-20T12:01:00.000Z' });
    await screen.findByText('Sim · 1');
  });
});

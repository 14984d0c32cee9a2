// The Center's wishlist moderation: every status offered as a filter, and an answer with a new status sent for
// the suggestion (an emptied answer as none).
import type { Suggestion } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { SuggestionModerationPage } from './SuggestionModerationPage.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({
    user: demoUser({ role: 'admin', username: 'admin', abilities: ['center.open', 'suggestions.moderate'] }),
    token: 'token',
  });
});

const suggestion: Suggestion = {
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
  title: 'Resumo do dia',
  body: 'Ao sair, mostrar o resumo.',
  anonymous: true,
  status: 'in_vote',
  votes: { yes: 1, no: 0 },
  my_vote: null,
  sender: null,
  mine: false,
  answer: 'Resposta antiga',
  answered_at: '2026-11-20T12:00:00.000Z',
  created_at: '2026-11-20T12:00:00.000Z',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SuggestionModerationPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SuggestionModerationPage', () => {
  it('offers every status and sends the new status with the answer', async () => {
    const counts = { in_vote: 1, approved: 0, disapproved: 0, pending: 0, implemented: 0 };
    const { calls } = stubApi({
      'GET /suggestions': { body: { data: [suggestion], total: 1, counts } },
      [`PUT /center/suggestions/${suggestion.id}`]: {
        body: { ...suggestion, status: 'pending', answer: null },
      },
    });
    renderPage();
    await screen.findByText('Resumo do dia');
    const filter = screen.getByTestId('moderation-filter');
    for (const label of ['Todas (1)', 'Em votação (1)', 'Pendentes (0)', 'Implementadas (0)']) {
      expect(within(filter).getByText(label)).toBeTruthy();
    }
    expect(calls[0]?.query.status).toBe('in_vote');
    // Moderating shows no vote buttons to press.
    expect((screen.getByTestId('suggestion-vote-yes') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByTestId('suggestion-moderate'));
    const answer = await screen.findByTestId('moderate-answer');
    expect((answer as HTMLTextAreaElement).value).toBe('Resposta antiga');
    await userEvent.clear(answer);
    await userEvent.type(answer, '   ');
    await userEvent.click(screen.getByTestId('moderate-status'));
    // Hidden: jsdom never ends the dropdown's opening transition.
    await userEvent.click(await screen.findByRole('option', { name: 'Pendente', hidden: true }));
    await userEvent.click(screen.getByTestId('moderate-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'pending', answer: null });
  }, 30_000);
});

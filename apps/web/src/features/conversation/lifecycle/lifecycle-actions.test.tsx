// The resolve menu's outcomes: only the event actions it can record with nothing else (an action whose events
// need a value or an annotation, as the Center set, is registered from the events page).
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { contactOf, summary } from '../../../test/contacts.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { LifecycleActions } from './LifecycleActions.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const action = (name: string, amount: 'none' | 'optional' | 'required', annotation_required: boolean) => ({
  id: crypto.randomUUID(),
  name,
  amount,
  annotation_required,
});

describe('resolve with an outcome', () => {
  it('offers only the actions that need neither a value nor an annotation', async () => {
    stubApi({
      'GET /events/actions': {
        body: {
          data: [
            action('Sem interesse', 'none', false),
            action('Dúvida esclarecida', 'optional', false),
            action('Venda realizada', 'required', false),
            action('Reclamação registrada', 'optional', true),
          ],
        },
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <LifecycleActions contact={contactOf(summary())} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await userEvent.click(await screen.findByTestId('resolve-outcomes'));
    const offered = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(offered).toContain('Sem interesse');
    expect(offered).toContain('Dúvida esclarecida');
    expect(offered).not.toContain('Venda realizada');
    expect(offered).not.toContain('Reclamação registrada');
  });
});

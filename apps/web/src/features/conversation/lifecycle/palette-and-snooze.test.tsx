// The conversation's actions from the command palette (each while it applies and the user may: snooze presets
// and a chosen time, reopen, return to the queue, the side pages), run as the header's buttons run them; and
// the snooze menu's "choose date and time…" dialog, in the interface language, refusing a past time.
import type { Contact, User } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { fromWallTime, toWallTime } from '../../../lib/wall-time.ts';
import { COLLEAGUE, contactOf, ME, summary } from '../../../test/contacts.ts';
import { demoUser, stubApi, type ApiCall } from '../../../test/fixtures.ts';
import { KeyboardLayer } from '../../keyboard/KeyboardLayer.tsx';
import { usePageActions } from '../side-panel/use-page-actions.ts';
import { LifecycleActions } from './LifecycleActions.tsx';

const ZONE = 'America/Sao_Paulo';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

function EventsPageActions() {
  const { contactId = '' } = useParams();
  usePageActions(contactId, 'events');
  return null;
}

function renderConversation(contact: Contact, user: User = demoUser({ id: ME })) {
  useSessionStore.setState({ user, token: 'token' });
  const api = stubApi({
    'GET /events/actions': { body: { data: [] } },
    [`POST /conversation/${contact.id}/snooze`]: (call) => ({
      body: { ...contact, status: 'snoozed', snoozed_until: (call.body as { until: string }).until },
    }),
    [`POST /conversation/${contact.id}/reopen`]: { body: { ...contact, status: 'open' } },
    [`POST /conversation/${contact.id}/assign`]: { body: { ...contact, responsible: null, on_queue: true } },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/painel/conversa/:contactId/*',
        element: (
          <>
            <KeyboardLayer />
            <LifecycleActions contact={contact} />
            <EventsPageActions />
          </>
        ),
      },
    ],
    { initialEntries: [`/painel/conversa/${contact.id}/eventos`] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...api, router };
}

async function openPalette() {
  const user = userEvent.setup();
  await screen.findByTestId('lifecycle-actions');
  await user.keyboard('{Control>}k{/Control}');
  const palette = await screen.findByTestId('command-palette');
  const labels = { selector: '.mantine-Spotlight-actionLabel' };
  await within(palette).findAllByText(/./, labels);
  const entries = () =>
    within(palette)
      .queryAllByText(/./, labels)
      .map((label) => label.textContent);
  return { user, palette, entries };
}

const called = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('the conversation in the command palette', () => {
  it('offers the snooze presets, a chosen time and the return to the queue of an open one of mine, and runs them', async () => {
    const contact = contactOf(summary({ responsible: { id: ME, name: 'Juliana Souza' } }));
    const { calls } = renderConversation(contact);
    const { user, palette, entries } = await openPalette();
    expect(entries()).toEqual(
      expect.arrayContaining([
        'Adiar por 1 hora',
        'Adiar por 3 horas',
        'Adiar até amanhã às 9h',
        'Adiar até uma data e hora…',
        'Devolver a conversa à fila',
      ]),
    );
    expect(entries()).not.toContain('Reabrir a conversa');

    const before = Date.now();
    await user.click(within(palette).getByText('Adiar por 1 hora'));
    await waitFor(() => expect(called(calls, `/conversation/${contact.id}/snooze`)).toHaveLength(1));
    const until = Date.parse(
      (called(calls, `/conversation/${contact.id}/snooze`)[0]!.body as { until: string }).until,
    );
    expect(until - before).toBeGreaterThanOrEqual(3_600_000 - 1_000);
    expect(until - before).toBeLessThan(3_600_000 + 60_000);
  });

  it('returns it to the queue as the assign dialog does', async () => {
    const contact = contactOf(summary({ responsible: { id: ME, name: 'Juliana Souza' } }));
    const { calls } = renderConversation(contact);
    const { user, palette } = await openPalette();
    await user.click(within(palette).getByText('Devolver a conversa à fila'));
    await waitFor(() =>
      expect(called(calls, `/conversation/${contact.id}/assign`).map((call) => call.body)).toEqual([
        { responsible_id: null },
      ]),
    );
  });

  it('opens the dialog of a chosen time', async () => {
    renderConversation(contactOf(summary({ responsible: { id: ME, name: 'Juliana Souza' } })));
    const { user, palette } = await openPalette();
    await user.click(within(palette).getByText('Adiar até uma data e hora…'));
    expect(await screen.findByTestId('snooze-custom-form')).toBeTruthy();
  });

  it('offers to reopen a resolved one (and no snooze), and reopens it', async () => {
    const contact = contactOf(
      summary({ responsible: { id: ME, name: 'Juliana Souza' }, status: 'resolved' }),
    );
    const { calls } = renderConversation(contact);
    const { user, palette, entries } = await openPalette();
    expect(entries()).toContain('Reabrir a conversa');
    expect(entries().filter((entry) => entry?.startsWith('Adiar'))).toEqual([]);
    await user.click(within(palette).getByText('Reabrir a conversa'));
    await waitFor(() => expect(called(calls, `/conversation/${contact.id}/reopen`)).toHaveLength(1));
  });

  it('leaves out the return to the queue for who may not (an attendant on a colleague’s conversation)', async () => {
    const contact = contactOf(summary({ responsible: { id: COLLEAGUE, name: 'Pedro' } }));
    renderConversation(contact);
    const { entries } = await openPalette();
    expect(entries()).toContain('Adiar por 1 hora');
    expect(entries()).not.toContain('Devolver a conversa à fila');
  });

  it('opens each side page but the one on screen, as its tab does', async () => {
    const contact = contactOf(summary({ responsible: { id: ME, name: 'Juliana Souza' } }));
    const { router } = renderConversation(contact);
    const { user, palette, entries } = await openPalette();
    expect(entries()).toEqual(
      expect.arrayContaining(['Abrir os dados do cliente', 'Abrir a campanha', 'Abrir as frases prontas']),
    );
    expect(entries()).not.toContain('Abrir os eventos');
    await user.click(within(palette).getByText('Abrir os dados do cliente'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/painel/conversa/${contact.id}/informacoes`),
    );
  });
});

describe('snooze until a chosen date and time', () => {
  const day = (offsetDays: number) => toWallTime(Date.now() + offsetDays * 86_400_000, ZONE).slice(0, 10);
  const shown = (isoDay: string) => isoDay.split('-').reverse().join('/');

  it('offers a date-time field in the interface language and refuses a past time', async () => {
    const contact = contactOf(summary({ responsible: { id: ME, name: 'Juliana Souza' } }));
    const { calls } = renderConversation(contact);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('snooze'));
    await user.click(await screen.findByTestId('snooze-custom'));
    const date = await screen.findByTestId<HTMLInputElement>('snooze-custom-when-date');
    // Starts tomorrow at 9, written the pt_br way.
    expect(date.value).toBe(shown(day(1)));
    expect(screen.getByTestId<HTMLInputElement>('snooze-custom-when-hours').value).toBe('09');

    await user.clear(date);
    await user.type(date, shown(day(-1)));
    await user.click(screen.getByTestId('snooze-custom-submit'));
    expect(await screen.findByText('A hora deve ser no futuro.')).toBeTruthy();
    expect(called(calls, `/conversation/${contact.id}/snooze`)).toEqual([]);

    await user.clear(date);
    await user.type(date, shown(day(2)));
    await user.click(screen.getByTestId('snooze-custom-submit'));
    await waitFor(() => expect(called(calls, `/conversation/${contact.id}/snooze`)).toHaveLength(1));
    expect(called(calls, `/conversation/${contact.id}/snooze`)[0]!.body).toEqual({
      until: fromWallTime(`${day(2)}T09:00`, ZONE)!.toISOString(),
    });
    await waitFor(() => expect(screen.queryByTestId('snooze-custom-form')).toBeNull());
  });
});

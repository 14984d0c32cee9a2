// The Center's catalogues page: the entry form's checks and what it sends per catalogue, a taken name shown
// on its field, moving and archiving, supervisors reading without buttons and attendants told without a call.
import type { CatalogueEntry } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { CataloguesPage } from './CataloguesPage.tsx';
import { checkEntry, entryForm, entryInput } from './entry-form.ts';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

function wrap(children: ReactNode, url = '/center/catalogues') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/center/catalogues', element: children }], {
    initialEntries: [url],
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const STAMP = '2026-11-01T12:00:00.000Z';
const entry = (position: number, name: string, overrides: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  id: `01a201b8-7760-71e4-bcfb-5e5b0d87100${position}`,
  name,
  position,
  archived_at: null,
  max_minutes: null,
  amount: null,
  annotation_required: null,
  text: null,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});
const reasons = [entry(0, 'Almoço', { max_minutes: 60 }), entry(1, 'Café'), entry(2, 'Reunião')];
const page = (data: CatalogueEntry[]) => ({ status: 200, body: { data, total: data.length } });
const rowOf = async (name: string) =>
  (await screen.findAllByTestId('catalogue-row')).find((row) => row.dataset.name === name)!;

describe('catalogue entry form rules', () => {
  it('requires a name of at most 120 characters and whole minutes within the bound', () => {
    const form = entryForm(null);
    expect(checkEntry('wallets', form)).toEqual({ name: { key: 'centerChannels.problems.required' } });
    expect(checkEntry('wallets', { ...form, name: 'x'.repeat(121) })).toEqual({
      name: { key: 'centerChannels.problems.tooLong', values: { max: 120 } },
    });
    for (const minutes of [0, 1441, 2.5]) {
      expect(checkEntry('pause_reasons', { ...form, name: 'Pausa', max_minutes: minutes })).toEqual({
        max_minutes: { key: 'centerCatalogues.problems.maxMinutes', values: { max: 1440 } },
      });
    }
    expect(checkEntry('pause_reasons', { ...form, name: 'Pausa', max_minutes: 30 })).toEqual({});
  });

  it('sends the fields of its catalogue only', () => {
    const form = {
      name: ' Venda ',
      max_minutes: 10,
      amount: 'required',
      annotation_required: true,
      text: ' Olá! ',
    } as const;
    expect(entryInput('event_actions', form)).toEqual({
      name: 'Venda',
      amount: 'required',
      annotation_required: true,
    });
    expect(entryInput('pause_reasons', { ...form, max_minutes: '' })).toEqual({
      name: 'Venda',
      max_minutes: null,
    });
    expect(entryInput('jokers', form)).toEqual({ name: 'Venda' });
    expect(entryInput('phrases', form)).toEqual({ name: 'Venda', text: 'Olá!' });
  });

  it('requires a company phrase’s text, bounded', () => {
    const form = entryForm(null);
    expect(checkEntry('phrases', { ...form, name: 'Pix' })).toEqual({
      text: { key: 'centerChannels.problems.required' },
    });
    expect(checkEntry('phrases', { ...form, name: 'Pix', text: 'x'.repeat(2001) })).toEqual({
      text: { key: 'centerChannels.problems.tooLong', values: { max: 2000 } },
    });
    expect(checkEntry('phrases', { ...form, name: 'Pix', text: 'Chave: CNPJ' })).toEqual({});
    // Other catalogues have no text to check.
    expect(checkEntry('wallets', { ...form, name: 'Atacado' })).toEqual({});
  });
});

describe('catalogues page', () => {
  it('creates an event action with its rules, and shows a taken name on the field', async () => {
    const { calls } = stubApi({
      'GET /center/catalogues/event_actions': page([]),
      'POST /center/catalogues/event_actions': (call) =>
        (call.body as { name: string }).name === 'Venda'
          ? {
              status: 409,
              body: { code: 'catalogue_name_taken', message: '“Venda” já existe nesta lista.' },
            }
          : { status: 201, body: entry(0, 'Venda anual') },
    });
    wrap(<CataloguesPage />, '/center/catalogues?catalogue=event_actions');
    await userEvent.click(await screen.findByTestId('catalogue-new'));
    await userEvent.click(await screen.findByTestId('catalogue-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('catalogue-name'), 'Venda');
    await userEvent.click(screen.getByRole('radio', { name: 'Obrigatório' }));
    await userEvent.click(screen.getByTestId('catalogue-annotation-required'));
    await userEvent.click(screen.getByTestId('catalogue-save'));
    expect(await screen.findByText('“Venda” já existe nesta lista.')).toBeTruthy();
    // On the name field itself, not below the form.
    expect(screen.getByTestId('catalogue-name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Venda',
      amount: 'required',
      annotation_required: true,
    });

    await userEvent.type(screen.getByTestId('catalogue-name'), ' anual');
    await userEvent.click(screen.getByTestId('catalogue-save'));
    // The modal closes after its transition, slower on a busy machine.
    await waitFor(() => expect(screen.queryByTestId('catalogue-form')).toBeNull(), { timeout: 5_000 });
  });

  it('creates a company phrase with its title and text, and lists the text beside the title', async () => {
    const pix = entry(0, 'Pix', { text: 'Nossa chave Pix é o CNPJ.' });
    const { calls } = stubApi({
      'GET /center/catalogues/phrases': page([pix]),
      'POST /center/catalogues/phrases': { status: 201, body: entry(1, 'Prazo', { text: 'Até 3 dias.' }) },
    });
    wrap(<CataloguesPage />, '/center/catalogues?catalogue=phrases');
    expect(within(await rowOf('Pix')).getByText('Nossa chave Pix é o CNPJ.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('catalogue-new'));
    await userEvent.type(await screen.findByLabelText('Título'), 'Prazo');
    await userEvent.click(screen.getByTestId('catalogue-save'));
    // The text is required, said on its field before any call.
    expect(screen.getByTestId('catalogue-text').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('catalogue-text'), '  Até 3 dias. ');
    await userEvent.click(screen.getByTestId('catalogue-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        name: 'Prazo',
        text: 'Até 3 dias.',
      }),
    );
  });

  it('moves an entry past its neighbour and archives one after confirming', async () => {
    const { calls } = stubApi({
      'GET /center/catalogues/pause_reasons': page(reasons),
      [`POST /center/catalogues/pause_reasons/${reasons[2]!.id}/move`]: { status: 200, body: reasons[2] },
      [`POST /center/catalogues/pause_reasons/${reasons[1]!.id}/archive`]: { status: 200, body: reasons[1] },
    });
    wrap(<CataloguesPage />);
    const first = await rowOf('Almoço');
    expect(within(first).getByText('Até 60 min')).toBeTruthy();
    expect((within(first).getByTestId('catalogue-move-up') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      within(await rowOf('Reunião')).getByRole('button', { name: 'Mover “Reunião” para cima' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/move'))?.body).toEqual({ position: 1 }),
    );

    await userEvent.click(within(await rowOf('Café')).getByTestId('catalogue-archive'));
    expect(await screen.findByText('Arquivar “Café”?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(true));
  });

  it('shows supervisors the lists without any button', async () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    stubApi({ 'GET /center/catalogues/pause_reasons': page(reasons) });
    wrap(<CataloguesPage />);
    await rowOf('Almoço');
    expect(screen.queryByTestId('catalogue-new')).toBeNull();
    expect(screen.queryByTestId('catalogue-edit')).toBeNull();
    expect(screen.queryByTestId('catalogue-move-up')).toBeNull();
    expect(screen.queryByTestId('catalogue-archive')).toBeNull();
  });

  it('tells an attendant the page is not for them, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'attendant' }) });
    const { calls } = stubApi({});
    wrap(<CataloguesPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente supervisores e administradores');
    expect(calls).toHaveLength(0);
  });
});

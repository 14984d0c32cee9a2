// The Center's teams page: the form's checks and what it sends, a taken name shown on its field, archiving
// after confirming, a supervisor editing their team without choosing supervisors, attendants told without a
// call; and the contact list's team filter chip.
import type { Responsible, Team } from '@atende/contract';
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
import { filterChips } from '../../contacts/filter-chips.ts';
import { matchesFilters } from '../../contacts/contact-filters.ts';
import { checkTeam, teamForm, teamInput } from './team-form.ts';
import { TeamsPage } from './TeamsPage.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/center/teams', element: children }], {
    initialEntries: ['/center/teams'],
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
const id = (n: number) => `01a201b8-7760-71e4-bcfb-5e5b0d8710${String(n).padStart(2, '0')}`;
const person = (n: number, name: string, role: Responsible['role']): Responsible => ({
  id: id(n),
  name,
  username: name.toLowerCase(),
  role,
  avatar: null,
  online: false,
});
const ana = person(10, 'Ana Supervisora', 'supervisor');
const bia = person(11, 'Bia Atendente', 'attendant');
const caio = person(12, 'Caio Atendente', 'attendant');
const team = (overrides: Partial<Team> = {}): Team => ({
  id: id(20),
  name: 'Vendas',
  archived_at: null,
  supervisors: [{ id: ana.id, name: ana.name, role: 'supervisor' }],
  members: [{ id: bia.id, name: bia.name, role: 'attendant' }],
  segments: [{ id: id(30), name: 'Varejo' }],
  editable: true,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});
const lists = {
  'GET /responsibles': { body: { data: [ana, bia, caio] } },
  'GET /wallets': {
    body: {
      data: [
        { id: id(30), name: 'Varejo' },
        { id: id(31), name: 'VIP' },
      ],
    },
  },
};
const page = (data: Team[]) => ({ body: { data, total: data.length } });
/**
 * Opens a select and picks an option of its own list (the one the input controls; Mantine keeps the others
 * mounted, and the dropdown is still in its opening transition in jsdom, hence hidden).
 */
async function pick(testId: string, name: string) {
  const input = screen.getByTestId(testId);
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(list).findByRole('option', { name, hidden: true }));
  return list;
}
const rowOf = async (name: string) =>
  (await screen.findAllByTestId('team-row')).find((row) => row.dataset.name === name)!;

describe('team form rules', () => {
  it('requires a name of at most 120 characters and never lists a supervisor twice', () => {
    expect(checkTeam(teamForm(null))).toEqual({ name: { key: 'centerChannels.problems.required' } });
    expect(checkTeam({ ...teamForm(null), name: 'x'.repeat(121) })).toEqual({
      name: { key: 'centerChannels.problems.tooLong', values: { max: 120 } },
    });
    const form = {
      name: ' Vendas ',
      supervisor_ids: [ana.id],
      member_ids: [ana.id, bia.id],
      segment_ids: [],
    };
    expect(teamInput(form)).toEqual({
      name: 'Vendas',
      supervisor_ids: [ana.id],
      member_ids: [bia.id],
      segment_ids: [],
    });
    expect(teamForm(team())).toEqual({
      name: 'Vendas',
      supervisor_ids: [ana.id],
      member_ids: [bia.id],
      segment_ids: [id(30)],
    });
  });
});

describe('teams page', () => {
  it('lists teams with their people and segments, and searches and sorts through the server', async () => {
    const { calls } = stubApi({ 'GET /center/teams': page([team()]), ...lists });
    wrap(<TeamsPage />);
    const row = await rowOf('Vendas');
    expect(within(row).getByText('Ana Supervisora')).toBeTruthy();
    expect(within(row).getByText('Bia Atendente')).toBeTruthy();
    expect(within(row).getByText('Varejo')).toBeTruthy();
    await userEvent.type(screen.getByTestId('team-search'), 'ven');
    await userEvent.click(screen.getByRole('radio', { name: 'Nome Z–A' }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({
        search: 'ven',
        sort: 'name',
        direction: 'desc',
        offset: '0',
      }),
    );
  });

  it('creates a team with a supervisor, a member and a segment, and shows a taken name on the field', async () => {
    const { calls } = stubApi({
      'GET /center/teams': page([]),
      ...lists,
      'POST /center/teams': (call) =>
        (call.body as { name: string }).name === 'Vendas'
          ? {
              status: 409,
              body: { code: 'team_name_taken', message: '“Vendas” já existe entre as equipes.' },
            }
          : { status: 201, body: team({ name: 'Vendas Sul' }) },
    });
    wrap(<TeamsPage />);
    await userEvent.click(await screen.findByTestId('team-new'));
    await userEvent.click(await screen.findByTestId('team-save'));
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('team-name'), 'Vendas');
    await pick('team-supervisors', 'Ana Supervisora');
    const members = await pick('team-members', 'Bia Atendente');
    // A supervisor is not offered again as a plain member.
    expect(within(members).queryByRole('option', { name: 'Ana Supervisora', hidden: true })).toBeNull();
    await pick('team-segments', 'VIP');
    await userEvent.click(screen.getByTestId('team-save'));
    expect(await screen.findByText('“Vendas” já existe entre as equipes.')).toBeTruthy();
    expect(screen.getByTestId('team-name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Vendas',
      supervisor_ids: [ana.id],
      member_ids: [bia.id],
      segment_ids: [id(31)],
    });

    await userEvent.type(screen.getByTestId('team-name'), ' Sul');
    await userEvent.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(screen.queryByTestId('team-form')).toBeNull(), { timeout: 5_000 });
  });

  it('archives a team after confirming', async () => {
    const { calls } = stubApi({
      'GET /center/teams': page([team()]),
      ...lists,
      [`POST /center/teams/${id(20)}/archive`]: { body: team({ archived_at: STAMP }) },
    });
    wrap(<TeamsPage />);
    await userEvent.click(within(await rowOf('Vendas')).getByTestId('team-archive'));
    expect(await screen.findByText('Arquivar “Vendas”?')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/archive'))).toBe(true));
  });

  it('lets a supervisor edit their team but neither choose supervisors nor create or archive', async () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor', id: ana.id }) });
    const { calls } = stubApi({
      'GET /center/teams': page([team()]),
      ...lists,
      [`PUT /center/teams/${id(20)}`]: { body: team() },
    });
    wrap(<TeamsPage />);
    const row = await rowOf('Vendas');
    expect(screen.queryByTestId('team-new')).toBeNull();
    expect(within(row).queryByTestId('team-archive')).toBeNull();
    await userEvent.click(within(row).getByTestId('team-edit'));
    expect((await screen.findByTestId('team-supervisors')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Só administradores escolhem os supervisores.')).toBeTruthy();
    await pick('team-members', 'Caio Atendente');
    await userEvent.click(screen.getByTestId('team-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        name: 'Vendas',
        supervisor_ids: [ana.id],
        member_ids: [bia.id, caio.id],
        segment_ids: [id(30)],
      }),
    );
  });

  it('tells an attendant the page is not for them, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'attendant' }) });
    const { calls } = stubApi({});
    wrap(<TeamsPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente supervisores e administradores');
    expect(calls).toHaveLength(0);
  });
});

describe('the contact list’s team filter', () => {
  it('is a chip per team, and a summary cannot say whether it matches (the server decides)', () => {
    expect(filterChips({ team: [id(20), id(21)] })).toEqual([
      { name: 'team', value: id(20) },
      { name: 'team', value: id(21) },
    ]);
    const summary = { status: 'open', priority: 'low', critical: false, responsible: null } as Parameters<
      typeof matchesFilters
    >[0];
    expect(matchesFilters(summary, { team: [id(20)] })).toBe('unknown');
    expect(matchesFilters(summary, { team: [id(20)], critical: true })).toBe(false);
  });
});

// The Center's users page: the form's flags (role defaults, overrides kept only while they differ), what it
// sends, a taken username on its field, the temporary password shown once after an invitation and a reset,
// supervisors reading without buttons, attendants told without a call.
import { defaultPermissions, type CenterUser } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { CenterUsersPage } from '../CenterUsersPage.tsx';
import { createInput, flagValue, userForm, withFlag, withRole } from './user-form.ts';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

function wrap() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CenterUsersPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const STAMP = '2026-11-01T12:00:00.000Z';
const SEGMENT = { id: '01a201b8-7760-71e4-bcfb-5e5b0d871a01', name: 'Varejo' };
const user = (username: string, overrides: Partial<CenterUser> = {}): CenterUser => ({
  id: `01a201b8-7760-71e4-bcfb-5e5b0d8710${username.length.toString().padStart(2, '0')}`,
  name: username.toUpperCase(),
  username,
  email: null,
  role: 'attendant',
  language: null,
  timezone: 'America/Sao_Paulo',
  active: true,
  require_new_password: false,
  segments: [],
  teams: [],
  permissions: defaultPermissions('attendant'),
  default_permissions: defaultPermissions('attendant'),
  last_login_at: null,
  created_at: STAMP,
  ...overrides,
});
const page = (data: CenterUser[]) => ({ status: 200, body: { data, total: data.length } });
const rowOf = async (username: string) =>
  (await screen.findAllByTestId('user-row')).find((row) => row.dataset.username === username)!;

describe('user form rules', () => {
  it('keeps a flag as an override only while it differs from the role’s default', () => {
    let form = userForm(null, 'America/Sao_Paulo');
    expect(flagValue(form, 'broadcast')).toBe(false);
    form = withFlag(form, 'broadcast', true);
    expect(form.overrides).toEqual({ broadcast: true });
    // Supervisors broadcast by default: the override is no longer one.
    form = withRole(form, 'supervisor');
    expect(form.overrides).toEqual({});
    expect(flagValue(form, 'broadcast')).toBe(true);
    form = withFlag(form, 'voice', false);
    expect(createInput({ ...form, name: ' Ana ', username: 'ana', email: '' })).toEqual({
      name: 'Ana',
      username: 'ana',
      email: null,
      role: 'supervisor',
      language: null,
      timezone: 'America/Sao_Paulo',
      segment_ids: [],
      team_ids: [],
      permissions: { voice: false },
      password: null,
    });
  });

  it('reads an existing user’s overrides from their flags and their role’s defaults', () => {
    const form = userForm(
      user('ana', { permissions: { ...defaultPermissions('attendant'), change_responsible: true } }),
      'UTC',
    );
    expect(form.overrides).toEqual({ change_responsible: true });
  });
});

describe('center users page', () => {
  it('invites a user and shows the temporary password once; a taken username lands on its field', async () => {
    const created = user('bruna', { require_new_password: true, segments: [SEGMENT] });
    const { calls } = stubApi({
      'GET /center/users': page([user('ana')]),
      'GET /wallets': { status: 200, body: { data: [SEGMENT] } },
      'POST /center/users': (call) =>
        (call.body as { username: string }).username === 'ana'
          ? { status: 409, body: { code: 'username_taken', message: 'O usuário “ana” já existe.' } }
          : { status: 201, body: { user: created, temporary_password: 'Tmp9Secret2x' } },
    });
    wrap();
    await rowOf('ana');
    await userEvent.click(screen.getByTestId('user-new'));
    await userEvent.click(await screen.findByTestId('user-save'));
    expect(await screen.findByText('Informe o nome')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    const type = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });
    type('user-name', 'Bruna');
    type('user-username', 'ana');
    // Each flag says its role's default; one set apart is marked.
    expect(screen.getAllByText('Padrão do perfil Atendente: não').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByTestId('user-flag-broadcast'));
    expect(screen.getByTestId('user-flag-broadcast-overridden')).toBeTruthy();
    await userEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('O usuário “ana” já existe.')).toBeTruthy();
    expect(screen.getByTestId('user-username').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Bruna',
      username: 'ana',
      role: 'attendant',
      permissions: { broadcast: true },
      password: null,
    });

    type('user-username', 'bruna');
    await userEvent.click(screen.getByTestId('user-save'));
    expect((await screen.findByTestId('user-temporary-password')).textContent).toBe('Tmp9Secret2x');
    expect(screen.getByText('Esta senha não será mostrada novamente.')).toBeTruthy();
    // The form's modal holds a time-zone list of hundreds of entries: slow to render on a busy machine.
  }, 40_000);

  it('resets a password after confirming and deactivates a user after confirming', async () => {
    const ana = user('ana');
    const { calls } = stubApi({
      'GET /center/users': page([ana]),
      [`POST /center/users/${ana.id}/reset-password`]: {
        status: 200,
        body: { user: { ...ana, require_new_password: true }, temporary_password: 'Reset7Secret' },
      },
      [`POST /center/users/${ana.id}/deactivate`]: { status: 200, body: { ...ana, active: false } },
    });
    wrap();
    await userEvent.click(within(await rowOf('ana')).getByTestId('user-actions'));
    await userEvent.click(await screen.findByTestId('user-reset-password'));
    expect(await screen.findByText('Redefinir a senha de ANA?')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/reset-password'))).toBe(false);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Redefinir senha' }),
    );
    expect((await screen.findByTestId('user-temporary-password')).textContent).toBe('Reset7Secret');
    await userEvent.click(screen.getByTestId('user-temporary-done'));

    await userEvent.click(within(await rowOf('ana')).getByTestId('user-actions'));
    await userEvent.click(await screen.findByTestId('user-deactivate'));
    // By its title: the temporary password's modal may still be closing.
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Desativar ANA?' })).getByRole('button', {
        name: 'Desativar',
      }),
    );
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/deactivate'))).toBe(true));
  });

  it('creates a one-time reset link after confirming and shows it once', async () => {
    const ana = user('ana');
    const url = 'http://localhost/redefinir-senha/abc123';
    const { calls } = stubApi({
      'GET /center/users': page([ana]),
      [`POST /center/users/${ana.id}/reset-link`]: {
        status: 200,
        body: { user: ana, url, expires_at: '2026-11-29T12:00:00.000Z' },
      },
    });
    wrap();
    await userEvent.click(within(await rowOf('ana')).getByTestId('user-actions'));
    await userEvent.click(await screen.findByTestId('user-reset-link'));
    expect(await screen.findByText('Gerar um link de redefinição de senha para ANA?')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/reset-link'))).toBe(false);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Gerar link' }));
    expect((await screen.findByTestId('user-reset-link-url')).textContent).toBe(url);
    expect(screen.getByText(/Este link não será mostrado novamente\. Expira em/)).toBeTruthy();
  });

  it('sorts by a header and searches', async () => {
    const { calls } = stubApi({ 'GET /center/users': page([user('ana')]) });
    wrap();
    await rowOf('ana');
    await userEvent.click(screen.getByTestId('users-sort-last_login_at'));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ sort: 'last_login_at', direction: 'asc', offset: '0' }),
    );
    await userEvent.click(screen.getByTestId('users-sort-last_login_at'));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ direction: 'desc' }));
    await userEvent.type(screen.getByTestId('users-search'), 'an');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ search: 'an' }));
  });

  it('shows supervisors the users without any button', async () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    stubApi({
      'GET /center/users': page([
        user('ana', {
          segments: [SEGMENT],
          permissions: { ...defaultPermissions('attendant'), broadcast: true },
        }),
      ]),
    });
    wrap();
    await rowOf('ana');
    expect(screen.queryByTestId('user-new')).toBeNull();
    expect(screen.queryByTestId('user-actions')).toBeNull();
    // The detail reads every field and flag, with the role's default beside an overridden one.
    await userEvent.click(screen.getByTestId('user-open'));
    const detail = await screen.findByTestId('user-detail');
    expect(within(detail).getByText('Varejo')).toBeTruthy();
    expect(within(detail).getByText('Alterada')).toBeTruthy();
  });

  it('tells an attendant the list is not for them, without asking for it', () => {
    useSessionStore.setState({ user: demoUser({ role: 'attendant' }) });
    const { calls } = stubApi({});
    wrap();
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('Somente supervisores e administradores');
    expect(calls.some((call) => call.path === '/center/users')).toBe(false);
  });

  it('gives a user teams from the company’s current ones, keeping an archived one they are in', async () => {
    const team = (id: string, name: string, archived = false) => ({
      id: `01a201b8-7760-71e4-bcfb-5e5b0d8720${id}`,
      name,
      archived_at: archived ? STAMP : null,
      supervisors: [],
      members: [],
      segments: [],
      editable: true,
      created_at: STAMP,
      updated_at: STAMP,
    });
    const north = team('01', 'Norte');
    const old = team('02', 'Antiga', true);
    const retired = team('03', 'Aposentada', true);
    const ana = user('ana', { teams: [{ id: old.id, name: old.name }] });
    const { calls } = stubApi({
      'GET /center/users': page([ana]),
      'GET /wallets': { status: 200, body: { data: [] } },
      'GET /center/teams': { status: 200, body: { data: [north, old, retired], total: 3 } },
      [`PUT /center/users/${ana.id}`]: {
        status: 400,
        body: { code: 'team_not_found', message: 'Uma das equipes escolhidas não existe nesta empresa.' },
      },
    });
    wrap();
    await userEvent.click(within(await rowOf('ana')).getByTestId('user-actions'));
    await userEvent.click(await screen.findByTestId('user-edit'));
    const teams = await screen.findByTestId('user-teams');
    await userEvent.click(teams);
    // The select's own list (Mantine keeps it mounted, in its opening transition in jsdom: hidden).
    const list = await waitFor(() => document.getElementById(teams.getAttribute('aria-controls') ?? '')!);
    const option = await within(list).findByRole('option', { name: 'Norte', hidden: true });
    // An archived team is offered only to whom is already in it.
    expect(within(list).queryByRole('option', { name: 'Aposentada', hidden: true })).toBeNull();
    expect(within(list).getByRole('option', { name: 'Antiga', hidden: true })).toBeTruthy();
    await userEvent.click(option);
    await userEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Uma das equipes escolhidas não existe nesta empresa.')).toBeTruthy();
    expect(teams.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      team_ids: [old.id, north.id],
    });
  }, 40_000);
});

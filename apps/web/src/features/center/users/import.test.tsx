// The users import: a chosen file previewed (errors in red, counts), only the valid rows sent, the temporary
// passwords shown once with a download; the template and the passwords file are CSV the server reads back.
import { defaultPermissions, type CenterUser, type UserImportRowCheck } from '@atende/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { CenterUsersPage } from '../CenterUsersPage.tsx';
import { passwordsCsv, templateCsv } from './import-files.ts';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

const row = (
  line: number,
  username: string,
  errors: UserImportRowCheck['errors'] = [],
): UserImportRowCheck => ({
  line,
  name: username.toUpperCase(),
  username,
  email: '',
  role: 'attendant',
  language: '',
  timezone: 'America/Sao_Paulo',
  segments: ['Varejo'],
  teams: ['Norte', 'Sul'],
  errors,
});
const created = (username: string): CenterUser => ({
  id: `01a201b8-7760-71e4-bcfb-5e5b0d8710${username.length.toString().padStart(2, '0')}`,
  name: username.toUpperCase(),
  username,
  email: null,
  role: 'attendant',
  language: null,
  timezone: 'America/Sao_Paulo',
  active: true,
  require_new_password: true,
  segments: [],
  teams: [],
  permissions: defaultPermissions('attendant'),
  default_permissions: defaultPermissions('attendant'),
  last_login_at: null,
  created_at: '2026-11-01T12:00:00.000Z',
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

describe('importing users from a CSV file', () => {
  it('previews the file, imports only the valid rows and shows each temporary password once', async () => {
    const { calls } = stubApi({
      'GET /center/users': { status: 200, body: { data: [], total: 0 } },
      'POST /center/users/import/preview': {
        status: 200,
        body: {
          rows: [
            row(2, 'ana'),
            row(3, 'bad name', [
              { field: 'username', message: 'O campo “usuário” está em um formato inválido.' },
            ]),
            row(4, 'bia'),
          ],
          valid: 2,
          invalid: 1,
        },
      },
      'POST /center/users/import': {
        status: 201,
        body: {
          created: [
            { user: created('ana'), temporary_password: 'Temp2Ana' },
            { user: created('bia'), temporary_password: 'Temp3Bia' },
          ],
          rejected: [],
        },
      },
    });
    const saved = vi.fn((_: Blob | MediaSource) => 'blob:passwords');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    wrap();
    await userEvent.click(await screen.findByTestId('users-import'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['name,username\n'], 'usuarios.csv', { type: 'text/csv' }));

    const rows = await within(dialog).findAllByTestId('import-row');
    expect(rows.map((element) => element.dataset.valid)).toEqual(['true', 'false', 'true']);
    expect(within(rows[1]!).getByTestId('import-error-username').textContent).toBe(
      'O campo “usuário” está em um formato inválido.',
    );
    // Each row's teams, named as in the file.
    expect(within(rows[0]!).getByText('Norte | Sul')).toBeTruthy();
    expect(within(dialog).getByText('Equipes')).toBeTruthy();
    expect(within(dialog).getByTestId('import-valid-count').textContent).toBe('2 válida(s)');
    expect(within(dialog).getByTestId('import-invalid-count').textContent).toBe('1 com erros');
    const preview = calls.find((call) => call.path === '/center/users/import/preview')!;
    expect((preview.body as FormData).get('file')).toBeInstanceOf(File);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar 2 usuário(s)' }));
    const passwords = await within(dialog).findAllByTestId('import-password');
    expect(passwords.map((element) => element.textContent)).toEqual(['Temp2Ana', 'Temp3Bia']);
    // Only the valid rows went, as previewed, without their (empty) errors.
    const sent = calls.find((call) => call.path === '/center/users/import')!;
    expect(sent.body).toEqual({
      rows: [2, 4].map((line) => ({ ...row(line, line === 2 ? 'ana' : 'bia'), errors: undefined })),
    });
    expect(within(dialog).getByRole('alert').textContent).toContain('não serão mostradas novamente');
    // The list reloads.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/center/users').length).toBeGreaterThan(1),
    );

    await userEvent.click(within(dialog).getByTestId('import-download-passwords'));
    const blob = saved.mock.calls[0]![0] as Blob;
    // Blob.text() decodes UTF-8 and drops the byte-order mark the file starts with.
    expect(await blob.text()).toBe(
      passwordsCsv([
        { user: created('ana'), temporary_password: 'Temp2Ana' },
        { user: created('bia'), temporary_password: 'Temp3Bia' },
      ]).slice(1),
    );
    await userEvent.click(within(dialog).getByTestId('import-done'));
    await waitFor(() => expect(screen.queryByTestId('import-passwords')).toBeNull());
  });

  it('shows the server’s refusal of a file (a wrong header) and imports nothing', async () => {
    const { calls } = stubApi({
      'GET /center/users': { status: 200, body: { data: [], total: 0 } },
      'POST /center/users/import/preview': {
        status: 400,
        body: {
          code: 'csv_missing_columns',
          message: 'Faltam colunas no cabeçalho do arquivo: email. Use o modelo.',
        },
      },
    });
    wrap();
    await userEvent.click(await screen.findByTestId('users-import'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'x.csv', { type: 'text/csv' }),
    );
    expect((await within(dialog).findByTestId('import-file-error')).textContent).toContain('Faltam colunas');
    expect((within(dialog).getByTestId('import-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((call) => call.path === '/center/users/import')).toBe(false);
  });

  it('hides the import from supervisors', async () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    stubApi({ 'GET /center/users': { status: 200, body: { data: [], total: 0 } } });
    wrap();
    await screen.findByText('Nenhum usuário encontrado.');
    expect(screen.queryByTestId('users-import')).toBeNull();
  });
});

describe('import files', () => {
  it('offers a template with the header the server expects, and quotes what needs it', () => {
    expect(templateCsv().split('\r\n')[0]).toBe(
      '\uFEFFname,username,email,role,language,timezone,segments,teams',
    );
    const text = passwordsCsv([
      { user: { ...created('ana'), name: 'Lima, "Ana"' }, temporary_password: 'x' },
    ]);
    expect(text).toBe('\uFEFFname,username,temporary_password\r\n"Lima, ""Ana""",ana,x\r\n');
  });
});

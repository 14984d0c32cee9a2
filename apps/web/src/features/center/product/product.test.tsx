// Center › Produto: the companies with their usage, searched and sorted through the server; creating one and
// seeing its temporary password once; a suspension after a confirmation; a support session that swaps the
// browser's token and comes back; the settings form; the page and its navigation entry for super
// administrators only; and the support banner.
import type { CompanyPage, ProductCompany, ProductSettings } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { navigation, RETURN_TOKEN_KEY } from '../../support/support-session.ts';
import { SupportBanner } from '../../support/SupportBanner.tsx';
import { CenterNav } from '../CenterNav.tsx';
import { slugOf } from './CreateCompanyModal.tsx';
import { ProductPage } from './ProductPage.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({
    user: demoUser({ role: 'super_admin', username: 'root' }),
    token: 'root-token',
    status: 'authenticated',
  });
});
afterEach(() => vi.restoreAllMocks());

const company = (overrides: Partial<ProductCompany> = {}): ProductCompany => ({
  id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
  name: 'Padaria Central',
  slug: 'padaria',
  created_at: '2026-11-01T12:00:00.000Z',
  suspended_at: null,
  usage: {
    active_users: 4,
    contacts: 120,
    messages_30d: 3456,
    file_bytes: 5 * 1024 * 1024,
    channel_accounts: 2,
  },
  ...overrides,
});
const settings: ProductSettings = {
  survey_period_days: 7,
  changelog_enabled: true,
  changelog_roles: ['super_admin', 'admin', 'supervisor', 'attendant'],
  updated_at: '2026-11-01T12:00:00.000Z',
};
const page = (data: ProductCompany[]): CompanyPage => ({ data, total: data.length });

describe('product page', () => {
  it('shows every company with its usage, and asks the server to search and sort', async () => {
    const { calls } = stubApi({
      'GET /product/companies': { body: page([company()]) },
      'GET /product/settings': { body: settings },
    });
    renderWithClient(<ProductPage />);
    const row = await screen.findByTestId('company-row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Padaria Centralpadaria',
      'Ativadomingo, 1 de novembro de 2026',
      '4',
      '120',
      '3456',
      '5 MB',
      '2',
    ]);
    await userEvent.type(screen.getByTestId('company-search'), 'pad');
    await userEvent.click(screen.getByText('Suspensas primeiro'));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({
        search: 'pad',
        sort: 'status',
        direction: 'desc',
        offset: '0',
      }),
    );
  });

  it('creates a company and shows its administrator’s temporary password once; a taken slug shows on its field', async () => {
    let attempts = 0;
    const { calls } = stubApi({
      'GET /product/companies': { body: page([]) },
      'GET /product/settings': { body: settings },
      'POST /product/companies': () =>
        ++attempts === 1
          ? {
              status: 409,
              body: {
                code: 'company_slug_taken',
                message: 'Já existe uma empresa com o identificador “padaria-sao-joao”.',
                field: 'slug',
                errors: [
                  { field: 'slug', message: 'Já existe uma empresa com o identificador “padaria-sao-joao”.' },
                ],
              },
            }
          : {
              status: 201,
              body: {
                company: company({ name: 'Padaria São João', slug: 'padaria-sao-joao-2' }),
                admin: {
                  id: '01a201b8-7760-71e4-bcfb-5e5b0d871009',
                  username: 'ana',
                  temporary_password: 'Tmp-pass_123',
                },
              },
            },
    });
    renderWithClient(<ProductPage />);
    await userEvent.click(await screen.findByTestId('company-create'));
    await userEvent.type(await screen.findByTestId('company-name'), 'Padaria São João');
    expect((screen.getByTestId('company-slug') as HTMLInputElement).value).toBe('padaria-sao-joao');
    await userEvent.type(screen.getByTestId('company-admin-name'), 'Ana');
    await userEvent.type(screen.getByTestId('company-admin-username'), 'ana');
    await userEvent.click(screen.getByTestId('company-create-submit'));
    expect(
      await screen.findByText('Já existe uma empresa com o identificador “padaria-sao-joao”.'),
    ).toBeTruthy();
    await userEvent.type(screen.getByTestId('company-slug'), '-2');
    await userEvent.click(screen.getByTestId('company-create-submit'));
    expect((await screen.findByTestId('company-temporary-password')).textContent).toBe('Tmp-pass_123');
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Padaria São João',
      slug: 'padaria-sao-joao-2',
      admin: { name: 'Ana', username: 'ana' },
    });
  });

  it('suspends a company only after a confirmation', async () => {
    const { calls } = stubApi({
      'GET /product/companies': { body: page([company()]) },
      'GET /product/settings': { body: settings },
      [`POST /product/companies/${company().id}/suspend`]: {
        body: company({ suspended_at: '2026-11-02T12:00:00.000Z' }),
      },
    });
    renderWithClient(<ProductPage />);
    await userEvent.click(await screen.findByTestId('company-toggle'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Suspender “Padaria Central”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspender' }));
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/suspend'))).toBe(true));
  });

  it('opens a support session: keeps the super admin’s token aside and loads the console with the new one', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    stubApi({
      'GET /product/companies': { body: page([company()]) },
      'GET /product/settings': { body: settings },
      [`POST /product/companies/${company().id}/impersonate`]: {
        body: { access_token: 'support-token', expires_at: '2026-11-02T13:00:00.000Z' },
      },
    });
    renderWithClient(<ProductPage />);
    await userEvent.click(await screen.findByTestId('company-impersonate'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('support-token');
    expect(localStorage.getItem(RETURN_TOKEN_KEY)).toBe('root-token');
  });

  it('saves the product settings; the server’s refusal shows on its field', async () => {
    const { calls } = stubApi({
      'GET /product/companies': { body: page([]) },
      'GET /product/settings': { body: settings },
      'PATCH /product/settings': (call) =>
        (call.body as ProductSettings).survey_period_days > 365
          ? {
              status: 400,
              body: {
                code: 'validation_failed',
                message: 'x',
                errors: [{ field: 'survey_period_days', message: 'O campo deve ser no máximo 365.' }],
              },
            }
          : { body: { ...settings, ...(call.body as object) } },
    });
    renderWithClient(<ProductPage />);
    const period = await screen.findByTestId('product-survey-period');
    await userEvent.clear(period);
    await userEvent.type(period, '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Atendente' }));
    await userEvent.click(screen.getByTestId('product-settings-save'));
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        survey_period_days: 30,
        changelog_enabled: true,
        changelog_roles: ['super_admin', 'admin', 'supervisor'],
      }),
    );
  });

  it('tells an administrator the page is for super administrators, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'admin' }) });
    const { calls } = stubApi({});
    renderWithClient(<ProductPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente super administradores');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['super_admin', true],
    ['admin', false],
  ] as const)('the Center offers the section to a %s: %s', (role, offered) => {
    useSessionStore.setState({ user: demoUser({ role }) });
    const router = createMemoryRouter([{ path: '*', element: <CenterNav /> }], {
      initialEntries: ['/center'],
    });
    renderWithClient(<RouterProvider router={router} />);
    expect(screen.queryByTestId('center-nav-center.product') !== null).toBe(offered);
  });

  it('suggests a slug from the name', () => {
    expect(slugOf('  Padaria São João & Filhos!  ')).toBe('padaria-sao-joao-filhos');
  });
});

describe('support banner', () => {
  it('shows whom the super admin acts as; ending it returns to their own session', async () => {
    localStorage.setItem(RETURN_TOKEN_KEY, 'root-token');
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const { calls } = stubApi({
      'GET /session/impersonation': {
        body: {
          impersonation: {
            by: { id: '01a201b8-7760-71e4-bcfb-5e5b0d871002', name: 'Suporte', username: 'root' },
            user: { id: '01a201b8-7760-71e4-bcfb-5e5b0d871003', name: 'Ana Admin', username: 'ana' },
            company: { id: company().id, name: 'Padaria Central' },
            started_at: new Date().toISOString(),
            expires_at: new Date(Date.now() + 3600_000).toISOString(),
          },
        },
      },
      'POST /session/impersonation/end': { body: { ok: true } },
    });
    renderWithClient(<SupportBanner />);
    const banner = await screen.findByTestId('support-banner');
    expect(banner.textContent).toContain('Você está acessando como Ana Admin (Padaria Central, suporte) —');
    await userEvent.click(within(banner).getByRole('button', { name: 'Encerrar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/center/product'));
    expect(calls.some((call) => call.path === '/session/impersonation/end')).toBe(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('root-token');
    expect(localStorage.getItem(RETURN_TOKEN_KEY)).toBeNull();
  });

  it('shows nothing in an ordinary session', async () => {
    const { calls } = stubApi({ 'GET /session/impersonation': { body: { impersonation: null } } });
    renderWithClient(<SupportBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('support-banner')).toBeNull();
  });
});

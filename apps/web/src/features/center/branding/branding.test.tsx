// The Center's white-label page: the colours and product name saved as typed (a colour that is not one is
// refused before any call), the preview following the colours with their readable foreground, a file upload
// sent as a form with the server's refusal shown in place, the console's branding reloaded after a change,
// the administrators-only notice, the Center's navigation entry and the audit log's words for a change.
import { DEFAULT_BRANDING, type AuditEvent, type CenterBranding } from '@atende/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoResources, demoUser, stubApi } from '../../../test/fixtures.ts';
import { AuditPage } from '../audit/AuditPage.tsx';
import { CenterNav } from '../CenterNav.tsx';
import { BrandingPage } from './BrandingPage.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({
    user: demoUser({ role: 'admin', username: 'admin' }),
    token: 'token',
    status: 'authenticated',
  });
});

const centerBranding = (
  overrides: Partial<CenterBranding['branding']> = {},
  custom: CenterBranding['custom_files'] = [],
) => ({
  branding: { ...DEFAULT_BRANDING, ...overrides },
  custom_files: custom,
});

describe('white-label page', () => {
  it('saves the typed colours and name, previewing them in both schemes, and reloads the console’s branding', async () => {
    const { calls } = stubApi({
      'GET /center/branding': { body: centerBranding() },
      'PUT /center/branding': (call) => ({ body: centerBranding(call.body as object) }),
      'GET /resources': { body: { ...demoResources(), color_light: '#000000' } },
    });
    renderWithClient(<BrandingPage />);
    const light = await screen.findByRole('textbox', { name: 'Cor do tema claro' });
    expect(screen.getByTestId('brand-preview-light-foreground').textContent).toContain('#ffffff');

    await userEvent.clear(light);
    await userEvent.type(light, '#ffe066');
    // White does not read on a pale yellow: the console's own theme darkens the button until it does.
    await waitFor(() =>
      expect(screen.getByTestId('brand-preview-light-foreground').textContent).toBe(
        'Botões: texto #ffffff sobre #806600',
      ),
    );
    const name = screen.getByRole('textbox', { name: 'Nome do produto' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByTestId('brand-save'));

    await waitFor(() => expect(calls.some((call) => call.path === '/resources')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      color_light: '#ffe066',
      color_dark: DEFAULT_BRANDING.color_dark,
      product_name: 'Acme',
    });
  });

  it('refuses a colour that is not a colour, and an empty name, without a call', async () => {
    const { calls } = stubApi({ 'GET /center/branding': { body: centerBranding() } });
    renderWithClient(<BrandingPage />);
    const dark = await screen.findByRole('textbox', { name: 'Cor do tema escuro' });
    await userEvent.clear(dark);
    await userEvent.type(dark, 'azul');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Nome do produto' }));
    await userEvent.click(screen.getByTestId('brand-save'));
    expect(screen.getByText('Informe uma cor no formato #rrggbb.')).toBeTruthy();
    expect(screen.getByText('Informe o nome do produto.')).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('uploads a file as a form and shows the server’s refusal in place; a custom file can go back to the default', async () => {
    const { calls } = stubApi({
      'GET /center/branding': {
        body: centerBranding({ favicon: '/api/branding/favicon.0123456789abcdef0123456789abcdef.png' }, [
          'favicon',
        ]),
      },
      'POST /center/branding/logo': {
        status: 400,
        body: {
          code: 'brand_svg_unsafe',
          message: 'Este SVG contém scripts, eventos ou referências externas e foi recusado.',
        },
      },
      'DELETE /center/branding/favicon': { body: centerBranding() },
      'GET /resources': { body: demoResources() },
    });
    renderWithClient(<BrandingPage />);
    const logoCard = await screen.findByTestId('brand-file-logo');
    const input = logoCard.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['<svg><script/></svg>'], 'logo.svg', { type: 'image/svg+xml' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Este SVG contém scripts');
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.path).toBe('/center/branding/logo');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    // Only the company's own files offer a way back to the default.
    expect(logoCard.textContent).not.toContain('Usar o padrão');

    await userEvent.click(screen.getByRole('button', { name: 'Usar o padrão' }));
    await waitFor(() =>
      expect(screen.getByTestId('brand-file-favicon-image').getAttribute('src')).toBe(
        DEFAULT_BRANDING.favicon,
      ),
    );
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/center/branding/favicon')).toBe(
      true,
    );
  });

  it('tells a supervisor the page is for administrators, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    const { calls } = stubApi({});
    renderWithClient(<BrandingPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente administradores');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['admin', true],
    ['supervisor', false],
  ] as const)('the Center offers the section to a %s: %s', (role, offered) => {
    useSessionStore.setState({ user: demoUser({ role }) });
    const router = createMemoryRouter([{ path: '*', element: <CenterNav /> }], {
      initialEntries: ['/center'],
    });
    renderWithClient(<RouterProvider router={router} />);
    expect(screen.queryByTestId('center-nav-center.branding') !== null).toBe(offered);
    if (offered) expect(screen.getByTestId('center-nav-center.branding').textContent).toBe('Marca');
  });

  it('the audit log says which part of the brand changed, from what to what', async () => {
    const change = (n: number, details: AuditEvent['details']): AuditEvent => ({
      id: `01a201b8-7760-71e4-bcfb-5e5b0d87100${n}`,
      at: '2026-11-03T12:00:00.000Z',
      kind: 'branding_changed',
      actor_id: '01a201b8-7760-71e4-bcfb-5e5b0d871000',
      actor_name: 'Marina Costa',
      subject: 'admin',
      client_ip: '203.0.113.1',
      details,
    });
    stubApi({
      'GET /center/audit': {
        body: {
          data: [
            change(2, {
              field: 'logo',
              from: null,
              to: '/api/branding/logo.0123456789abcdef0123456789abcdef.svg',
            }),
            change(1, { field: 'color_light', from: '#29a4ff', to: '#aa3300' }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    expect(await screen.findByText('Logo: padrão → logo.0123456789abcdef0123456789abcdef.svg')).toBeTruthy();
    expect(screen.getByText('cor clara: #29a4ff → #aa3300')).toBeTruthy();
    // In the rows: the audit filter lists every kind too.
    expect(screen.getAllByText('Marca alterada', { selector: 'td *' })).toHaveLength(2);
  });
});

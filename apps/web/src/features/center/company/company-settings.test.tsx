// The Center's company settings page: an administrator's change sends only what changed; business hours are
// edited per weekday with several spans, times and holiday dates in the interface language; a retention change shows what it would purge and saves only once
// confirmed; the server's refusal is shown in place; a supervisor reads without controls; an attendant is
// told the page is not theirs without a call; the Center's navigation and the audit log's words.
import {
  DEFAULT_COMPANY_SETTINGS,
  WEEKDAYS,
  type AuditEvent,
  type CompanySettings,
  type WeekHours,
} from '@atende/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoResources, demoUser, stubApi } from '../../../test/fixtures.ts';
import { AuditPage } from '../audit/AuditPage.tsx';
import { CenterNav } from '../CenterNav.tsx';
import { CompanySettingsPage } from './CompanySettingsPage.tsx';
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

const answer = (settings: Partial<CompanySettings> = {}, editable = true) => ({
  body: { settings: { ...DEFAULT_COMPANY_SETTINGS, ...settings }, editable },
});
const emptyWeek = () => Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeekHours;
const rule = { body: { unanswered_minutes: 60, high_priority: true } };

describe('company settings page', () => {
  it('an administrator sets business hours with two spans on Monday: only the hours are sent', async () => {
    const { calls } = stubApi({
      'GET /center/company': answer(),
      'PATCH /center/company': (call) => answer(call.body as object),
      'GET /company/critical-rule': rule,
      'GET /resources': { body: demoResources() },
    });
    renderWithClient(<CompanySettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: /Atender em horário definido/ }));
    const monday = screen.getByTestId('hours-mon');
    await userEvent.click(within(monday).getByRole('button', { name: 'Adicionar intervalo' }));
    expect(within(screen.getByTestId('hours-sun')).getByText('Fechado')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'PATCH')?.body)
      .toEqual({
        business_hours: expect.objectContaining({
          sun: [],
          mon: [
            { start: '08:00', end: '18:00' },
            { start: '19:00', end: '20:00' },
          ],
          sat: [],
        }),
      });
  });

  it("times and holiday dates are the interface language's fields, not the browser's, and save what is typed", async () => {
    const { calls } = stubApi({
      'GET /center/company': answer({
        business_hours: { ...emptyWeek(), mon: [{ start: '08:00', end: '18:00' }] },
        holidays: [{ date: '2026-12-25', name: 'Natal' }],
      }),
      'PATCH /center/company': (call) => answer(call.body as object),
      'GET /company/critical-rule': rule,
      'GET /resources': { body: demoResources() },
    });
    const { container } = renderWithClient(<CompanySettingsPage />);
    const holiday = await screen.findByTestId<HTMLInputElement>('holiday-0-date');
    // pt_br: day first, 24 h; no <input type="date|time"> that would follow the browser's locale.
    expect(holiday.value).toBe('25/12/2026');
    expect(container.querySelector('input[type="time"], input[type="date"]')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('hours-mon-0-end-hours').value).toBe('18');
    expect(screen.getByRole('group', { name: 'Início de Segunda-feira' })).toBeTruthy();

    const minutes = screen.getByTestId('hours-mon-0-start-minutes');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '30');
    await userEvent.clear(holiday);
    await userEvent.type(holiday, '24/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'PATCH')?.body)
      .toEqual({
        business_hours: expect.objectContaining({ mon: [{ start: '08:30', end: '18:00' }] }),
        holidays: [{ date: '2026-12-24', name: 'Natal' }],
      });
  }, 60_000);

  it('in English the hours are on a 12-hour clock and the holiday month comes first', async () => {
    await act(() => applyLanguage('en'));
    try {
      stubApi({
        'GET /center/company': answer({
          business_hours: { ...emptyWeek(), mon: [{ start: '08:00', end: '18:00' }] },
          holidays: [{ date: '2026-12-25', name: 'Christmas' }],
        }),
        'GET /company/critical-rule': rule,
        'GET /resources': { body: demoResources() },
      });
      renderWithClient(<CompanySettingsPage />);
      expect((await screen.findByTestId<HTMLInputElement>('holiday-0-date')).value).toBe('12/25/2026');
      expect(screen.getByTestId<HTMLInputElement>('hours-mon-0-end-hours').value).toBe('06');
      expect(screen.getAllByText('PM').length).toBeGreaterThan(0);
    } finally {
      await act(() => applyLanguage('pt_br'));
    }
  });

  it('a retention change shows what it would purge and saves only once confirmed', async () => {
    const { calls } = stubApi({
      'GET /center/company': answer(),
      'GET /center/company/retention-preview': (call) => ({
        body: {
          months: Number(call.query.months),
          before: '2024-11-25T12:00:00.000Z',
          messages: 1234,
          files: 56,
          bytes: 7_800_000,
        },
      }),
      'PATCH /center/company': (call) => answer(call.body as object),
      'GET /company/critical-rule': rule,
      'GET /resources': { body: demoResources() },
    });
    renderWithClient(<CompanySettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Apagar mensagens antigas' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    const dialog = await screen.findByTestId('retention-confirm');
    expect(dialog.textContent).toContain('1234 mensagem(ns) e 56 arquivo(s) (7,8 MB)');
    expect(calls.find((call) => call.path === '/center/company/retention-preview')?.query).toEqual({
      months: '24',
    });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar e apagar' }));
    await expect
      .poll(() => calls.find((call) => call.method === 'PATCH')?.body)
      .toEqual({ retention_months: 24 });
  });

  it('shows the server’s refusal in place', async () => {
    stubApi({
      'GET /center/company': answer(),
      'PATCH /center/company': {
        status: 400,
        body: {
          code: 'business_hours_overlap',
          message: 'Os intervalos de um mesmo dia não podem se sobrepor.',
        },
      },
      'GET /company/critical-rule': rule,
    });
    renderWithClient(<CompanySettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: /Atender em horário definido/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar configurações' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Os intervalos de um mesmo dia não podem se sobrepor.',
    );
  });

  it('a supervisor reads the settings and the critical rule without any control to change them', async () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    stubApi({
      'GET /center/company': answer({ retention_months: 12 }, false),
      'GET /company/critical-rule': rule,
    });
    renderWithClient(<CompanySettingsPage />);
    expect(
      await screen.findByText('Mensagens e arquivos com mais de 12 meses são apagados todos os dias.'),
    ).toBeTruthy();
    expect(screen.getByText(/somente administradores as alteram/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar configurações' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar regra' })).toBeNull();
    expect(
      (screen.getByRole('switch', { name: 'Apagar mensagens antigas' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('tells an attendant the page is not theirs, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'attendant' }) });
    const { calls } = stubApi({});
    renderWithClient(<CompanySettingsPage />);
    expect(screen.getByRole('alert').textContent).toContain('Somente supervisores e administradores');
    expect(calls.filter((call) => call.path.startsWith('/center'))).toHaveLength(0);
  });

  it.each([
    ['admin', true],
    ['supervisor', true],
    ['attendant', false],
  ] as const)('the Center offers the section to a %s: %s', (role, offered) => {
    useSessionStore.setState({ user: demoUser({ role }) });
    const router = createMemoryRouter([{ path: '*', element: <CenterNav /> }], {
      initialEntries: ['/center'],
    });
    renderWithClient(<RouterProvider router={router} />);
    expect(screen.queryByTestId('center-nav-center.company')?.textContent ?? null).toBe(
      offered ? 'Empresa' : null,
    );
  });

  it('the audit log says which setting changed and what the retention purged', async () => {
    const event = (n: number, kind: AuditEvent['kind'], details: AuditEvent['details']): AuditEvent => ({
      id: `01a201b8-7760-71e4-bcfb-5e5b0d87100${n}`,
      at: '2026-11-03T12:00:00.000Z',
      kind,
      actor_id: null,
      actor_name: null,
      subject: 'admin',
      client_ip: null,
      details,
    });
    stubApi({
      'GET /center/audit': {
        body: {
          data: [
            event(3, 'retention_purged', { months: 6, messages: 120, files: 4, bytes: 900 }),
            event(2, 'company_settings_changed', { field: 'business_hours', from: null, to: null }),
            event(1, 'company_settings_changed', { field: 'retention_months', from: null, to: 6 }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    expect(
      await screen.findByText('120 mensagem(ns) e 4 arquivo(s) com mais de 6 mês(es) apagados'),
    ).toBeTruthy();
    expect(screen.getByText('horário de atendimento alterado')).toBeTruthy();
    expect(screen.getByText('retenção (meses): nenhum → 6')).toBeTruthy();
  });
});

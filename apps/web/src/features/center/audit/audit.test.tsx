// The Center's audit page: events newest first in words (kind, account, address, details), searched and sorted, more pages through
// the cursor, the administrators-only notice without a call, and the section offered in the Center's
// navigation to administrators only.
import type { AuditEvent } from '@atende/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCenterTexts } from '../../../lib/i18n.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { CenterNav } from '../CenterNav.tsx';
import { AuditPage } from './AuditPage.tsx';
import { renderWithClient } from '../../../test/render.tsx';

beforeAll(async () => {
  await loadCenterTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser({ role: 'admin', username: 'admin' }), token: 'token' });
});

const event = (n: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `01a201b8-7760-71e4-bcfb-5e5b0d87100${n}`,
  at: `2026-11-0${n}T12:00:00.000Z`,
  kind: 'login_throttled',
  actor_id: null,
  actor_name: null,
  subject: `joana${n}`,
  client_ip: `203.0.113.${n}`,
  details: {
    client: 'address',
    failures: 3,
    account_failures: 3,
    retry_after_seconds: 1,
    under_attack: false,
  },
  ...overrides,
});

describe('audit page', () => {
  it('says who changed what in the catalogues: the catalogue, a rename, a new place', async () => {
    const change = (n: number, kind: AuditEvent['kind'], details: AuditEvent['details']) =>
      event(n, {
        kind,
        subject: 'Venda anual',
        client_ip: null,
        details: { catalogue: 'event_actions', ...details },
      });
    stubApi({
      'GET /center/audit': {
        body: {
          data: [
            change(3, 'catalogue_moved', { position: 0 }),
            change(2, 'catalogue_updated', { previous_name: 'Venda' }),
            change(1, 'catalogue_created', {}),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    const rows = (await screen.findAllByTestId('audit-row')).map((row) => row.textContent);
    expect(rows[0]).toContain('Item de catálogo movido');
    expect(rows[0]).toContain('Ações de evento; agora na posição 1');
    expect(rows[1]).toContain('Ações de evento; antes “Venda”');
    expect(rows[2]).toContain('Item de catálogo criado');
    expect(rows[2]).toContain('Venda anual');
  });

  it('says who changed which team: its size, a rename, an archive', async () => {
    const change = (n: number, kind: AuditEvent['kind'], details: AuditEvent['details']) =>
      event(n, {
        kind,
        subject: 'Vendas Sul',
        client_ip: null,
        details: { team_id: event(9).id, ...details },
      });
    stubApi({
      'GET /center/audit': {
        body: {
          data: [
            change(3, 'team_archived', {}),
            change(2, 'team_updated', { members: 3, segments: 1, supervisors: 1, previous_name: 'Vendas' }),
            change(1, 'team_created', { members: 2, segments: 0, supervisors: 1 }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    const rows = (await screen.findAllByTestId('audit-row')).map((row) => row.textContent);
    expect(rows[0]).toContain('Equipe arquivada');
    expect(rows[1]).toContain('Equipe editada');
    expect(rows[1]).toContain('3 membro(s), 1 carteira(s); antes “Vendas”');
    expect(rows[2]).toContain('Equipe criada');
    expect(rows[2]).toContain('2 membro(s), 0 carteira(s)');
  });

  it('lists the events in words and loads older pages through the cursor', async () => {
    const newest = event(3, {
      details: {
        client: 'address',
        failures: 1,
        account_failures: 20,
        retry_after_seconds: 10,
        under_attack: true,
      },
    });
    const { calls } = stubApi({
      'GET /center/audit': (call) =>
        call.query.cursor === event(2).id
          ? { body: { data: [event(1)], next_cursor: null } }
          : { body: { data: [newest, event(2)], next_cursor: event(2).id } },
    });
    renderWithClient(<AuditPage />);
    expect(screen.getByRole('heading', { name: 'Auditoria' })).toBeTruthy();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['joana3', 'joana2']);
    const first = within(rows[0]!);
    expect(first.getByText('Acesso desacelerado após senhas erradas')).toBeTruthy();
    expect(first.getByText('203.0.113.3')).toBeTruthy();
    expect(first.getByText('03/11/2026, 09:00')).toBeTruthy();
    expect(
      first.getByText(
        '1 falha(s) deste endereço, 20 na conta; próxima tentativa em 10 s — conta sob ataque de vários endereços',
      ),
    ).toBeTruthy();
    expect(
      within(rows[1]!).getByText('3 falha(s) deste endereço, 3 na conta; próxima tentativa em 1 s'),
    ).toBeTruthy();

    await userEvent.click(screen.getByTestId('audit-more'));
    await screen.findByText('joana1');
    const audits = calls.filter((call) => call.path === '/center/audit');
    expect(audits.map((call) => call.query.cursor)).toEqual([undefined, event(2).id]);
    expect(screen.getAllByTestId('audit-row')).toHaveLength(3);
    expect(screen.queryByTestId('audit-more')).toBeNull();
  });

  it('says who exported which conversation, in which format and period', async () => {
    stubApi({
      'GET /responsibles': { body: { data: [] } },
      'GET /center/audit': {
        body: {
          data: [
            event(1, {
              kind: 'conversation_exported',
              actor_id: '01a201b8-7760-71e4-bcfb-5e5b0d871000',
              actor_name: 'Ana Souza',
              subject: 'Joana Prado',
              details: {
                contact_id: '01a201b8-7760-71e4-bcfb-5e5b0d871001',
                format: 'csv',
                start_date: '2026-10-01',
                end_date: '2026-10-31',
                messages: 12,
              },
            }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    const cells = within(await screen.findByTestId('audit-row'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'Conversa exportada',
      'Ana Souza',
      'Joana Prado',
      '203.0.113.1',
      'CSV, de 01/10/2026 a 31/10/2026; 12 mensagem(ns)',
    ]);
  });

  it('filters by kinds, who acted and a period of days, and keeps a backwards period local', async () => {
    const ana = { id: '01a201b8-7760-71e4-bcfb-5e5b0d871000', name: 'Ana Souza', username: 'ana' };
    const { calls } = stubApi({
      'GET /responsibles': {
        body: { data: [{ ...ana, role: 'admin', avatar: null, online: true }] },
      },
      'GET /center/audit': (call) =>
        call.query.kind
          ? { body: { data: [], next_cursor: null } }
          : { body: { data: [event(1)], next_cursor: null } },
    });
    renderWithClient(<AuditPage />);
    await screen.findByTestId('audit-row');
    const audits = () => calls.filter((call) => call.path === '/center/audit').map((call) => call.query);

    // jsdom shows no dropdown: the options are chosen where Mantine keeps them.
    const choose = async (name: string) =>
      userEvent.click(await screen.findByRole('option', { name, hidden: true }));
    await choose('Conversa exportada');
    await choose('Ana Souza (ana)');
    await userEvent.type(screen.getByTestId('audit-filter-from'), '01/03/2026');
    await waitFor(() =>
      expect(audits().at(-1)).toEqual({
        kind: 'conversation_exported',
        actor: ana.id,
        // The user's zone is São Paulo's: its midnight is 03:00 UTC.
        from: '2026-03-01T03:00:00.000Z',
        direction: 'desc',
      }),
    );
    expect(await screen.findByText('Nenhum evento com esses filtros.')).toBeTruthy();

    const before = audits().length;
    await userEvent.type(screen.getByTestId('audit-filter-to'), '28/02/2026');
    expect(await screen.findByText('O fim do período não pode ser anterior ao início')).toBeTruthy();
    expect(audits()).toHaveLength(before);
    await userEvent.clear(screen.getByTestId('audit-filter-to'));
    await userEvent.type(screen.getByTestId('audit-filter-to'), '31/03/2026');
    // The last day is included: the period ends when the next day starts.
    await waitFor(() => expect(audits().at(-1)?.to).toBe('2026-04-01T03:00:00.000Z'));

    await userEvent.click(screen.getByTestId('audit-filter-clear'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    // Typing two dates key by key takes ~15 s on a shared, busy machine (it did before the search field too).
  }, 40_000);

  it('searches by free text, sending the kinds whose label holds it, and sorts oldest first', async () => {
    const { calls } = stubApi({
      'GET /center/audit': (call) =>
        call.query.search
          ? { body: { data: [], next_cursor: null } }
          : { body: { data: [event(1)], next_cursor: null } },
    });
    renderWithClient(<AuditPage />);
    await screen.findByTestId('audit-row');
    const audits = () => calls.filter((call) => call.path === '/center/audit').map((call) => call.query);
    await userEvent.type(screen.getByTestId('audit-search'), 'usuário edit');
    // One call once typing pauses, with the kinds the reader's labels match ("Usuário editado").
    await waitFor(() =>
      expect(audits().at(-1)).toEqual({
        search: 'usuário edit',
        search_kinds: 'user_updated',
        direction: 'desc',
      }),
    );
    expect(audits().filter((query) => query.search !== undefined)).toHaveLength(1);
    expect(await screen.findByText('Nenhum evento com esses filtros.')).toBeTruthy();

    await userEvent.click(screen.getByTestId('audit-filter-clear'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    await userEvent.click(screen.getByTestId('audit-sort-at'));
    await waitFor(() => expect(audits().at(-1)).toEqual({ direction: 'asc' }));
  });

  it('says what changed in the critical rule, the product settings and a user’s teams', async () => {
    stubApi({
      'GET /center/audit': {
        body: {
          data: [
            event(5, {
              kind: 'critical_rule_changed',
              details: { field: 'unanswered_minutes', from: null, to: 30 },
            }),
            event(4, {
              kind: 'critical_rule_changed',
              details: { field: 'high_priority', from: false, to: true },
            }),
            event(3, {
              kind: 'product_settings_changed',
              details: { field: 'changelog_roles', from: 'admin, supervisor', to: 'attendant' },
            }),
            event(2, {
              kind: 'user_updated',
              details: { previous_teams: 'Norte', teams: 'Norte, Sul' },
            }),
            event(1, {
              kind: 'user_created',
              details: { role: 'attendant', invited: true, teams: 'Norte' },
            }),
          ],
          next_cursor: null,
        },
      },
    });
    renderWithClient(<AuditPage />);
    const rows = (await screen.findAllByTestId('audit-row')).map((row) => row.textContent);
    expect(rows[0]).toContain('Regra de críticos alterada');
    expect(rows[0]).toContain('minutos sem resposta: nenhum → 30');
    expect(rows[1]).toContain('prioridade alta: não → sim');
    expect(rows[2]).toContain('Configurações do produto alteradas');
    expect(rows[2]).toContain('quem vê as novidades: Administrador, Supervisor → Atendente');
    expect(rows[3]).toContain('equipes: Norte → Norte, Sul');
    expect(rows[4]).toContain('; equipes: Norte');
  });

  it('says when nothing was recorded', async () => {
    stubApi({ 'GET /center/audit': { body: { data: [], next_cursor: null } } });
    renderWithClient(<AuditPage />);
    expect(await screen.findByText('Nenhum evento registrado.')).toBeTruthy();
  });

  it('tells a supervisor the page is for administrators, without asking the server', () => {
    useSessionStore.setState({ user: demoUser({ role: 'supervisor' }) });
    const { calls } = stubApi({});
    renderWithClient(<AuditPage />);
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
    expect(screen.queryByTestId('center-nav-center.audit') !== null).toBe(offered);
    if (offered) expect(screen.getByTestId('center-nav-center.audit').textContent).toBe('Auditoria');
  });
});

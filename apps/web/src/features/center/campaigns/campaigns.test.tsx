// Center › Campaigns: the form's checks (the contract's own) and the request it sends, the list's actions and
// the removal of a draft, and the live view: its counts and abandon warning, calling hours, agents, the power
// ratio, the paged attempts, and a new read on `campaign.changed`.
import {
  CAMPAIGN_OUTCOMES,
  type Campaign,
  type CampaignAttempt,
  type CampaignLive,
  type CampaignOutcome,
  type Responsible,
} from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCallTexts, loadCenterTexts } from '../../../lib/i18n.ts';
import type { RealtimeOptions } from '../../../lib/realtime.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { demoUser, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { checkCampaign, emptyCampaignForm } from './campaign-form.ts';
import { CampaignLivePage } from './CampaignLivePage.tsx';
import { CampaignsPage } from './CampaignsPage.tsx';

// The realtime link at its boundary: the page's handlers, fired by the test.
const handlers = new Map<string, () => void>();
const close = vi.fn();
vi.mock('../../../lib/realtime.ts', () => ({
  openRealtime: (options: RealtimeOptions) => {
    void options;
    return {
      socket: { on: (event: string, handler: () => void) => handlers.set(event, handler) },
      close,
    };
  },
}));

beforeAll(async () => {
  await loadCenterTexts();
  await loadCallTexts();
});
beforeEach(() => {
  handlers.clear();
  useSessionStore.setState({ user: demoUser({ role: 'supervisor', username: 'sup' }), token: 'token' });
});

const id = (n: number) => `01a201b8-7760-71e4-bcfb-5e5b0d8711${String(n).padStart(2, '0')}`;
const STAMP = '2026-11-28T12:00:00.000Z';
const LIST = {
  id: id(1),
  name: 'Inadimplentes',
  source: 'contacts',
  filter: null,
  contacts: 40,
  created_at: STAMP,
};
const VOICE = { id: id(2), kind: 'voice', name: 'Central', address: '+55 11 4000-1200' };
const WHATSAPP = { id: id(3), kind: 'whatsapp', name: 'WhatsApp', address: '+55 11 4000-1000' };
const person = (n: number, name: string): Responsible => ({
  id: id(n),
  name,
  username: name.toLowerCase(),
  role: 'attendant',
  avatar: null,
  online: true,
});
const ana = person(10, 'Ana Lima');
const bia = person(11, 'Bia Reis');

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: id(20),
  campaign_uuid_voice: id(21),
  name: 'Cobrança novembro',
  status: 'running',
  list_id: LIST.id,
  list_name: LIST.name,
  channel_account_id: VOICE.id,
  mode: 'power',
  ratio: 1.5,
  calling_hours: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5] },
  retry: {
    no_answer: { after_minutes: 60, max_tries: 3 },
    busy: { after_minutes: 30, max_tries: 3 },
    voicemail: { after_minutes: 120, max_tries: 2 },
    abandoned: { after_minutes: 15, max_tries: 2 },
    failed: { after_minutes: 60, max_tries: 1 },
  },
  attendants: [{ id: ana.id, name: ana.name, active: true }],
  script: 'Bom dia, falo da Demo.',
  created_at: STAMP,
  started_at: STAMP,
  finished_at: null,
  stats: {
    total: 40,
    dialled: 20,
    answered: 12,
    abandoned: 1,
    abandon_rate: 1 / 12,
    remaining: 18,
    in_progress: 2,
    outcomes: {
      ...(Object.fromEntries(CAMPAIGN_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
        CampaignOutcome,
        number
      >),
      sale: 4,
      no_answer: 6,
      abandoned: 1,
    },
  },
  ...overrides,
});

const renderAt = (path: string, routes: { path: string; element: ReactNode }[]) => renderRoutes(routes, path);

/** Opens a select by its label and picks an option of its own list (hidden: still in its transition in jsdom). */
async function pick(label: RegExp, name: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(list).findByRole('option', { name, hidden: true }));
}

describe('the campaign form’s checks', () => {
  it('refuses what the server would, by field, and sends a ratio of one unless power', () => {
    expect(checkCampaign(emptyCampaignForm()).errors).toEqual({
      name: true,
      list: true,
      account: true,
      attendants: true,
    });
    const filled = {
      ...emptyCampaignForm(),
      name: ' Cobrança ',
      list_id: LIST.id,
      channel_account_id: VOICE.id,
      attendant_ids: [ana.id],
      ratio: 3,
    };
    expect(checkCampaign(filled).request).toMatchObject({ name: 'Cobrança', mode: 'preview', ratio: 1 });
    expect(checkCampaign({ ...filled, mode: 'power', ratio: 2.46 }).request?.ratio).toBe(2.5);
    expect(checkCampaign({ ...filled, mode: 'power', ratio: 6 }).errors).toEqual({ ratio: true });
    expect(checkCampaign({ ...filled, start: '21:00', end: '08:00' }).errors).toEqual({ hours: true });
    expect(checkCampaign({ ...filled, days: [] }).errors).toEqual({ days: true });
    expect(
      checkCampaign({ ...filled, retry: { ...filled.retry, busy: { after_minutes: 1, max_tries: 3 } } })
        .errors,
    ).toEqual({ retry: true });
  });
});

describe('Center › Campanhas', () => {
  it('creates a campaign: says what is missing, then posts the request the contract takes', async () => {
    const { calls } = stubApi({
      'GET /campaigns': { body: { data: [] } },
      'GET /broadcasts/lists': { body: { data: [LIST] } },
      'GET /channels': { body: { data: [VOICE, WHATSAPP] } },
      'GET /responsibles': { body: { data: [ana, bia] } },
      'POST /campaigns': { status: 201, body: campaign({ status: 'draft' }) },
    });
    renderAt('/center/campaigns', [{ path: '/center/campaigns', element: <CampaignsPage /> }]);
    expect(await screen.findByTestId('campaigns-empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('campaign-new'));
    const form = await screen.findByTestId('campaign-form');
    await userEvent.click(screen.getByTestId('campaign-save'));
    for (const text of [
      'Dê um nome à campanha.',
      'Escolha a lista de transmissão.',
      'Escolha a conta de voz.',
      'Escolha ao menos um atendente.',
    ]) {
      expect(within(form).getByText(text)).toBeTruthy();
    }
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: /Nome/ }), 'Cobrança novembro');
    await pick(/Lista de transmissão/, 'Inadimplentes');
    // Only the company's voice accounts are offered.
    const account = within(form).getByRole('textbox', { name: /Conta de voz/ });
    await userEvent.click(account);
    const options = await waitFor(() =>
      document.getElementById(account.getAttribute('aria-controls') ?? '')!,
    );
    expect(within(options).queryByRole('option', { name: 'WhatsApp', hidden: true })).toBeNull();
    await userEvent.click(within(options).getByRole('option', { name: 'Central', hidden: true }));

    expect(within(form).queryByRole('textbox', { name: /Linhas por atendente/ })).toBeNull();
    await userEvent.click(within(form).getByRole('radio', { name: 'Power' }));
    const ratio = within(form).getByRole('textbox', { name: /Linhas por atendente/ });
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '2.5');
    // Hours on the interface language's clock (24 h), hours and minutes fields of their own.
    const startHours = within(form).getByTestId('campaign-start-time-hours');
    await userEvent.clear(startHours);
    await userEvent.type(startHours, '22');
    await pick(/Atendentes/, 'Bia Reis');
    await userEvent.click(screen.getByTestId('campaign-save'));
    expect(within(form).getByText('O horário final deve ser depois do inicial.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.clear(startHours);
    await userEvent.type(startHours, '09');
    const busyTries = within(form).getByRole('textbox', { name: 'Máximo de tentativas: Ocupado' });
    await userEvent.clear(busyTries);
    await userEvent.type(busyTries, '5');
    // Abandoned and failed calls have their rules too.
    const abandonedAfter = within(form).getByRole('textbox', {
      name: 'Minutos antes de tentar de novo: Abandonada',
    });
    await userEvent.clear(abandonedAfter);
    await userEvent.type(abandonedAfter, '15');
    const failedTries = within(form).getByRole('textbox', { name: 'Máximo de tentativas: Falhou' });
    await userEvent.clear(failedTries);
    await userEvent.type(failedTries, '1');
    await userEvent.type(within(form).getByRole('textbox', { name: /Roteiro/ }), 'Bom dia!');
    await userEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/campaigns',
      body: {
        name: 'Cobrança novembro',
        list_id: LIST.id,
        channel_account_id: VOICE.id,
        mode: 'power',
        ratio: 2.5,
        calling_hours: { start: '09:00', end: '21:00', days: [1, 2, 3, 4, 5] },
        retry: {
          no_answer: { after_minutes: 60, max_tries: 3 },
          busy: { after_minutes: 60, max_tries: 5 },
          voicemail: { after_minutes: 60, max_tries: 3 },
          abandoned: { after_minutes: 15, max_tries: 3 },
          failed: { after_minutes: 60, max_tries: 1 },
        },
        attendant_ids: [bia.id],
        script: 'Bom dia!',
      },
    });
    await waitFor(() => expect(screen.queryByTestId('campaign-form')).toBeNull());
  });

  it('lists campaigns with their status and counts; pauses one, finishes it and deletes a draft after confirming', async () => {
    const running = campaign();
    const draft = campaign({ id: id(22), name: 'Renovação', status: 'draft', started_at: null });
    const { calls } = stubApi({
      'GET /campaigns': { body: { data: [running, draft] } },
      [`POST /campaigns/${running.id}/pause`]: { body: { ...running, status: 'paused' } },
      [`POST /campaigns/${running.id}/finish`]: { body: { ...running, status: 'finished' } },
      [`DELETE /campaigns/${draft.id}`]: { body: { ok: true } },
    });
    renderAt('/center/campaigns', [{ path: '/center/campaigns', element: <CampaignsPage /> }]);
    const [first, second] = await screen.findAllByTestId('campaign-row');
    expect(within(first!).getByTestId('campaign-status').textContent).toBe('Em andamento');
    expect(within(first!).getByTestId('campaign-progress').textContent).toBe(
      '20 discadas · 12 atendidas · 18 restantes',
    );
    expect(within(first!).queryByTestId('campaign-edit')).toBeNull();
    expect(within(first!).queryByTestId('campaign-delete')).toBeNull();
    expect(within(second!).getByTestId('campaign-status').textContent).toBe('Rascunho');
    expect(within(second!).getByTestId('campaign-progress').textContent).toBe(
      'Não iniciada: os clientes são tirados da lista ao iniciar',
    );
    expect(within(second!).getByTestId('campaign-start')).toBeTruthy();

    await userEvent.click(within(first!).getByTestId('campaign-pause'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/campaigns/${running.id}/pause`)).toBe(true),
    );

    // Finishing is asked first: a finished campaign calls no one again.
    await userEvent.click(within(first!).getByTestId('campaign-finish'));
    await screen.findByText('Encerrar a campanha Cobrança novembro?');
    expect(calls.some((call) => call.path.endsWith('/finish'))).toBe(false);
    await userEvent.click(screen.getByTestId('campaign-finish-confirm'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === `/campaigns/${running.id}/finish`)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Encerrar a campanha Cobrança novembro?')).toBeNull());

    await userEvent.click(within(second!).getByTestId('campaign-delete'));
    await screen.findByText('Excluir a campanha Renovação?');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByTestId('campaign-delete-confirm'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/campaigns/${draft.id}`);
  });
});

const attempt = (n: number, overrides: Partial<CampaignAttempt> = {}): CampaignAttempt => ({
  id: id(40 + n),
  campaign_id: id(20),
  campaign_name: 'Cobrança novembro',
  contact_id: id(60 + n),
  contact_name: `Cliente ${n}`,
  number: `551199990000${n}`,
  try_number: 1,
  user: { id: ana.id, name: ana.name },
  call_record_id: null,
  started_at: STAMP,
  answered_at: null,
  ended_at: null,
  outcome: 'sale',
  notes: null,
  ...overrides,
});

describe('a campaign’s live view', () => {
  it('shows its counts, warns past the abandon limit, follows agents, changes the ratio and pages attempts', async () => {
    let reads = 0;
    const live = (): CampaignLive => ({
      campaign: campaign(),
      within_hours: false,
      callable: 0,
      agents: [
        {
          user_id: ana.id,
          name: ana.name,
          state: 'on_call',
          since: STAMP,
          calls: 7,
          contact_name: 'Cliente 1',
        },
        { user_id: bia.id, name: bia.name, state: 'available', since: null, calls: 5, contact_name: null },
      ],
    });
    const { calls } = stubApi({
      [`GET /campaigns/${id(20)}/live`]: () => {
        reads += 1;
        return { body: live() };
      },
      [`GET /campaigns/${id(20)}/attempts`]: (call) => ({
        body:
          call.query.cursor === 'page-2'
            ? { data: [attempt(3, { outcome: null, user: null })], next_cursor: null }
            : { data: [attempt(1), attempt(2, { outcome: 'no_answer' })], next_cursor: 'page-2' },
      }),
      [`PATCH /campaigns/${id(20)}/ratio`]: { body: campaign({ ratio: 2 }) },
    });
    renderAt(`/center/campaigns/${id(20)}`, [
      { path: '/center/campaigns/:campaignId', element: <CampaignLivePage /> },
    ]);
    expect(await screen.findByText('Cobrança novembro')).toBeTruthy();
    expect(screen.getByTestId('stat-dialled').textContent).toBe('20');
    expect(screen.getByTestId('stat-remaining').textContent).toBe('18');
    expect(screen.getByTestId('stat-in_progress').textContent).toBe('2');
    expect(screen.getByTestId('stat-abandon_rate').textContent).toBe('8,3%');
    expect(screen.getByTestId('campaign-abandon-warning').textContent).toContain(
      'A taxa de abandono passou de 3%',
    );
    expect(screen.getByTestId('campaign-outcomes').textContent).toContain('Venda: 4');
    expect(screen.getByTestId('campaign-within-hours').textContent).toBe(
      'Fora do horário de ligação (08:00–21:00): aguardando',
    );
    // Of the customers still to call, those whose own clock is within the hours now.
    expect(screen.getByTestId('campaign-callable').textContent).toBe(
      '0 de 18 clientes restantes podem ser chamados agora, no horário de cada um',
    );
    expect(screen.getAllByTestId('campaign-agent').map((row) => row.textContent)).toEqual([
      'Ana LimaEm ligaçãoCliente 17',
      'Bia ReisDisponível5',
    ]);
    expect(screen.getByTestId('campaign-pause')).toBeTruthy();

    const ratio = screen.getByRole('textbox', { name: 'Linhas por atendente' });
    await userEvent.clear(ratio);
    await userEvent.type(ratio, '2');
    await userEvent.click(screen.getByTestId('campaign-ratio-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ratio: 2 });

    await waitFor(() => expect(screen.getAllByTestId('campaign-attempt')).toHaveLength(2));
    expect(screen.getAllByTestId('campaign-attempt')[1]!.textContent).toContain('Não atendeu');
    await userEvent.click(screen.getByTestId('attempts-next'));
    await waitFor(() => expect(screen.getAllByTestId('campaign-attempt')).toHaveLength(1));
    expect(screen.getByTestId('campaign-attempt').textContent).toContain('Em andamento');
    expect(calls.at(-1)?.query).toEqual({ limit: '50', cursor: 'page-2' });

    const before = reads;
    act(() => handlers.get('campaign.changed')?.());
    await waitFor(() => expect(reads).toBeGreaterThan(before), { timeout: 2_000 });
  });
});

// The attendant's side of power-dial campaigns: the SIP headers of a campaign call and what an incoming INVITE
// says, the user campaigns modal's two views, the dial popup's three triggers (the SIP agent faked at its
// boundary, as the softphone's tests do) and the campaign outcome of the classification.
import type { CallRecord, NextDial, UserCampaign } from '@atende/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCallTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { connectFakeSocket, disconnectFakeSocket } from '../../test/fake-socket.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { renderRoutes, renderWithClient } from '../../test/render.tsx';
import { fakePhoneAgent } from '../../test/fake-phone-agent.ts';
import { campaignCallHeaders, campaignInvite } from './campaign-sip.ts';
import { CampaignDialPopup } from './CampaignDialPopup.tsx';
import { ClassificationModal } from './ClassificationModal.tsx';
import { usePhoneStore } from './phone-store.ts';
import { forgetPlacedCalls } from './use-campaign-dial.ts';
import { UserCampaignsModal } from './UserCampaignsModal.tsx';

beforeAll(async () => {
  await loadCallTexts();
});
beforeEach(() => forgetPlacedCalls());
afterEach(() => {
  vi.unstubAllGlobals();
  usePhoneStore.getState().reset();
  useSessionStore.setState({ user: null });
  disconnectFakeSocket();
});

const id = (n: number) => `01a201b8-0000-7000-9000-0000000001${String(n).padStart(2, '0')}`;

describe('a campaign call on SIP', () => {
  it('carries the Smart Trigger type and its attempt; an answered hand-over is answered at once', () => {
    expect(campaignCallHeaders(id(1))).toEqual([
      'X-Atende-Call-Type: 2',
      `X-Atende-Campaign-Detail: ${id(1)}`,
    ]);
    const request = (headers: Record<string, string>) => ({ getHeader: (name: string) => headers[name] });
    expect(
      campaignInvite(request({ 'X-Atende-Campaign-Detail': id(1), 'X-Atende-Trigger': 'answered' })),
    ).toEqual({ campaignDetailId: id(1), autoAnswer: true });
    expect(campaignInvite(request({ 'X-Atende-Campaign-Detail': id(1) }))).toEqual({
      campaignDetailId: id(1),
      autoAnswer: false,
    });
    // A trigger without a campaign attempt is no campaign call: it rings as any other.
    expect(campaignInvite(request({ 'X-Atende-Trigger': 'answered' }))).toEqual({
      campaignDetailId: null,
      autoAnswer: false,
    });
  });
});

describe('the user campaigns modal', () => {
  const userCampaign = (overrides: Partial<UserCampaign>): UserCampaign => ({
    campaign_id: id(10),
    name: 'Cobrança novembro',
    status: 'running',
    mode: 'power',
    active: false,
    may_change: true,
    ...overrides,
  });

  it('switches the participation where it may change, and only says it elsewhere', async () => {
    const changeable = userCampaign({});
    const fixed = userCampaign({
      campaign_id: id(11),
      name: 'Renovação',
      status: 'finished',
      active: true,
      may_change: false,
    });
    const { calls } = stubApi({
      'GET /phone/user/campaign': { body: { data: [changeable, fixed] } },
      'POST /phone/user/campaign': (call) => ({
        body: { ...changeable, active: (call.body as { active: boolean }).active },
      }),
    });
    renderWithClient(<UserCampaignsModal />);
    expect(calls).toEqual([]);
    act(() => usePhoneStore.getState().setCampaignsOpen(true));
    await screen.findByRole('dialog', { name: 'Minhas campanhas' });
    const [update, readOnly] = await screen.findAllByTestId('user-campaign');
    expect(update!.getAttribute('data-view')).toBe('update');
    expect(readOnly!.getAttribute('data-view')).toBe('read-only');
    expect(within(readOnly!).queryByRole('switch')).toBeNull();
    expect(within(readOnly!).getByTestId('user-campaign-state').textContent).toBe('Participando');
    expect(readOnly!.textContent).toContain('Encerrada');

    const toggle = within(update!).getByRole('switch', { name: 'Participar da campanha Cobrança novembro' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ campaign_id: id(10), active: true });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });
});

const dialOf = (trigger: NextDial['trigger_action'], n = 20): NextDial => ({
  campaign_detail_id: id(n),
  campaign_id: id(10),
  campaign_name: 'Cobrança novembro',
  campaign_uuid_voice: id(12),
  conversation_id: id(n + 1),
  channel_id: id(n + 2),
  contact_name: 'Maria Cliente',
  number: '5511988887777',
  script: 'Bom dia, falo da Demo.',
  trigger_action: trigger,
  try_number: 2,
});

/** A SIP agent whose placed call announces itself as JsSIP would and gives its Call-ID. */
const fakeAgent = () =>
  fakePhoneAgent(async (number, customer, campaignDetailId) => {
    usePhoneStore.getState().dispatch({
      type: 'outgoing',
      sipCallId: 'o@pbx',
      number,
      customer,
      campaignDetailId,
      at: Date.now(),
    });
    return 'o@pbx';
  });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderPopup() {
  const agent = fakeAgent();
  const store = usePhoneStore.getState();
  store.attach(agent, 30);
  store.dispatch({ type: 'registered' });
  const socket = connectFakeSocket();
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <CampaignDialPopup />
            <Where />
          </>
        ),
      },
    ],
    '/painel',
  );
  return { agent, socket };
}

const where = () => screen.getByTestId('where').textContent;

describe('the dial popup', () => {
  it('previews the customer of next-dial: skipping tells the server; calling places the campaign call', async () => {
    const preview = dialOf('preview');
    const { calls } = stubApi({
      'GET /phone/next-dial': { body: { dial: preview } },
      'POST /phone/next-dial': { body: { ok: true } },
    });
    const { agent, socket } = renderPopup();
    const popup = await screen.findByTestId('campaign-dial');
    expect(popup.textContent).toContain('Maria Cliente');
    expect(popup.textContent).toContain('5511988887777');
    expect(popup.textContent).toContain('Cobrança novembro · tentativa 2');
    expect(screen.getByTestId('campaign-dial-script').textContent).toBe('Bom dia, falo da Demo.');
    await userEvent.click(screen.getByRole('button', { name: 'Pular' }));
    await waitFor(() => expect(screen.queryByTestId('campaign-dial')).toBeNull());
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/phone/next-dial',
      body: { action: 'skip', campaign_detail_id: preview.campaign_detail_id },
    });
    expect(agent.call).not.toHaveBeenCalled();

    const next = dialOf('preview', 30);
    act(() => socket.fire('campaign.dial', next));
    await userEvent.click(await screen.findByRole('button', { name: 'Ligar' }));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ action: 'dialled' }));
    expect(agent.call).toHaveBeenCalledWith(
      '5511988887777',
      { id: next.conversation_id, name: 'Maria Cliente' },
      next.campaign_detail_id,
    );
    expect(calls.at(-1)?.body).toEqual({
      action: 'dialled',
      campaign_detail_id: next.campaign_detail_id,
      call_id: 'o@pbx',
    });
    expect(screen.getByTestId('campaign-dial-state').textContent).toBe('Ligando para o cliente…');
    expect(where()).toBe('/painel');
    // The customer answers: their conversation opens.
    act(() => usePhoneStore.getState().dispatch({ type: 'answered', sipCallId: 'o@pbx', at: Date.now() }));
    await waitFor(() => expect(where()).toBe(`/painel/conversa/${next.conversation_id}`));
    expect(screen.getByTestId('campaign-dial-state').textContent).toBe('Cliente na linha');
    act(() =>
      usePhoneStore
        .getState()
        .dispatch({ type: 'ended', sipCallId: 'o@pbx', at: Date.now(), wrapUpSeconds: 30 }),
    );
    expect(screen.getByTestId('campaign-dial-state').textContent).toBe('Ligação encerrada: classifique-a.');
  });

  it('dials a progressive customer at once and links the call', async () => {
    const { calls } = stubApi({
      'GET /phone/next-dial': { body: { dial: null } },
      'POST /phone/next-dial': { body: { ok: true } },
    });
    const { agent, socket } = renderPopup();
    await waitFor(() => expect(calls.some((call) => call.path === '/phone/next-dial')).toBe(true));
    expect(screen.queryByTestId('campaign-dial')).toBeNull();
    const dial = dialOf('dial');
    act(() => socket.fire('campaign.dial', dial));
    await waitFor(() => expect(agent.call).toHaveBeenCalledOnce());
    expect(agent.call.mock.calls[0]![2]).toBe(dial.campaign_detail_id);
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        action: 'dialled',
        campaign_detail_id: dial.campaign_detail_id,
        call_id: 'o@pbx',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Ligar' })).toBeNull();
    // The same customer sent again is not called twice.
    act(() => socket.fire('campaign.dial', { ...dial }));
    expect(agent.call).toHaveBeenCalledOnce();
  });

  it('opens the conversation of a customer handed over answered (power), placing no call', async () => {
    stubApi({ 'GET /phone/next-dial': { body: { dial: null } } });
    const { agent, socket } = renderPopup();
    const dial = dialOf('answered');
    act(() => socket.fire('campaign.dial', dial));
    await waitFor(() => expect(where()).toBe(`/painel/conversa/${dial.conversation_id}`));
    expect(screen.getByTestId('campaign-dial-state').textContent).toBe('Cliente na linha');
    expect(agent.call).not.toHaveBeenCalled();
  });
});

describe('classifying a campaign call', () => {
  it('requires the outcome, and the return of a callback, and sends them with the reason', async () => {
    useSessionStore.setState({ user: demoUser({ timezone: 'America/Manaus' }), token: 'token' });
    const record = { id: id(50), state: 'ended' } as CallRecord;
    const { calls } = stubApi({
      'GET /phone/reasons': { body: { data: [{ id: id(51), name: 'Cobrança' }] } },
      'GET /phone/calls/by-call-id/p%40pbx': { body: record },
      [`POST /phone/calls/${record.id}/classification`]: { body: record },
    });
    const store = usePhoneStore.getState();
    store.dispatch({ type: 'registered' });
    store.setDial(dialOf('answered'));
    const now = Date.now();
    // The power hand-over: the INVITE names its attempt.
    store.dispatch({
      type: 'incoming',
      sipCallId: 'p@pbx',
      number: '5511988887777',
      campaignDetailId: id(20),
      at: now,
    });
    store.dispatch({ type: 'answered', sipCallId: 'p@pbx', at: now });
    store.dispatch({ type: 'ended', sipCallId: 'p@pbx', at: now, wrapUpSeconds: 30 });
    renderWithClient(<ClassificationModal />);
    await screen.findByRole('dialog', { name: 'Motivo da ligação' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Cobrança' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha o resultado da ligação.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    const outcome = screen.getByRole('textbox', { name: /Resultado da campanha/ });
    await userEvent.click(outcome);
    const list = await waitFor(() => document.getElementById(outcome.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(within(list).getByRole('option', { name: 'Retornar', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe quando retornar.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // The return is told on the user's profile clock (Manaus, UTC-4), whatever the browser's.
    expect(screen.getByText('Fuso horário: America/Manaus')).toBeTruthy();
    await userEvent.type(screen.getByTestId('classification-return-at-date'), '01/12/2026');
    await userEvent.type(screen.getByTestId('classification-return-at-hours'), '10');
    await userEvent.type(screen.getByTestId('classification-return-at-minutes'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(usePhoneStore.getState().wrapUp?.classified).toBe(true));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/phone/calls/${record.id}/classification`,
      body: {
        reason_id: id(51),
        notes: null,
        campaign: { outcome: 'callback', return_at: '2026-12-01T14:30:00.000Z' },
      },
    });
    // Done with this customer: the dialer sends the next.
    expect(usePhoneStore.getState().dial).toBeNull();
  });

  it('asks no outcome of a call outside any campaign', async () => {
    stubApi({ 'GET /phone/reasons': { body: { data: [{ id: id(51), name: 'Cobrança' }] } } });
    const store = usePhoneStore.getState();
    store.dispatch({ type: 'registered' });
    const now = Date.now();
    store.dispatch({ type: 'incoming', sipCallId: 'n@pbx', number: '5511977776666', at: now });
    store.dispatch({ type: 'answered', sipCallId: 'n@pbx', at: now });
    store.dispatch({ type: 'ended', sipCallId: 'n@pbx', at: now, wrapUpSeconds: 30 });
    renderWithClient(<ClassificationModal />);
    await screen.findByRole('radio', { name: 'Cobrança' });
    expect(screen.queryByRole('textbox', { name: /Resultado da campanha/ })).toBeNull();
  });
});

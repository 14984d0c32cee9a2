// The softphone: its state machine (registration, one call at a time, spec §4 statuses, the wrap-up during
// which no call is offered, the classification it asks for), the call bar acting through the SIP agent, and
// the classification modal posting the call's reason to the call's record.
import type { CallRecord, ContactSummary } from '@atende/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { fakePhoneAgent } from '../../test/fake-phone-agent.ts';
import { CallBar } from './CallBar.tsx';
import { ClassificationModal } from './ClassificationModal.tsx';
import { OperatorsModal } from './OperatorsModal.tsx';
import {
  callStatus,
  initialPhoneState,
  offerable,
  phoneReducer,
  wrapUpLeft,
  type PhoneEvent,
  type PhoneState,
} from './phone-machine.ts';
import { usePhoneStore } from './phone-store.ts';
import { dialable, microphoneProblem } from './sip-agent.ts';

const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const run = (events: PhoneEvent[], from: PhoneState = initialPhoneState) => events.reduce(phoneReducer, from);
const online = run([{ type: 'connecting' }, { type: 'registered' }]);
const ring = (sipCallId = 'a@pbx', at = T0): PhoneEvent => ({
  type: 'incoming',
  sipCallId,
  number: '5511988887777',
  at,
});
const end = (sipCallId = 'a@pbx', at = T0 + 60_000): PhoneEvent => ({
  type: 'ended',
  sipCallId,
  at,
  wrapUpSeconds: 30,
});

beforeAll(async () => {
  await loadConsoleTexts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  usePhoneStore.getState().reset();
});

describe('the phone’s state machine', () => {
  it('is unknown until registered, awaiting once online, offline again on a drop', () => {
    expect(callStatus(initialPhoneState)).toBe('unknown');
    expect(run([{ type: 'connecting' }]).sip).toBe('connecting');
    expect(online.sip).toBe('online');
    expect(callStatus(online)).toBe('awaiting');
    expect(offerable(online, T0)).toBe(true);
    const dropped = phoneReducer(online, { type: 'unregistered' });
    expect(dropped.sip).toBe('offline');
    expect(callStatus(dropped)).toBe('unknown');
    expect(offerable(dropped, T0)).toBe(false);
    const refused = phoneReducer(online, { type: 'registration_failed' });
    expect(refused).toMatchObject({ sip: 'offline', problem: 'registration_failed' });
    expect(phoneReducer(refused, { type: 'registered' })).toMatchObject({ sip: 'online', problem: null });
  });

  it('rings (calling), is answered (in progress), mutes (mute) and holds, one call at a time', () => {
    const ringing = run([ring()], online);
    expect(callStatus(ringing)).toBe('calling');
    expect(offerable(ringing, T0)).toBe(false);
    // A second call while one rings changes nothing (the agent refuses it as busy).
    expect(run([ring('b@pbx')], ringing)).toBe(ringing);
    const talking = run([{ type: 'answered', sipCallId: 'a@pbx', at: T0 + 5_000 }], ringing);
    expect(callStatus(talking)).toBe('in_progress');
    expect(talking.call?.answeredAt).toBe(T0 + 5_000);
    const muted = run([{ type: 'muted', sipCallId: 'a@pbx', on: true }], talking);
    expect(callStatus(muted)).toBe('mute');
    const held = run([{ type: 'held', sipCallId: 'a@pbx', on: true }], muted);
    expect(held.call).toMatchObject({ muted: true, held: true });
    // Events of another call are not this one's.
    expect(run([{ type: 'muted', sipCallId: 'b@pbx', on: false }], held)).toBe(held);
    expect(run([end('b@pbx')], held)).toBe(held);
    const unmuted = run([{ type: 'muted', sipCallId: 'a@pbx', on: false }], held);
    expect(callStatus(unmuted)).toBe('in_progress');
  });

  it('places a call (making a call) that, answered or not, is wrapped up and classified', () => {
    const dialing = run(
      [
        {
          type: 'outgoing',
          sipCallId: 'o@pbx',
          number: '5511900001111',
          customer: { id: 'c1', name: 'Otávio' },
          at: T0,
        },
      ],
      online,
    );
    expect(callStatus(dialing)).toBe('making_call');
    expect(dialing.call).toMatchObject({ direction: 'outbound', customer: { id: 'c1' } });
    const refused = run(
      [{ type: 'ended', sipCallId: 'o@pbx', at: T0 + 3_000, wrapUpSeconds: 10, problem: 'busy' }],
      dialing,
    );
    expect(refused).toMatchObject({
      call: null,
      problem: 'busy',
      wrapUp: { sipCallId: 'o@pbx', contactId: 'c1', until: T0 + 13_000, classified: false },
    });
  });

  it('offers no call during the wrap-up, then again; a classified wrap-up ends when its time is over', () => {
    const ended = run([ring(), { type: 'answered', sipCallId: 'a@pbx', at: T0 + 1_000 }, end()], online);
    expect(callStatus(ended)).toBe('awaiting');
    expect(ended.wrapUp).toMatchObject({ until: T0 + 90_000, classified: false });
    expect(wrapUpLeft(ended, T0 + 60_000)).toBe(30);
    expect(offerable(ended, T0 + 89_999)).toBe(false);
    expect(offerable(ended, T0 + 90_000)).toBe(true);

    // Classified early: the modal goes, the countdown runs on, the clock ends it.
    const classified = run([{ type: 'classified', sipCallId: 'a@pbx', at: T0 + 70_000 }], ended);
    expect(classified.wrapUp).toMatchObject({ classified: true });
    expect(offerable(classified, T0 + 70_000)).toBe(false);
    expect(run([{ type: 'tick', at: T0 + 80_000 }], classified)).toBe(classified);
    expect(run([{ type: 'tick', at: T0 + 90_000 }], classified).wrapUp).toBeNull();
    // Classified late: done at once. Unclassified: asked for even after the time, never dropped by the clock.
    expect(run([{ type: 'classified', sipCallId: 'a@pbx', at: T0 + 95_000 }], ended).wrapUp).toBeNull();
    expect(run([{ type: 'tick', at: T0 + 999_000 }], ended).wrapUp).toMatchObject({ classified: false });
  });

  it('leaves nothing to classify for an inbound call never answered', () => {
    const missed = run([ring(), end()], online);
    expect(missed).toMatchObject({ call: null, wrapUp: null });
    expect(offerable(missed, T0 + 60_000)).toBe(true);
  });

  it('names microphone failures and dials digits only', () => {
    expect(microphoneProblem(new DOMException('no', 'NotAllowedError'))).toBe('microphone_denied');
    expect(microphoneProblem(new DOMException('no', 'NotFoundError'))).toBe('microphone_missing');
    expect(dialable('+55 (11) 4000-1200')).toBe('551140001200');
  });
});

const fakeAgent = () => fakePhoneAgent();

const customer = {
  id: '01a201b8-0000-7000-9000-0000000000c1',
  name: 'Maria Cliente',
} as ContactSummary;

describe('the call bar', () => {
  it('rings with the customer matched by number; accepting and the in-call controls go to the agent', async () => {
    const { calls } = stubApi({
      'POST /conversations/search': { body: { data: [customer], next_cursor: null } },
    });
    const agent = fakeAgent();
    const store = usePhoneStore.getState();
    store.attach(agent, 30);
    store.dispatch({ type: 'registered' });
    store.dispatch({ ...ring(), at: Date.now() } as PhoneEvent);
    const user = userEvent.setup();
    renderWithClient(
      <MemoryRouter>
        <CallBar />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Maria Cliente')).toBeTruthy();
    expect(screen.getByTestId('call-status').textContent).toBe('Chamando');
    expect(calls.find((call) => call.path === '/conversations/search')?.body).toMatchObject({
      parameter: 'phone',
      value: '5511988887777',
    });
    await user.click(screen.getByRole('button', { name: 'Atender' }));
    expect(agent.answer).toHaveBeenCalledOnce();

    store.dispatch({ type: 'answered', sipCallId: 'a@pbx', at: Date.now() });
    expect(await screen.findByText('Em ligação')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Silenciar microfone' }));
    expect(agent.mute).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Colocar em espera' }));
    expect(agent.hold).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Teclado (DTMF)' }));
    await user.click(screen.getByTestId('keypad-5'));
    await user.click(screen.getByTestId('keypad-#'));
    expect(agent.dtmf.mock.calls).toEqual([['5'], ['#']]);
    await user.click(screen.getByRole('button', { name: 'Desligar' }));
    expect(agent.hangup).toHaveBeenCalledOnce();
  });

  it('offers an unknown caller as a new contact: their number on the company’s voice line', async () => {
    const created = { ...customer, name: 'Novo Cliente' };
    const { calls } = stubApi({
      'POST /conversations/search': { body: { data: [], next_cursor: null } },
      'GET /channels': {
        body: {
          data: [
            { id: 'l1', kind: 'whatsapp', name: 'WhatsApp', address: '+55 11 4000-1000' },
            { id: 'l2', kind: 'voice', name: 'Central', address: '+55 11 4000-1200' },
          ],
        },
      },
      'POST /conversations': { body: created },
    });
    const store = usePhoneStore.getState();
    store.attach(fakeAgent(), 30);
    store.dispatch({ type: 'registered' });
    store.dispatch({ ...ring(), at: Date.now() } as PhoneEvent);
    const user = userEvent.setup();
    renderWithClient(
      <MemoryRouter>
        <CallBar />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Novo contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo contato' });
    // The company's voice line is chosen once the lines have loaded.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Canal de resposta/ }) as HTMLSelectElement).value).toBe(
        'l2',
      ),
    );
    expect(screen.getByDisplayValue('5511988887777')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Nome/ }), 'Novo Cliente');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/conversations')?.body).toEqual({
      name: 'Novo Cliente',
      channel: { type: 'voice', address: '5511988887777', output_line_id: 'l2' },
      priority: 'medium',
    });
    // The caller is looked up again: now someone the console knows.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/conversations/search')).toHaveLength(2),
    );
  });

  it('offers no new contact for a caller it knows', async () => {
    stubApi({ 'POST /conversations/search': { body: { data: [customer], next_cursor: null } } });
    usePhoneStore.getState().dispatch({ type: 'registered' });
    usePhoneStore.getState().dispatch({ ...ring(), at: Date.now() } as PhoneEvent);
    renderWithClient(
      <MemoryRouter>
        <CallBar />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Maria Cliente')).toBeTruthy();
    expect(screen.queryByTestId('call-new-contact')).toBeNull();
  });

  it('says the microphone is blocked, and the rest goes on', async () => {
    stubApi({});
    usePhoneStore.getState().dispatch({ type: 'problem', problem: 'microphone_denied' });
    renderWithClient(
      <MemoryRouter>
        <CallBar />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('O navegador bloqueou o microfone');
  });
});

describe('the classification modal', () => {
  it('requires a reason, then classifies the call’s record found by its SIP Call-ID', async () => {
    const record = { id: '01a201b8-0000-7000-9000-0000000000d1', state: 'ended' } as CallRecord;
    const { calls } = stubApi({
      'GET /phone/reasons': {
        body: { data: [{ id: '01a201b8-0000-7000-9000-0000000000e1', name: 'Dúvida' }] },
      },
      'GET /phone/calls/by-call-id/a%40pbx': { body: record },
      [`POST /phone/calls/${record.id}/classification`]: { body: { ...record, reason_name: 'Dúvida' } },
    });
    const store = usePhoneStore.getState();
    store.dispatch({ type: 'registered' });
    const now = Date.now();
    store.dispatch({ ...ring(), at: now } as PhoneEvent);
    store.dispatch({ type: 'answered', sipCallId: 'a@pbx', at: now });
    store.dispatch({ ...end(), at: now, wrapUpSeconds: 30 } as PhoneEvent);
    const user = userEvent.setup();
    renderWithClient(<ClassificationModal />);
    const dialog = await screen.findByRole('dialog', { name: 'Motivo da ligação' });
    expect(dialog.textContent).toMatch(/Pós-atendimento: (30|29) s/);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha o motivo da ligação.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Dúvida' }));
    await user.type(screen.getByTestId('classification-notes'), 'Quer a segunda via');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(usePhoneStore.getState().wrapUp?.classified).toBe(true));
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/phone/calls/${record.id}/classification`,
      body: { reason_id: '01a201b8-0000-7000-9000-0000000000e1', notes: 'Quer a segunda via' },
    });
    // The wrap-up still runs: no call is offered until it ends.
    expect(offerable(usePhoneStore.getState(), Date.now())).toBe(false);
  });
});

describe('the online SIP operators modal', () => {
  it('lists who is registered with their state, once opened', async () => {
    const { calls } = stubApi({
      'GET /phone/operators': {
        body: {
          data: [
            {
              user_id: '01a201b8-0000-7000-9000-0000000000f1',
              name: 'Ana Lima',
              sip_username: '1001',
              state: 'on_call',
              since: new Date(Date.now() - 65_000).toISOString(),
            },
            {
              user_id: '01a201b8-0000-7000-9000-0000000000f2',
              name: 'Bruno Reis',
              sip_username: '1002',
              state: 'wrap_up',
              since: null,
            },
          ],
        },
      },
    });
    renderWithClient(<OperatorsModal />);
    expect(calls).toEqual([]);
    usePhoneStore.getState().setOperatorsOpen(true);
    const dialog = await screen.findByRole('dialog', { name: 'Operadores SIP online' });
    await waitFor(() => expect(screen.getAllByTestId('online-operator')).toHaveLength(2));
    const [ana, bruno] = screen.getAllByTestId('online-operator');
    expect(ana!.textContent).toMatch(/^Ana Lima1001Em ligação01:0[5-7]$/);
    expect(bruno!.textContent).toBe('Bruno Reis1002Pós-atendimento');
    expect(dialog).toBeTruthy();
  });
});

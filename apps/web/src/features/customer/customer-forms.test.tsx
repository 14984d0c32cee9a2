// The customer panels' forms: the edit modal requires a name and shows the server's document refusal on the
// document field; the joker modal requires a joker; the schedule modal requires a future date and shows the
// spec's conflict text (the events form's rules are tested in the events feature).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage, loadConsoleTexts } from '../../lib/i18n.ts';
import { contactOf, summary } from '../../test/contacts.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { ScheduleModal } from '../schedules/ScheduleModal.tsx';
import { checkSchedule } from '../schedules/schedule-form.ts';
import { fromWallTime, toWallTime } from '../../lib/wall-time.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { changesOf, formOf } from './customer-form.ts';
import { EditCustomerModal } from './EditCustomerModal.tsx';
import { JokerModal } from './JokerModal.tsx';
import { renderWithClient } from '../../test/render.tsx';

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

const contact = contactOf(summary({ name: 'Maria da Silva' }));
const ZONE = 'America/Sao_Paulo';

describe('customer data edit', () => {
  it('requires a name before calling the server', async () => {
    const { calls } = stubApi({});
    renderWithClient(<EditCustomerModal contact={contact} opened onClose={() => undefined} />);
    await userEvent.clear(screen.getByTestId('customer-name'));
    await userEvent.click(screen.getByTestId('customer-save'));
    expect(await screen.findByText('É necessário informar o nome')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends only what changed and shows a refused document on the document field', async () => {
    const { calls } = stubApi({
      [`POST /conversation/${contact.id}`]: {
        status: 400,
        body: { message: 'Documento inválido: confira os dígitos.', code: 'invalid_document' },
      },
    });
    renderWithClient(<EditCustomerModal contact={contact} opened onClose={() => undefined} />);
    expect(screen.getByText('CPF/CNPJ')).toBeTruthy();
    await userEvent.type(screen.getByTestId('customer-document'), '123.456.789-00');
    await userEvent.click(screen.getByTestId('customer-save'));
    await screen.findByText('Documento inválido: confira os dígitos.');
    expect(calls[0]?.body).toEqual({ document: '123.456.789-00' });
    expect(screen.getByTestId('customer-document').getAttribute('aria-invalid')).toBe('true');
  });

  it('names the document as the language does: DNI/CUIT in Spanish', async () => {
    stubApi({});
    await applyLanguage('es');
    try {
      renderWithClient(<EditCustomerModal contact={contact} opened onClose={() => undefined} />);
      expect(screen.getByText('DNI/CUIT')).toBeTruthy();
    } finally {
      await applyLanguage('pt_br');
    }
  });

  it('turns emptied fields into null and unchanged forms into nothing', () => {
    const filled = { ...contact, code: 'C-1', tag: 'SP' };
    expect(changesOf(filled, formOf(filled))).toBeNull();
    expect(changesOf(filled, { ...formOf(filled), code: '  ', priority: 'high' })).toEqual({
      code: null,
      priority: 'high',
    });
  });
});

describe('joker', () => {
  it('says a joker must be selected and does not save without one', async () => {
    const { calls } = stubApi({
      [`GET /conversation/${contact.id}/jokers`]: {
        body: { data: [{ id: '01a201b8-0000-7000-9000-0000000000a1', name: 'Acordo' }], current: null },
      },
    });
    renderWithClient(<JokerModal contact={contact} opened onClose={() => undefined} />);
    await userEvent.click(await screen.findByTestId('joker-save'));
    expect(await screen.findByText('Selecione um coringa')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('schedule', () => {
  it('requires a date and shows the conflict text when the contact belongs to another operator', async () => {
    stubApi({
      [`POST /conversation/scheduling/${contact.id}`]: {
        status: 409,
        body: { message: 'conflict', code: 'conflict_contact' },
      },
    });
    renderWithClient(
      <ScheduleModal contactId={contact.id} schedule={null} opened onClose={() => undefined} />,
    );
    await userEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Informe a data e a hora do retorno')).toBeTruthy();
    const tomorrow = toWallTime(Date.now() + 86_400_000, ZONE);
    const [year, month, day] = tomorrow.slice(0, 10).split('-');
    await userEvent.type(screen.getByTestId('schedule-when-date'), `${day}/${month}/${year}`);
    await userEvent.type(screen.getByTestId('schedule-when-hours'), tomorrow.slice(11, 13));
    await userEvent.type(screen.getByTestId('schedule-when-minutes'), tomorrow.slice(14, 16));
    await userEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() =>
      expect(screen.getByTestId('schedule-error').textContent).toBe(
        'O contato já está vinculado a outro operador. Verifique com a gestão.',
      ),
    );
  });

  it('reads the date in the user time zone and refuses the past', () => {
    expect(fromWallTime('2026-11-22T09:30', ZONE)?.toISOString()).toBe('2026-11-22T12:30:00.000Z');
    expect(toWallTime('2026-11-22T12:30:00.000Z', ZONE)).toBe('2026-11-22T09:30');
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    expect(checkSchedule('2026-11-22T08:59', 'x', ZONE, now)).toEqual({
      ok: false,
      error: 'schedules.errors.inPast',
    });
    expect(checkSchedule('2026-11-22T09:30', ' ligar ', ZONE, now)).toEqual({
      ok: true,
      request: { scheduled_at: '2026-11-22T12:30:00.000Z', annotation: 'ligar' },
    });
  });
});

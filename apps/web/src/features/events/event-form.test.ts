// The event form's rules (an action, a non-negative amount, the date in the user's time zone) and how the
// amount field writes money in each language.
import { describe, expect, it } from 'vitest';
import { amountFormat } from './amount-format.ts';
import { checkEvent } from './event-form.ts';

const ZONE = 'America/Sao_Paulo';

describe('events form', () => {
  it('requires an action, checks the amount and sends what was given', () => {
    const form = { actionId: null, amount: '', annotation: '', responsibleId: null, date: '' };
    expect(checkEvent(form, ZONE)).toEqual({
      ok: false,
      errors: { actionId: 'events.errors.actionRequired' },
    });
    expect(checkEvent({ ...form, actionId: 'a', amount: -3 }, ZONE)).toEqual({
      ok: false,
      errors: { amount: 'events.errors.amountInvalid' },
    });
    expect(
      checkEvent(
        { ...form, actionId: 'a', amount: 1234.567, annotation: ' pago ', date: '2026-11-22T09:30' },
        ZONE,
      ),
    ).toEqual({
      ok: true,
      request: { action_id: 'a', amount: 1234.57, annotation: 'pago', date: '2026-11-22T12:30:00.000Z' },
    });
  });

  it('applies the chosen action’s rules: a value required or not allowed, an annotation required', () => {
    const form = { actionId: 'a', amount: '', annotation: ' ', responsibleId: null, date: '' };
    const sale = { id: 'a', name: 'Venda', amount: 'required', annotation_required: true } as const;
    expect(checkEvent(form, ZONE, sale)).toEqual({
      ok: false,
      errors: { amount: 'events.errors.amountRequired', annotation: 'events.errors.annotationRequired' },
    });
    expect(checkEvent({ ...form, amount: 10, annotation: 'anual' }, ZONE, sale)).toEqual({
      ok: true,
      request: { action_id: 'a', amount: 10, annotation: 'anual' },
    });
    const visit = { ...sale, amount: 'none', annotation_required: false } as const;
    expect(checkEvent({ ...form, amount: 10 }, ZONE, visit)).toEqual({
      ok: true,
      request: { action_id: 'a' },
    });
  });

  it('formats the amount as the language writes Brazilian reais', () => {
    expect(amountFormat('pt_br')).toEqual({ prefix: 'R$ ', decimalSeparator: ',', thousandSeparator: '.' });
    expect(amountFormat('en')).toMatchObject({ decimalSeparator: '.', thousandSeparator: ',' });
  });
});

import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDateTime, formatDuration } from './format.ts';

const instant = '2026-01-15T12:30:00Z';

describe('formatDateTime', () => {
  it('uses America/Sao_Paulo unless the user has another timezone', () => {
    expect(formatDateTime(instant, { language: 'pt_br' })).toBe('15/01/2026, 09:30');
    expect(formatDateTime(instant, { language: 'pt_br', timeZone: 'Europe/Lisbon' })).toBe(
      '15/01/2026, 12:30',
    );
  });

  it('follows the language', () => {
    expect(formatDateTime(instant, { language: 'en', timeZone: 'UTC' })).toBe('1/15/26, 12:30 PM');
  });
});

describe('formatCurrency', () => {
  it('formats BRL by default', () => {
    expect(formatCurrency(1234.5, { language: 'pt_br' }).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
  });

  it('accepts another currency', () => {
    expect(formatCurrency(10, { language: 'en', currency: 'USD' })).toBe('$10.00');
  });
});

describe('formatDuration', () => {
  it('reads naturally', () => {
    expect(formatDuration(42, 'en')).toBe('42 sec');
    expect(formatDuration(3_900, 'en')).toBe('1 hr 5 min');
    expect(formatDuration(90_000, 'pt_br')).toMatch(/^1 dia 1 h/);
  });
});

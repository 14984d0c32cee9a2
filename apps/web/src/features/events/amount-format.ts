// How the amount field of an event reads in the user's language: the currency symbol (BRL unless told) and the
// decimal and thousands separators of the locale ("R$ 1.234,50" in pt-BR, "US$ 1,234.50" in en).
import { DEFAULT_CURRENCY, type Language } from '@atende/contract';
import { toLanguageTag } from '../../lib/language.ts';

export interface AmountFormat {
  prefix: string;
  decimalSeparator: string;
  thousandSeparator: string;
}

export function amountFormat(language: Language, currency: string = DEFAULT_CURRENCY): AmountFormat {
  const parts = new Intl.NumberFormat(toLanguageTag(language), { style: 'currency', currency }).formatToParts(
    1234.5,
  );
  const part = (type: Intl.NumberFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
  return {
    prefix: `${part('currency') ?? currency} `,
    decimalSeparator: part('decimal') ?? ',',
    thousandSeparator: part('group') ?? '.',
  };
}

/** The amount of the form as the API takes it: a number with at most two decimals, or null when empty. */
export function amountValue(input: number | string): number | null | 'invalid' {
  if (input === '' || input === null) return null;
  const value = typeof input === 'number' ? input : Number(input);
  if (!Number.isFinite(value) || value < 0 || value > 1e10) return 'invalid';
  return Math.round(value * 100) / 100;
}

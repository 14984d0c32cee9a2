// Dates and money through Intl: the user's timezone (default America/Sao_Paulo) and BRL unless told otherwise.
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE, type Language } from '@atende/contract';
import { toLanguageTag } from './language.ts';

export interface FormatContext {
  language: Language;
  timeZone?: string;
}

const toDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));

const cachedFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl formats are costly to build (about a tenth of a millisecond each) and lists and the timeline format
 * every row they render: one per language, zone and style.
 */
const cachedFormat = (tag: string, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${tag}|${timeZone}|${JSON.stringify(options)}`;
  let format = cachedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    cachedFormats.set(key, format);
  }
  return format;
};

export const formatDateTime = (
  value: Date | string | number,
  { language, timeZone = DEFAULT_TIMEZONE }: FormatContext,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' },
): string => cachedFormat(toLanguageTag(language), timeZone, options).format(toDate(value));

export const formatLongDate = (value: Date | string | number, context: FormatContext): string =>
  formatDateTime(value, context, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export const formatCurrency = (
  amount: number,
  { language, currency = DEFAULT_CURRENCY }: { language: Language; currency?: string },
): string => new Intl.NumberFormat(toLanguageTag(language), { style: 'currency', currency }).format(amount);

/** "1 h 5 min"-style durations come from Intl.NumberFormat units so every language reads naturally. */
export const formatDuration = (seconds: number, language: Language): string => {
  const tag = toLanguageTag(language);
  const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
  if (minutes > 0) return `${unit(minutes, 'minute')} ${unit(total % 60, 'second')}`;
  return unit(total, 'second');
};

/** IANA timezones the browser knows, for the profile's timezone choice. */
export const listTimeZones = (): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(DEFAULT_TIMEZONE) ? zones : [DEFAULT_TIMEZONE, ...zones];
};

/** A message time as lists show it: the time of day when it is today (in the user's zone), else the date. */
export const formatMessageTime = (
  value: Date | string | number,
  { language, timeZone = DEFAULT_TIMEZONE }: FormatContext,
  now: Date = new Date(),
): string => {
  const tag = toLanguageTag(language);
  const date = toDate(value);
  const day = cachedFormat(tag, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(date) === day.format(now)
    ? cachedFormat(tag, timeZone, { hour: '2-digit', minute: '2-digit' }).format(date)
    : cachedFormat(tag, timeZone, { day: '2-digit', month: '2-digit' }).format(date);
};

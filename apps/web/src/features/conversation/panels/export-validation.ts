// The export form's rules (spec §5), the server's own: two valid dates, the end not before the start, and at
// most EXPORT_MAX_DAYS between them.
import { EXPORT_MAX_DAYS } from '@atende/contract';

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ExportProblem = 'invalidDate' | 'tooLong';

const isValidDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export function validateExport(start: string, end: string): ExportProblem | null {
  if (!isValidDate(start) || !isValidDate(end) || end < start) return 'invalidDate';
  if (Date.parse(end) - Date.parse(start) >= EXPORT_MAX_DAYS * DAY_MS) return 'tooLong';
  return null;
}

/** YYYY-MM-DD of a day `days` before `from` (the form's default range ends today). */
export const isoDay = (from: Date, days = 0): string =>
  new Date(from.getTime() - days * DAY_MS).toISOString().slice(0, 10);

// The export form's rules match the server's: valid dates, end not before start, at most 90 days apart.
import { describe, expect, it } from 'vitest';
import { validateExport } from './export-validation.ts';

describe('validateExport', () => {
  it('accepts a range within 90 days', () => {
    expect(validateExport('2026-10-01', '2026-10-30')).toBeNull();
    expect(validateExport('2026-10-01', '2026-10-01')).toBeNull();
    expect(validateExport('2026-01-01', '2026-03-31')).toBeNull(); // 89 days apart
  });

  it('refuses missing, malformed, impossible or reversed dates', () => {
    expect(validateExport('', '2026-10-30')).toBe('invalidDate');
    expect(validateExport('2026-10-01', '30/10/2026')).toBe('invalidDate');
    expect(validateExport('2026-02-30', '2026-03-10')).toBe('invalidDate');
    expect(validateExport('2026-10-30', '2026-10-01')).toBe('invalidDate');
  });

  it('refuses an interval of 90 days or more, as the server does', () => {
    expect(validateExport('2026-01-01', '2026-04-01')).toBe('tooLong'); // 90 days apart
    expect(validateExport('2026-01-01', '2026-04-02')).toBe('tooLong');
  });
});

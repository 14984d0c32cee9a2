import { describe, expect, it } from 'vitest';
import { isoTimestamp, isoTimestampOrNull } from './timestamps.ts';

describe('isoTimestamp', () => {
  it('writes what Date would, from every form PostgreSQL prints a timestamp in', () => {
    for (const text of [
      '2026-11-22 13:17:42.086123+00',
      '2026-11-22 13:17:42.086+00',
      '2026-11-22 13:17:42.5+00',
      '2026-11-22 13:17:42+00',
      '2026-11-22T13:17:42.086123+00:00',
      '2026-11-22T13:17:42+00:00',
      '2026-11-22 10:17:42.25-03',
      '2026-11-22T16:47:42.1+05:30',
    ]) {
      expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 22, 13, 17, 42, 86)))).toBe('2026-11-22T13:17:42.086Z');
    expect(isoTimestampOrNull(null)).toBeNull();
  });
});

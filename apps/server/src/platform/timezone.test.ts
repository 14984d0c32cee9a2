import { expect, it } from 'vitest';
import { startOfDay } from './timezone.ts';
it('tz', () => {
  expect(startOfDay('2026-11-22', 'America/Sao_Paulo').toISOString()).toBe('2026-11-22T03:00:00.000Z');
  expect(startOfDay('2026-11-22', 'America/Sao_Paulo', 1).toISOString()).toBe('2026-11-23T03:00:00.000Z');
  expect(startOfDay('2026-03-29', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T00:00:00.000Z');
  expect(startOfDay('2026-03-30', 'Europe/Lisbon').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  expect(startOfDay('2026-01-31', 'UTC', 1).toISOString()).toBe('2026-02-01T00:00:00.000Z');
});

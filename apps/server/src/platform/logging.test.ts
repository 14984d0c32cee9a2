import { describe, expect, it } from 'vitest';
import { requestId } from './logging.ts';

describe('requestId', () => {
  it('is a UUID v7 of the current millisecond, different each time', () => {
    const before = Date.now();
    const ids = Array.from({ length: 100 }, requestId);
    const after = Date.now();
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const time = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

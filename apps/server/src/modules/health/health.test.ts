import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database answers, 503 once it is gone', async () => {
    const t = await createTestApp();
    try {
      const up = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ status: 'ok', database: 'up', version: '2.3.0' });
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    } finally {
      await t.close();
    }
  });
});

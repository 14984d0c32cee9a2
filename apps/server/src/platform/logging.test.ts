import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions, redactUrl, requestId } from './logging.ts';

describe('credentials in URLs', () => {
  it('never reach the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggingOptions({ logLevel: 'info' });
    const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
    app.get('/painel', async () => 'ok');
    await app.inject({ method: 'GET', url: '/painel?access_token=eyJhbGciOi.secret.part&tab=2' });
    await app.close();
    const logged = lines.join('\n');
    expect(logged).toContain('/painel?access_token=***&tab=2');
    expect(logged).not.toContain('secret');
  });

  it('keep every other parameter, encoded names included', () => {
    expect(redactUrl('/api/files/1?sig=abc')).toBe('/api/files/1?sig=***');
    expect(redactUrl('/x?a=1&access%5Ftoken=t&b')).toBe('/x?a=1&access%5Ftoken=***&b');
    expect(redactUrl('/x')).toBe('/x');
  });

  it('hide a password reset link’s token, which is in its path', () => {
    expect(redactUrl('/redefinir-senha/abc-DEF_123?x=1')).toBe('/redefinir-senha/***');
  });
});

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

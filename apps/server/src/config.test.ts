import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

describe('configuration', () => {
  it('works with no configuration, generating a JWT secret once and keeping it in DATA_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atende-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      role: 'all',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('rejects invalid values with a readable list', () => {
    expect(() => loadConfig({ PORT: 'eighty', ROLE: 'boss', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/ROLE/);
    }
  });

  it('runs several processes only on PostgreSQL and Redis', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atende-config-'));
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '2' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATA_DIR: dir, WORKERS: '2', DATABASE_URL: 'postgres://db/atende' })).toThrow(
      /REDIS_URL/,
    );
    const config = loadConfig({
      DATA_DIR: dir,
      WORKERS: '2',
      DATABASE_URL: 'postgres://db/atende',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config.workers).toBe(2);
    expect(loadConfig({ DATA_DIR: dir }).workers).toBe(1);
  });

  it('takes the login failure ceiling per address, 500 by default, refusing nonsense', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atende-config-'));
    expect(loadConfig({ DATA_DIR: dir }).loginFailuresPerIp).toBe(500);
    expect(loadConfig({ DATA_DIR: dir, LOGIN_FAILURES_PER_IP: '2000' }).loginFailuresPerIp).toBe(2000);
    for (const value of ['many', '0', '2.5', '-1']) {
      expect(() => loadConfig({ DATA_DIR: dir, LOGIN_FAILURES_PER_IP: value })).toThrow(
        /LOGIN_FAILURES_PER_IP/,
      );
    }
  });

  it('masks secrets when described for the log', () => {
    const config = loadConfig({
      DATA_DIR: tmpdir(),
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://atende:hunter2@db:5432/atende',
    });
    const text = JSON.stringify(describeConfig(config));
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('x'.repeat(40));
  });
});

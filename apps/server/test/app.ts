// Builds the real app for a test file on its own database: a PGlite loaded from the migrated template, or a
// PostgreSQL database cloned from the template when TEST_DATABASE_URL is set.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loopbackRegistry } from '../src/channels/loopback.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';
import { createPglite, openDatabase, type Database } from '../src/platform/db/database.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
};

let counter = 0;

/**
 * `reach` rewrites the PostgreSQL URL the app connects with (a test puts a proxy it can stop in between); the
 * clone is still created and dropped directly.
 */
export async function openTestDatabase(
  reach: (url: string) => string = (url) => url,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `atende_t_${process.pid}_${Date.now()}_${counter++}`;
    await adminQuery(url, `create database ${name} template ${template}`);
    const database = await openDatabase({ url: reach(withDatabase(url, name)), poolSize: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
  const pglite = await createPglite({ loadDataDir: dump });
  const database = await openDatabase({ pglite });
  return { database, drop: () => database.close() };
}

/**
 * The app on a fresh database; `env` overrides configuration, `setup` may add routes before it is ready,
 * `reachDatabase` rewrites the PostgreSQL URL (openTestDatabase).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    setup?: (app: FastifyInstance) => void;
    reachDatabase?: (url: string) => string;
  } & BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atende-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIR: join(dataDir, 'web'),
    CHECK_RESPONSES: 'true',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase(options.reachDatabase);
  // Loopback delivery unless a test brings adapters: most tests are about the flow, not a provider.
  const app = await buildApp(config, database, {
    ...options,
    adapters: options.adapters ?? loopbackRegistry,
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

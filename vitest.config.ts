// `npm test`: every workspace's tests in one run (server on PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const projects = ['packages/contract', 'apps/server', 'apps/web', 'apps/widget', 'e2e'].filter((dir) =>
  existsSync(`${dir}/vitest.config.ts`),
);

export default defineConfig({ test: { projects } });

// Migrates one template database per test run: a PGlite dump on disk, or with TEST_DATABASE_URL a PostgreSQL
// template database. Each test file then starts from a copy of it (see test/app.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  createPglite,
  openDatabase,
  runMigrations,
  type Database,
  type DatabaseOptions,
} from '../src/platform/db/database.ts';
import { createJobs } from '../src/platform/jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'atende-test-'));
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await prepareTemplate({ pglite }, database);
  const dump = await pglite.dumpDataDir('none');
  const templatePath = join(dir, 'template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', templatePath);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `atende_tpl_${process.pid}`;
    await adminQuery(url, `create database ${templateName}`);
    const templateUrl = withDatabase(url, templateName);
    const postgres = await openDatabase({ url: templateUrl, poolSize: 1 });
    await prepareTemplate({ url: templateUrl }, postgres);
    await postgres.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    if (url && templateName) await adminQuery(url, `drop database if exists ${templateName} with (force)`);
    await rm(dir, { recursive: true, force: true });
  };
}

/** Our migrations plus pg-boss's own schema, so no test file pays for creating either. */
async function prepareTemplate(options: DatabaseOptions, database: Database): Promise<void> {
  await runMigrations(options, database);
  const jobs = createJobs(database, (error) => {
    throw error;
  });
  await jobs.start();
  await jobs.stop();
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

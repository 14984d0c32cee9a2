// Part of the composition root: opens the configured database, applies migrations and, on a fresh install,
// seeds the demo company (the one place the platform's database meets a module).
import type { AppConfig } from './config.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { credentialsBox } from './platform/credentials.ts';
import {
  isEmpty,
  openDatabase,
  runMigrations,
  type Database,
  type DatabaseOptions,
} from './platform/db/database.ts';

export const databaseOptions = (config: AppConfig): DatabaseOptions =>
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };

export async function prepareDatabase(config: AppConfig): Promise<{ database: Database; seeded: boolean }> {
  const options = databaseOptions(config);
  const database = await openDatabase(options);
  try {
    await runMigrations(options, database);
    const seeded =
      config.seedDemo && (await isEmpty(database.db))
        ? await seedDemo(database.db, { credentials: credentialsBox(config.credentialsKey) })
        : false;
    return { database, seeded };
  } catch (error) {
    await database.close();
    throw error;
  }
}

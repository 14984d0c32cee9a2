// `npm run seed:demo`: creates the demo company in the configured database (migrating it first) if missing.
import { loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from '../platform/db/database.ts';
import { databaseOptions } from '../database.ts';
import { seedDemo } from '../modules/demo/seed.ts';
import { credentialsBox } from '../platform/credentials.ts';

const config = loadConfig();
const options = databaseOptions(config);
const database = await openDatabase(options);
try {
  await runMigrations(options, database);
  const created = await seedDemo(database.db, { credentials: credentialsBox(config.credentialsKey) });
  console.log(
    created ? 'Demo company "demo" created (password demo1234).' : 'Demo company "demo" already exists.',
  );
} finally {
  await database.close();
}

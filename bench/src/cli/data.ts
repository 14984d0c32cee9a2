// `npm run bench:data -- --contacts 100000 --messages 2000000`: the benchmark data set into the configured
// database (DATABASE_URL, or PGlite in --data-dir / DATA_DIR, data/bench by default, apart from `npm start`'s
// ./data), migrated first. --replace deletes an earlier data set. On PostgreSQL the data set is then analysed and
// kept as generated (snapshot.ts), so each `npm run bench` starts from it.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase, runMigrations } from '../../../apps/server/src/platform/db/database.ts';
import { databaseOptions } from '../../../apps/server/src/database.ts';
import { generateDataset, removeDataset } from '../dataset/generate.ts';
import { keepSnapshot } from '../runner/snapshot.ts';

const { values } = parseArgs({
  options: {
    contacts: { type: 'string', default: '100000' },
    messages: { type: 'string', default: '2000000' },
    attendants: { type: 'string', default: '500' },
    'small-companies': { type: 'string', default: '4' },
    replace: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
});
const positive = (value: string | undefined, name: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
};

const config = loadConfig({
  ...process.env,
  DATA_DIR: values['data-dir'] ?? process.env.DATA_DIR ?? 'data/bench',
});
const options = databaseOptions(config);
const database = await openDatabase(options);
try {
  await runMigrations(options, database);
  if (values.replace) await removeDataset(database);
  console.log(
    `generating into ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
  );
  const summary = await generateDataset(database, {
    contacts: positive(values.contacts, 'contacts'),
    messages: positive(values.messages, 'messages'),
    attendants: positive(values.attendants, 'attendants'),
    smallCompanies: Number(values['small-companies']) || 0,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(summary, null, 2));
  if (database.kind === 'postgres') await database.raw.executeSql('vacuum (analyze)', []);
  console.log(
    `done in ${summary.seconds} s; log in as company "bench", user "supervisor" or "att123", password demo1234`,
  );
} finally {
  await database.close();
}
if (config.databaseUrl) {
  await keepSnapshot(config.databaseUrl);
  console.log('kept as generated: every npm run bench starts from this data set');
}

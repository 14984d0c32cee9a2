// Generates the benchmark's data set into an open database: one large company (`bench`, 500 attendants) and a
// few small ones (tenancy under load), each created like the demo company (users with password demo1234,
// catalogues, channel lines) and then filled by set-based SQL in one transaction. The indexes of the two big
// tables are dropped during the load and rebuilt after it (one sort per index instead of 2 000 000 inserts
// into each), then the tables are analysed so the planner sees the real distribution.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../../apps/server/src/platform/db/database.ts';
import { sealDays } from '../../../apps/server/src/modules/analytics/daily.ts';
import { findCompanyBySlug } from '../../../apps/server/src/modules/companies/service.ts';
import { seedDemo } from '../../../apps/server/src/modules/demo/seed.ts';
import { companySql, type CompanyPlan } from './company-sql.ts';

export const BENCH_COMPANY = 'bench';
export const BENCH_PASSWORD = 'demo1234';

export type DatasetOptions = {
  contacts: number;
  messages: number;
  /** Attendants of the large company. */
  attendants?: number;
  /** Small companies beside the large one; each gets 1 % of the contacts and messages (at least 20 contacts). */
  smallCompanies?: number;
  now?: Date;
  log?: (line: string) => void;
};

export type DatasetSummary = {
  companies: { slug: string; contacts: number; messages: number; attendants: number }[];
  rows: Record<string, number>;
  seconds: number;
};

/** Tables whose secondary indexes are rebuilt after the load rather than maintained row by row. */
const REBUILT_TABLES = ['messages', 'contacts', 'contact_channels'];
const COUNTED_TABLES = [
  'companies',
  'users',
  'contacts',
  'contact_channels',
  'messages',
  'contact_wallets',
  'schedules',
  'contact_events',
  'threads',
  'thread_messages',
];

/** Keeps contacts.main_channel_kind (migration 0018). */
const MAIN_CHANNEL_TRIGGER = 'contact_channels_main_kind';
/** Rolls each message up for the contacts analytics (migration 0053): added per company in one pass instead. */
const MESSAGES_ANALYTICS_TRIGGER = 'messages_analytics';

export const smallCompanySlug = (n: number) => `${BENCH_COMPANY}-${n}`;

export async function generateDataset(database: Database, options: DatasetOptions): Promise<DatasetSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const small = options.smallCompanies ?? 4;
  const smallContacts = Math.max(20, Math.round(options.contacts * 0.01));
  const smallMessages = Math.max(smallContacts, Math.round(options.messages * 0.01));
  const companies = [
    {
      slug: BENCH_COMPANY,
      contacts: Math.max(1, options.contacts - small * smallContacts),
      messages: Math.max(1, options.messages - small * smallMessages),
      attendants: options.attendants ?? 500,
    },
    ...Array.from({ length: small }, (_, n) => ({
      slug: smallCompanySlug(n + 1),
      contacts: smallContacts,
      messages: smallMessages,
      attendants: 10,
    })),
  ];

  const db = database.db;
  for (const company of companies) {
    if (await findCompanyBySlug(db, company.slug)) {
      throw new Error(
        `company "${company.slug}" already exists: generate into an empty database (or use --replace)`,
      );
    }
  }
  await db.transaction(async (tx) => {
    // Users, catalogues and lines exactly as the product creates them (argon2 password hashes included).
    const plans: CompanyPlan[] = [];
    for (const company of companies) {
      await seedDemo(tx, { slug: company.slug, name: `Bench ${company.slug}`, contacts: 0 });
      const found = await findCompanyBySlug(tx, company.slug);
      plans.push({ companyId: found!.id, now, ...company });
    }
    const run = (statement: string) => tx.execute(sql.raw(statement));
    if (database.kind === 'postgres') {
      await run(`set local maintenance_work_mem = '512MB'`);
      await run(`set local synchronous_commit = off`);
    }
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      tx,
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename in (${REBUILT_TABLES.map((t) => `'${t}'`).join(', ')})
         and indexname not like '%_pkey'`,
    );
    for (const index of indexes) await run(`drop index "${index.indexname}"`);
    // The contacts are written with their main channel's kind; the trigger keeping it, run per channel
    // without the dropped indexes, would scan both tables for each of the 120 000 channels.
    await run(`alter table contact_channels disable trigger ${MAIN_CHANNEL_TRIGGER}`);
    await run(`alter table messages disable trigger ${MESSAGES_ANALYTICS_TRIGGER}`);
    for (const [n, plan] of plans.entries()) {
      const timer = performance.now();
      for (const statement of companySql(plan)) await run(statement);
      log(
        `${companies[n]!.slug}: ${plan.contacts} contacts, ${plan.messages} messages in ${seconds(timer)} s`,
      );
    }
    const timer = performance.now();
    await run(`alter table contact_channels enable trigger ${MAIN_CHANNEL_TRIGGER}`);
    await run(`alter table messages enable trigger ${MESSAGES_ANALYTICS_TRIGGER}`);
    for (const index of indexes) await run(index.indexdef);
    for (const plan of plans) {
      await run(`select atende_analytics_add_messages('${plan.companyId}')`);
      // Its past days summed, as the hourly sealing job keeps them in an installation that has been running.
      await sealDays(tx, plan.companyId, new Date());
    }
    log(`${indexes.length} indexes rebuilt in ${seconds(timer)} s`);
  });
  const timer = performance.now();
  await db.execute(sql.raw(database.kind === 'postgres' ? 'vacuum analyze' : 'analyze'));
  log(`analysed in ${seconds(timer)} s`);

  const counted: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await rows<{ n: string }>(db, `select count(*)::text as n from ${table}`);
    counted[table] = Number(row?.n ?? 0);
  }
  return {
    companies: companies.map(({ slug, contacts, messages, attendants }) => ({
      slug,
      contacts,
      messages,
      attendants,
    })),
    rows: counted,
    seconds: Number(seconds(started)),
  };
}

/** Deletes the benchmark companies (their rows go with them by cascade). */
export async function removeDataset(database: Database): Promise<void> {
  await database.db.execute(
    sql`delete from companies where slug = ${BENCH_COMPANY} or slug like ${`${BENCH_COMPANY}-%`}`,
  );
}

async function rows<T>(db: Db, statement: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: T[] };
  return result.rows;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

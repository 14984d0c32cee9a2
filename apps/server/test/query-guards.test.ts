// Guards of the queries behind the console's lists, deterministic (counted and planned, never timed): on the
// benchmark's own data set generator at a small size, analysed so the planner's choices are its honest ones,
//  - the SQL statements a list request runs do not grow with its page size (no N+1);
//  - every API operation that answers a list takes a page size with a maximum, or is bounded by nature;
//  - the plans of the contact list, a conversation's items and message search (in a conversation and across
//    the company) never read `messages` sequentially.
// It always runs on PGlite (drizzle's trace of each statement counts them), also when TEST_DATABASE_URL
// points the rest of the suite at PostgreSQL.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BENCH_COMPANY, BENCH_PASSWORD, generateDataset } from '../../../bench/src/dataset/generate.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createPglite, openDatabase, type Database } from '../src/platform/db/database.ts';

type Statement = { text: string; params: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

let pglite: PGlite;
let database: Database;
let app: FastifyInstance;
let dataDir: string;
/**
 * The statements of the request being measured. Not an AsyncLocalStorage: Fastify's inject does not run the
 * handler in the caller's async context, so such a store saw no statement at all. Requests are measured one
 * at a time; the job queue's own statements (schema pgboss) are left out.
 */
let recording: Statement[] | null = null;
/** The unpatched query method, for EXPLAIN. */
let rawQuery: PGlite['query'];

const tokens: Record<string, string> = {};

beforeAll(async () => {
  pglite = await createPglite({ loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
  rawQuery = pglite.query.bind(pglite);
  // Record the statements a measured request makes (drizzle traces each one, named or not).
  database = await openDatabase({
    pglite,
    traceStatement: (text, params) => recording?.push({ text, params }),
  });
  // Enough rows that an index beats a sequential read only where the index is the right plan.
  const started = performance.now();
  await generateDataset(database, { contacts: 2000, messages: 40_000, attendants: 20, smallCompanies: 1 });
  console.log(`data set generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  dataDir = await mkdtemp(join(tmpdir(), 'atende-guards-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    WEB_DIR: join(dataDir, 'web'),
    CHECK_RESPONSES: 'true',
    // The API only: a worker's background job (the critical sweep each minute) would land its statements in
    // the request being measured.
    ROLE: 'api',
  });
  // Windows small beside the company's messages, so a search reaches each of its steps.
  app = await buildApp(config, database, { searchWindows: [4_000, 8_000] });
  await app.ready();
  for (const username of ['supervisor', 'att005']) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { company: BENCH_COMPANY, username, password: BENCH_PASSWORD },
    });
    tokens[username] = response.json<{ access_token: string }>().access_token;
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The statements one request runs, and its answer. */
async function statementsOf(username: string, url: string, body?: unknown) {
  const statements: Statement[] = [];
  recording = statements;
  const response = await app
    .inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: { authorization: `Bearer ${tokens[username]}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
    .finally(() => {
      recording = null;
    });
  expect(response.statusCode, response.body).toBe(200);
  // The request's own read at least: an empty record would make every guard below pass vacuously.
  expect(statements.length).toBeGreaterThan(0);
  return { statements, json: response.json<{ data: unknown[] }>() };
}

async function planOf(statement: Statement): Promise<PlanNode> {
  const result = await rawQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.text}`,
    statement.params,
  );
  return result.rows[0]!['QUERY PLAN'][0].Plan;
}

const sequentialScans = (plan: PlanNode): string[] => [
  ...(plan['Node Type'] === 'Seq Scan' && plan['Relation Name'] ? [plan['Relation Name']] : []),
  ...(plan.Plans ?? []).flatMap(sequentialScans),
];

/** The indexes of `table` a plan reads. */
const indexesOf = (plan: PlanNode, table: string): string[] => [
  ...(plan['Relation Name'] === table && plan['Index Name'] ? [plan['Index Name']] : []),
  ...(plan.Plans ?? []).flatMap((child) => indexesOf(child, table)),
];

/** Sort nodes whose input reads `table` directly: a part of a list read whole and sorted, not in order. */
const sortsOf = (plan: PlanNode, table: string): PlanNode[] => [
  ...(plan['Node Type'] === 'Sort' && (plan.Plans ?? []).some((child) => child['Relation Name'] === table)
    ? [plan]
    : []),
  ...(plan.Plans ?? []).flatMap((child) => sortsOf(child, table)),
];

/** Tables read sequentially by any statement of a request. */
async function scannedTables(statements: Statement[]): Promise<string[]> {
  const tables: string[] = [];
  for (const statement of statements) {
    // Reads, including those written as a CTE (EXPLAIN without ANALYZE runs nothing).
    if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
    tables.push(...sequentialScans(await planOf(statement)));
  }
  return tables;
}

/** The supervisor's longest conversation (the generator gives one in a thousand contacts thousands of items). */
async function longestConversation(): Promise<string> {
  const result = await rawQuery<{ contact_id: string }>(
    `select contact_id from messages group by contact_id order by count(*) desc limit 1`,
  );
  return result.rows[0]!.contact_id;
}

describe('list requests run a fixed number of statements whatever the page size', () => {
  it.each([
    ['/api/contacts?limit=', 'att005'],
    ['/api/contacts?filter=mine&limit=', 'att005'],
    ['/api/contacts?order=last_message&limit=', 'supervisor'],
    ['/api/contacts?filter=pending&limit=', 'supervisor'],
  ])('%s (as %s)', async (url, username) => {
    const small = await statementsOf(username, `${url}1`);
    const large = await statementsOf(username, `${url}200`);
    expect(large.json.data.length).toBeGreaterThan(small.json.data.length);
    expect(large.statements.length).toBe(small.statements.length);
  });

  it("a signed-in user's page is one statement: the session checked at login is remembered", async () => {
    const { statements } = await statementsOf('att005', '/api/contacts?limit=1');
    expect(statements.map((statement) => statement.text.includes('"sessions"'))).toEqual([false]);
  });

  it('a conversation page of 200 items runs the statements of a page of 1', async () => {
    const contactId = await longestConversation();
    const small = await statementsOf('supervisor', `/api/conversation/${contactId}/items?limit=1`);
    const large = await statementsOf('supervisor', `/api/conversation/${contactId}/items?limit=200`);
    expect(large.json.data).toHaveLength(200);
    expect(large.statements.length).toBe(small.statements.length);
  });

  it('a contact search answering 200 contacts runs the statements of one answering 1', async () => {
    const search = (limit: number) =>
      statementsOf('supervisor', '/api/conversations/search', { parameter: 'name', value: 'silva', limit });
    const small = await search(1);
    const large = await search(200);
    expect(large.json.data.length).toBeGreaterThan(1);
    expect(large.statements.length).toBe(small.statements.length);
  });
});

describe('every list the API answers is bounded', () => {
  type Schema = {
    type?: string;
    maximum?: number;
    maxItems?: number;
    properties?: Record<string, Schema>;
    $ref?: string;
  };
  type Operation = {
    parameters?: { in: string; name: string; schema?: Schema }[];
    requestBody?: { content?: Record<string, { schema?: Schema }> };
    responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  };
  /** Lists bounded by what they are, not by a page size: each with the reason. */
  const BOUNDED_BY_NATURE: Record<string, string> = {
    'get /api/conversations/waiting': 'the first page of the waiting queue and its count',
    'get /api/conversation/{id}/messages/search': 'MESSAGE_SEARCH_LIMIT matches and has_more',
    'get /api/conversation/{id}/threads': 'at most 200 threads of one conversation',
    'get /api/conversation/{id}/threads/{threadId}/messages': 'THREAD_MESSAGES_PAGE messages per page',
    'get /api/conversation/{id}/events': 'the last EVENTS_HISTORY_SIZE events',
    'get /api/conversation/{id}/jokers': "the company's jokers, a catalogue (CATALOGUE_LIMIT)",
    'get /api/conversation/scheduling': "the user's pending returns, at most 500",
    'get /api/conversation/scheduling/{id}': "a contact's returns, at most 500",
    'get /api/v2/phrases': 'ready phrases, at most PHRASES_LIMIT',
    'get /api/responsibles': 'users a contact can be given to, at most RESPONSIBLES_LIMIT',
    'get /api/events/actions': 'a catalogue (CATALOGUE_LIMIT)',
    'get /api/wallets': 'a catalogue (CATALOGUE_LIMIT)',
    'get /api/pause/reasons': 'a catalogue (CATALOGUE_LIMIT)',
    'get /api/center/pauses': 'one open pause per user of the company, at most ACTIVE_PAUSES_LIMIT',
    'get /api/phone/reasons': 'a catalogue (CATALOGUE_LIMIT)',
    'get /api/channels': "the company's channel lines, a catalogue (CATALOGUE_LIMIT)",
    'get /api/center/channels': "the company's channel lines, configured one by one by its administrators",
    'get /api/center/channels/{id}/whatsapp-templates':
      "an account's templates, at most WHATSAPP_TEMPLATES_MAX",
    'post /api/center/channels/{id}/whatsapp-templates/sync': 'the same list, as synced',
    'get /api/whatsapp-templates': 'approved templates, at most WHATSAPP_TEMPLATES_MAX',
    'get /api/pipeline': 'the pipelines the user sees, at most PIPELINES_LIMIT',
    'get /api/user/pipeline': "a board's or a customer's cards, at most CARDS_LIMIT",
    'get /api/responsible/{responsibleId}/pipeline': "a responsible's cards, at most CARDS_LIMIT",
    'get /api/pipeline/{pipelineId}/labels': "a pipeline's labels, at most PIPELINE_LABELS_LIMIT",
    'get /api/changelog': 'the newest CHANGELOG_LIST_MAX versions',
    'get /api/broadcasts/lists': 'the newest LISTS_PAGE transmission lists',
    'get /api/broadcasts': 'the newest BROADCASTS_PAGE broadcasts',
    'get /api/center/survey-answers': 'SURVEY_PAGE_SIZE answers per page',
    'get /api/center/phone/sip-accounts': 'one per user, at most SIP_ACCOUNTS_LIMIT',
    'get /api/phone/operators': 'one registration per SIP account, at most SIP_ACCOUNTS_LIMIT',
    'get /api/campaigns': 'the newest CAMPAIGNS_PAGE campaigns',
    'get /api/contacts/{id}/campaigns':
      "a customer's newest CAMPAIGNS_PAGE campaigns and CONTACT_ATTEMPTS attempts",
    'get /api/phone/user/campaign': "the user's newest CAMPAIGNS_PAGE campaigns",
  };

  it('takes a limit with a maximum, or is bounded by nature', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    }>();
    const resolve = (schema: Schema | undefined): Schema | undefined =>
      schema?.$ref ? document.components?.schemas?.[schema.$ref.split('/').at(-1)!] : schema;
    const unbounded: string[] = [];
    let lists = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = operation.responses?.['200'] ?? operation.responses?.['201'];
        const data = resolve(resolve(success?.content?.['application/json']?.schema)?.properties?.data);
        if (data?.type !== 'array' || data.maxItems !== undefined) continue;
        lists += 1;
        const queryLimit = operation.parameters?.find((p) => p.in === 'query' && p.name === 'limit')?.schema;
        const bodyLimit = resolve(operation.requestBody?.content?.['application/json']?.schema)?.properties
          ?.limit;
        const limit = queryLimit ?? bodyLimit;
        const key = `${method} ${path}`;
        if (limit?.maximum === undefined && !BOUNDED_BY_NATURE[key]) unbounded.push(key);
      }
    }
    expect(lists).toBeGreaterThan(3);
    expect(unbounded).toEqual([]);
  });

  it('refuses a page size over the maximum', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/contacts?limit=201',
      headers: { authorization: `Bearer ${tokens.supervisor}` },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the queries behind the console read messages through indexes', () => {
  it.each([
    ['/api/contacts', 'att005'],
    ['/api/contacts?filter=pending', 'att005'],
    ['/api/contacts?order=last_message&direction=asc', 'supervisor'],
    ['/api/contacts', 'supervisor'],
    // Issue 21: the team filter and the queue's preference for the segments one serves (teams included).
    ['/api/contacts?team=0190a0a0-0000-7000-8000-000000000000', 'supervisor'],
    ['/api/contacts?team=0190a0a0-0000-7000-8000-000000000000&order=name', 'att005'],
    ['/api/contacts?only_my_segments=true', 'att005'],
    ['/api/conversations/waiting', 'att005'],
  ])('contact list %s (as %s)', async (url, username) => {
    const { statements } = await statementsOf(username, url);
    const tables = await scannedTables(statements);
    expect(tables).not.toContain('messages');
    expect(tables).not.toContain('contacts');
  });

  // Issue 20: resolved and snoozed conversations leave an attendant's lists, and the status sits in the
  // per-responsible index right after the responsible, so however many they resolved their open ones are
  // still read in order, stopping at the page size (no sort of all their conversations).
  it.each(['/api/contacts?filter=mine', '/api/contacts'])(
    "an attendant's open conversations are read in order through the per-responsible index: %s",
    async (url) => {
      const { statements } = await statementsOf('att005', url);
      const plan = await planOf(statements.at(-1)!);
      expect(indexesOf(plan, 'contacts')).toContain('contacts_default_order_assigned_idx');
      expect(sortsOf(plan, 'contacts')).toEqual([]);
    },
  );

  it('conversation items and an older page', async () => {
    const contactId = await longestConversation();
    const latest = await statementsOf('supervisor', `/api/conversation/${contactId}/items`);
    expect(await scannedTables(latest.statements)).not.toContain('messages');
    const oldest = (latest.json.data.at(-1) as { message: { id: string; created_at: string } }).message;
    const older = await statementsOf(
      'supervisor',
      `/api/conversation/${contactId}/paginate?first_message_created_at=${encodeURIComponent(oldest.created_at)}&first_message_id=${oldest.id}`,
    );
    expect(older.json.data.length).toBeGreaterThan(0);
    expect(await scannedTables(older.statements)).not.toContain('messages');
  });

  it.each(['pedido', 'pedidos', 'cobranca'])('message search in a conversation for "%s"', async (term) => {
    const contactId = await longestConversation();
    const { statements, json } = await statementsOf(
      'supervisor',
      `/api/conversation/${contactId}/messages/search?term=${encodeURIComponent(term)}`,
    );
    expect(json.data.length).toBeGreaterThan(0);
    expect(await scannedTables(statements)).not.toContain('messages');
    // The conversation's own index only: the company-wide text indexes cost with the term's frequency in the
    // company (41 ms for a common term intersected with a long conversation, 1.6 ms read in order).
    // (The primary key is the quoted message's excerpt of a reply, looked up row by row.)
    const search = statements.find((statement) => statement.text.includes('search_text'))!;
    expect(new Set(indexesOf(await planOf(search), 'messages'))).toEqual(
      new Set(['messages_contact_idx', 'messages_pkey']),
    );
  });

  /** A number written in one of the company's oldest messages: a term older than the newest-first window. */
  async function rareOldTerm(): Promise<string> {
    const result = await rawQuery<{ term: string }>(
      `select substring(m.text from '[0-9]{6}') as term from messages m join companies c on c.id = m.company_id
       where c.slug = $1 and m.text ~ '[0-9]{6}' order by m.created_at, m.id limit 1`,
      [BENCH_COMPANY],
    );
    return result.rows[0]!.term;
  }

  it.each([
    ['pedido', 'att005'],
    ['pedido', 'supervisor'],
    ['zzqqxx', 'att005'],
    ['zzqqxx', 'supervisor'],
    ['rare and old', 'att005'],
    ['rare and old', 'supervisor'],
  ])('message search across the company for "%s" (as %s)', async (term, username) => {
    const searched = term === 'rare and old' ? await rareOldTerm() : term;
    const { statements } = await statementsOf(
      username,
      `/api/messages/search?term=${encodeURIComponent(searched)}`,
    );
    expect(await scannedTables(statements)).not.toContain('messages');
  });

  it('finds across the company, through the indexes, what a full read finds', async () => {
    const term = await rareOldTerm();
    const { statements, json } = await statementsOf('supervisor', `/api/messages/search?term=${term}`);
    // The term lies beyond the newest-first window: the step through the indexes alone ran.
    expect(statements.some((statement) => /materialized/i.test(statement.text))).toBe(true);
    const expected = await rawQuery<{ id: string }>(
      `select m.id from messages m join companies c on c.id = m.company_id
       where c.slug = $1 and m.text like $2 order by m.created_at desc, m.id desc limit 20`,
      [BENCH_COMPANY, `%${term}%`],
    );
    expect(expected.rows.length).toBeGreaterThan(0);
    expect((json.data as { id: string }[]).map((hit) => hit.id)).toEqual(expected.rows.map((row) => row.id));
  });
});

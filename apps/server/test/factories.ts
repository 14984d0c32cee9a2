// Test data built through the real services, and requests made as a given user.
import type { ChannelKind, Role } from '@atende/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { channelAccounts, companies, contactChannels, contacts } from '../src/db/schema/index.ts';
import { normaliseAddress } from '../src/modules/contacts/addresses.ts';
import type { Db } from '../src/platform/db/database.ts';
import { createCompany, type Company } from '../src/modules/companies/service.ts';
import { createUser, type NewUser, type UserRow } from '../src/modules/users/service.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function makeCompany(
  db: Db,
  overrides: Partial<Parameters<typeof createCompany>[1]> = {},
): Promise<Company> {
  const name = overrides.name ?? `Company ${next()}`;
  const company = await createCompany(db, { name, ...overrides });
  // Criticality only where a test sets a rule: the minute's sweep would mark their hour-old waits mid-run.
  await db
    .update(companies)
    .set({ criticalAfterMinutes: null, criticalHighPriority: false })
    .where(eq(companies.id, company.id));
  return { ...company, criticalAfterMinutes: null, criticalHighPriority: false };
}

export function makeUser(
  db: Db,
  company: Company,
  overrides: Partial<NewUser> & { role?: Role } = {},
): Promise<UserRow> {
  return createUser(db, company.id, {
    username: `user${next()}`,
    name: 'Test User',
    role: 'attendant',
    password: TEST_PASSWORD,
    ...overrides,
  });
}

export type Actor = { user: UserRow; company: Company; token: string };

/** Logs in through the real endpoint and returns the bearer token. */
export async function loginAs(
  app: FastifyInstance,
  company: Company,
  user: UserRow,
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { company: company.slug, username: user.username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** A company with one user of the given role, logged in. */
export async function makeActor(
  app: FastifyInstance,
  db: Db,
  role: Role = 'attendant',
  company?: Company,
): Promise<Actor> {
  const owner = company ?? (await makeCompany(db));
  const user = await makeUser(db, owner, { role });
  return { user, company: owner, token: await loginAs(app, owner, user) };
}

export function injectAs(app: FastifyInstance, actor: { token: string }, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${actor.token}` } });
}

type ContactInsert = typeof contacts.$inferInsert;

/** A contact with one main channel, inserted as the queue state says (unread, waiting, responsible...). */
export async function makeContact(
  db: Db,
  company: Company,
  overrides: Partial<ContactInsert> & { channel?: { kind?: ChannelKind; address?: string } } = {},
) {
  const { channel, ...fields } = overrides;
  const kind = channel?.kind ?? 'whatsapp';
  const address = channel?.address ?? `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: company.id, name: `Cliente ${next()}`, ...fields })
    .returning();
  const normalised = normaliseAddress(kind, address);
  await db.insert(contactChannels).values({
    companyId: company.id,
    contactId: contact!.id,
    kind,
    address: normalised.address,
    addressDigitsReversed: normalised.digitsReversed,
    main: true,
  });
  return contact!;
}

/** A multipart/form-data body, for upload routes. */
export function multipartBody(
  parts: ({ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer })[],
) {
  const boundary = `----atende${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Real file headers for upload tests: the server judges files by content, not by name. */
export const SAMPLE_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const SAMPLE_OGG_OPUS = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.from([0, 2]),
  Buffer.alloc(20),
  Buffer.from([1, 19]),
  Buffer.from('OpusHead'),
  Buffer.alloc(11, 1),
]);

/** `read()` every few milliseconds until `done` holds of its answer or `withinMs` pass: the last answer. */
async function poll<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  withinMs: number,
): Promise<T> {
  let value = await read();
  for (const deadline = Date.now() + withinMs; !done(value) && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = await read();
  }
  return value;
}

/**
 * `read()` once it answers `expected`, or its last answer after `withinMs`: for changes told to this process
 * by another connection (PostgreSQL's notifications), which arrive within moments rather than at once.
 */
export const eventually = <T>(read: () => Promise<T>, expected: T, withinMs = 2_000): Promise<T> =>
  poll(read, (value) => value === expected, withinMs);

/** Waits for `condition` at most `withinMs`, naming `what` when it never holds. */
export async function until(condition: () => boolean, what: string, withinMs = 30_000): Promise<void> {
  if (!(await poll(condition, (held) => held, withinMs))) throw new Error(`timed out waiting for ${what}`);
}

/**
 * A chat widget of the company under `key` (its public key), with the widget's default settings and any given;
 * `id` lets two apps (two databases) serve the same widget account, `credentials` its sealed secrets.
 */
export async function makeChatWidget(
  db: Db,
  companyId: string,
  key: string,
  options: { id?: string; settings?: Record<string, unknown>; credentials?: string } = {},
): Promise<void> {
  await db.insert(channelAccounts).values({
    ...(options.id ? { id: options.id } : {}),
    companyId,
    kind: 'chat',
    name: `Chat ${key}`,
    publicKey: key,
    settings: {
      title: 'Fale conosco',
      color: '#0066cc',
      greeting: null,
      pre_chat: { enabled: false, require_phone: false },
      identity_verification: false,
      ...options.settings,
    },
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
}

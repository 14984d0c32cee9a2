// Property test of the whole API from its own OpenAPI document (issue 19, finding 2): for every operation that
// takes a JSON body or query parameters, values shaped by the operation's schema, with hostile strings (NUL,
// lone surrogates, zero-width, huge, any Unicode) in its fields, never answer a 5xx, and a 4xx changes nothing
// in the database. Each operation is called as a role that may call it (an administrator of a company with a
// seeded contact, so path ids are real; the super administrator `root` where only that role may), since a
// refused role answers 403 before anything is validated and would leave the operation untried.
// FUZZ_SEED replays a run (the seed is printed on failure); FUZZ_RUNS sets the runs per operation.
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { defaultPermissions, may, type Ability } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelAccounts, contactChannels } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './app.ts';
import { injectAs, makeActor, makeContact, type Actor } from './factories.ts';
import { fingerprint, FUZZ_SEED, fuzzRuns, hostileString } from './fuzz.ts';

const RUNS_PER_OPERATION = fuzzRuns(12);

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};
type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};

let t: TestApp;
let admin: Actor;
let root: Actor;
/** The ability the last probed route needs, as its options say (see callerOf); undefined before a probe. */
let probed: Ability | null | undefined;
const PROBE = 'x-fuzz-probe';
/** The value of each path parameter, by the operation's path and the parameter's name. */
let pathIds: (path: string, name: string) => string;
/** Every seeded id, for the id fields of bodies and queries. */
let knownIds: string[];

beforeAll(async () => {
  // Only the API: no worker moves a message's status behind a later request's back.
  t = await createTestApp({
    env: { ROLE: 'api' },
    // After authentication and authorisation (hooks run in order): a probe learns the route's ability and
    // stops there, so finding who may call an operation runs none of it.
    setup: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (!request.headers[PROBE]) return;
        probed = request.routeOptions.config.ability ?? null;
        return reply.code(204).send();
      }),
  });
  admin = await makeActor(t.app, t.database.db, 'admin');
  root = await makeActor(t.app, t.database.db, 'super_admin');
  const contact = await makeContact(t.database.db, admin.company, { onQueue: true });
  const [channel] = await t.database.db
    .select({ id: contactChannels.id })
    .from(contactChannels)
    .where(eq(contactChannels.contactId, contact.id));
  const created = async (url: string, payload: object) => {
    const response = await injectAs(t.app, admin, { method: 'POST', url, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<{ id: string }>().id;
  };
  const conversation = `/api/conversation/${contact.id}`;
  const ids = {
    contact: contact.id,
    channel: channel!.id,
    message: await created(`${conversation}/messages`, { text: 'Olá' }),
    thread: await created(`${conversation}/threads`, { name: 'Tópico' }),
    phrase: await created('/api/v2/phrases', { text: 'Bom dia!' }),
    schedule: await created(`/api/conversation/scheduling/${contact.id}`, {
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    account: await created('/api/center/channels', {
      kind: 'chat',
      name: 'Chat',
      chat: {
        title: 'Fale conosco',
        color: '#0066cc',
        pre_chat: { enabled: false, require_phone: false },
        identity_verification: false,
      },
    }),
  };
  const [account] = await t.database.db
    .select({ key: channelAccounts.publicKey })
    .from(channelAccounts)
    .where(eq(channelAccounts.id, ids.account));
  knownIds = [...Object.values(ids), admin.user.id];
  pathIds = (path, name) => {
    if (name === 'key') return account!.key!;
    if (name === 'channelId') return ids.channel;
    if (name === 'messageId') return ids.message;
    if (name === 'threadId') return ids.thread;
    if (name === 'contactId') return ids.contact;
    if (path.startsWith('/api/center/channels/')) return ids.account;
    if (path.startsWith('/api/v2/phrases/')) return ids.phrase;
    if (path.startsWith('/api/users/')) return admin.user.id;
    if (path.startsWith('/api/product/companies/')) return admin.company.id;
    if (path.startsWith('/api/conversation/scheduling/{contactId}')) return ids.schedule;
    if (path.startsWith('/api/conversation/')) return ids.contact;
    return crypto.randomUUID();
  };
});
afterAll(() => t?.close());

const day = 86_400_000;
const nearDate = fc
  .integer({ min: Date.now() - 30 * day, max: Date.now() + 30 * day })
  .map((ms) => new Date(ms));

/** A value the schema accepts, or close to it, so the hostile field is not the only thing refused. */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  const base = ((): fc.Arbitrary<unknown> => {
    if (variants) return fc.oneof(...variants.map((variant) => plausible(variant)));
    if (schema.allOf?.[0]) return plausible(schema.allOf[0]);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'object': {
        const properties = Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, property]) => [name, field(property)]),
        );
        return fc.record(properties, { requiredKeys: schema.required ?? [] });
      }
      case 'array':
        return fc.array(field(schema.items ?? {}), { maxLength: 3 });
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1_000, 2 ** 31) });
      case 'number':
        return fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
      case 'boolean':
        return fc.boolean();
      case 'string':
        return plausibleString(schema);
      default:
        return fc.constant(null);
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null }) : base;
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...knownIds), fc.uuid());
  if (schema.format === 'date-time') return nearDate.map((date) => date.toISOString());
  if (schema.format === 'date') return nearDate.map((date) => date.toISOString().slice(0, 10));
  // Before `email`: the schema's own e-mail pattern is stricter than the RFC addresses fast-check makes.
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'email') return fc.emailAddress();
  return fc.string({
    unit: 'grapheme',
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

/** A field's value: mostly plausible, strings often hostile, any field sometimes a hostile string. */
function field(schema: JsonSchema): fc.Arbitrary<unknown> {
  const isString = schema.type === 'string' && !schema.enum && schema.format !== 'uuid';
  return fc.oneof(
    { weight: isString ? 3 : 12, arbitrary: plausible(schema) },
    { weight: 1, arbitrary: hostileString },
  );
}

/**
 * Percent-encoding that also writes lone surrogates (as the invalid UTF-8 a broken client would send), where
 * encodeURIComponent throws; now and then a malformed escape too.
 */
function encodeQueryValue(value: string): string {
  let encoded = '';
  for (const character of value) {
    const unit = character.charCodeAt(0);
    const lone = character.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
    encoded += lone
      ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('')
      : encodeURIComponent(character);
  }
  return encoded;
}
const malformedEscape = fc.constantFrom('%', '%zz', '%C0%80', '%FF%FE', '%ED%A0%80');

function queryString(parameters: Parameter[]): fc.Arbitrary<string> {
  const values = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      fc.oneof(
        { weight: 12, arbitrary: field(parameter.schema).map((value) => encodeQueryValue(String(value))) },
        { weight: 1, arbitrary: malformedEscape },
      ),
    ]),
  );
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return fc.record(values, { requiredKeys: required }).map((query) =>
    Object.entries(query)
      .map(([name, value]) => `${name}=${value}`)
      .join('&'),
  );
}

/** The administrator, unless the operation needs an ability only the super administrator holds. */
async function callerOf(method: string, url: string): Promise<Actor> {
  const probe = await injectAs(t.app, root, {
    method: method as InjectOptions['method'],
    url,
    headers: { [PROBE]: '1' },
  });
  expect(probe.statusCode, `probe of ${method} ${url}: ${probe.body}`).toBe(204);
  const ability = probed;
  probed = undefined;
  expect(ability, `probe of ${method} ${url} reached no route`).not.toBeUndefined();
  return !ability || may({ role: 'admin', permissions: defaultPermissions('admin') }, ability) ? admin : root;
}

async function operations(): Promise<Operation[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = response.json<{
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  }>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
}

describe('the API under hostile input (issue 19, finding 2)', () => {
  it(
    'never answers 5xx, and a 4xx leaves the database as it was',
    async () => {
      const fuzzed = (await operations()).filter(
        (operation) =>
          operation.requestBody?.content?.['application/json'] ||
          operation.parameters?.some((parameter) => parameter.in === 'query'),
      );
      expect(fuzzed.length).toBeGreaterThan(30);
      const failures: string[] = [];
      const callers = new Set<string>();
      for (const operation of fuzzed) {
        const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathIds(operation.path, name));
        const caller = await callerOf(operation.method, url);
        callers.add(caller.user.role);
        const query = operation.parameters?.filter((parameter) => parameter.in === 'query') ?? [];
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const request = fc.record({
          query: query.length ? queryString(query) : fc.constant(''),
          body: bodySchema ? field(bodySchema) : fc.constant(undefined),
        });
        let before = await fingerprint(t.database.raw);
        const property = fc.asyncProperty(request, async ({ query: search, body }) => {
          const options: InjectOptions = {
            method: operation.method as InjectOptions['method'],
            url: search ? `${url}?${search}` : url,
            headers: { 'accept-language': 'en' },
          };
          if (bodySchema) {
            options.payload = JSON.stringify(body ?? null);
            options.headers = { ...options.headers, 'content-type': 'application/json' };
          }
          const response = await injectAs(t.app, caller, options);
          const seen = `${operation.method} ${options.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, seen).toBeLessThan(500);
          const after = await fingerprint(t.database.raw);
          if (response.statusCode >= 400)
            expect(after, `a refused request changed data: ${seen}`).toBe(before);
          before = after;
        });
        // Every operation is tried even after one fails, so a run reports all of them.
        await fc
          .assert(property, { numRuns: RUNS_PER_OPERATION, seed: FUZZ_SEED })
          .catch((error: unknown) => {
            failures.push(`${operation.method} ${operation.path}: ${String(error)}`);
          });
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
      expect([...callers].sort()).toEqual(['admin', 'super_admin']);
    },
    60_000 + RUNS_PER_OPERATION * 5_000,
  );
});

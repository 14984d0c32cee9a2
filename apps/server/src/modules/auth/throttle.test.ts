// Login throttling (issue 19, finding 6): the attacker is slowed, the owner is not; a NATed contact centre
// works; the per-address ceiling is configurable; each throttling episode is one audit event that only the
// company's administrators read; and the counts are shared through Redis between nodes.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeCompany, makeUser, TEST_PASSWORD } from '../../../test/factories.ts';
import {
  backoffMs,
  LOGIN_ATTACK_FAILURES,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  loginThrottle,
} from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

/** Addresses unique to this run: Redis keeps counts between runs. */
const run = Math.floor(Math.random() * 200) + 20;
let hosts = 0;
const freshIp = () => `10.${run}.${Math.floor(++hosts / 250)}.${(hosts % 250) + 1}`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

type Account = { company: { slug: string }; username: string };
const attempt = (app: FastifyInstance, account: Account, password: string, ip: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { company: account.company.slug, username: account.username, password },
    headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });

async function makeAccount(db = t.database.db, role: 'attendant' | 'admin' = 'attendant') {
  const company = await makeCompany(db);
  const user = await makeUser(db, company, { role });
  return { company, user, username: user.username };
}

/** A botnet: one failure from each of many addresses, until the account is under attack. */
async function attackFromMany(app: FastifyInstance, account: Account) {
  for (let i = 0; i < LOGIN_ATTACK_FAILURES; i++) {
    expect((await attempt(app, account, 'guess', freshIp())).statusCode).toBe(400);
  }
}

describe('login throttling', () => {
  it('the owner signs in from a new client while an attacker hammers the account', async () => {
    const account = await makeAccount();
    await attackFromMany(t.app, account);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) await attempt(t.app, account, 'guess', attacker);
    const stillGuessing = await attempt(t.app, account, TEST_PASSWORD, attacker);
    expect(stillGuessing.statusCode).toBe(429);

    const owner = await attempt(t.app, account, TEST_PASSWORD, freshIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('the attacker waits longer after each failure, told when to try again', async () => {
    const account = await makeAccount();
    const attacker = freshIp();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      expect((await attempt(t.app, account, 'guess', attacker)).statusCode).toBe(400);
    }
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await attempt(t.app, account, TEST_PASSWORD, attacker);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      expect(refused.json()).toEqual({
        code: 'too_many_attempts',
        message: `Muitas tentativas de acesso. Tente novamente em ${wait} ${wait === 1 ? 'segundo' : 'segundos'}.`,
      });
      if (round === 2) break;
      await sleep(wait * 1000 + 50);
      expect((await attempt(t.app, account, 'guess', attacker)).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4]);
    // Only that client waits: the account is not locked.
    expect((await attempt(t.app, account, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('the wait doubles up to 15 minutes and stays there', async () => {
    expect([3, 4, 5, 12, 13, 40].map(backoffMs)).toEqual([
      1_000,
      2_000,
      4_000,
      512_000,
      LOGIN_MAX_DELAY_MS,
      LOGIN_MAX_DELAY_MS,
    ]);
    let now = 0;
    const throttle = loginThrottle({
      limiter: createMemoryRateLimiter(() => now),
      ipFailureLimit: 1_000,
      log: t.app.log,
    });
    const guess = { account: 'acme:joana', ip: '10.9.9.9', knownDevice: null };
    let refused: unknown = null;
    for (let i = 0; i < 20; i++) {
      await throttle.failed(guess);
      refused = await throttle.check(guess).catch((error: unknown) => error);
      now += LOGIN_MAX_DELAY_MS;
    }
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '900' } });
  });

  it('a known device of the owner is never slowed, even behind the attacker’s address', async () => {
    const account = await makeAccount();
    const office = freshIp();
    const first = await attempt(t.app, account, TEST_PASSWORD, office);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(
      /^atende_device=[\w-]+\.[\w-]+; Path=\/api\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const device = cookie.split(';')[0]!;

    await attackFromMany(t.app, account);
    for (let i = 0; i < 8; i++) await attempt(t.app, account, 'guess', office);
    expect((await attempt(t.app, account, TEST_PASSWORD, office)).statusCode).toBe(429);
    expect((await attempt(t.app, account, TEST_PASSWORD, office, device)).statusCode).toBe(200);
    // A forged or foreign cookie is just an address.
    const forged = `${device.slice(0, -4)}AAAA`;
    expect((await attempt(t.app, account, TEST_PASSWORD, office, forged)).statusCode).toBe(429);
  });

  it('a NATed contact centre of 30 users with a few typos each is not blocked', async () => {
    const company = await makeCompany(t.database.db);
    const nat = freshIp();
    for (let n = 0; n < 30; n++) {
      const user = await makeUser(t.database.db, company);
      const account = { company, username: user.username };
      for (let typo = 0; typo < LOGIN_FREE_FAILURES - 1; typo++) {
        expect((await attempt(t.app, account, 'typo', nat)).statusCode).toBe(400);
      }
      expect((await attempt(t.app, account, TEST_PASSWORD, nat)).statusCode).toBe(200);
    }
  });

  it('an address failing across many accounts stops at the configured ceiling', async () => {
    const small = await createTestApp({ env: { TRUST_PROXY: 'true', LOGIN_FAILURES_PER_IP: '12' } });
    try {
      const account = await makeAccount(small.database.db);
      const spraying = freshIp();
      for (let i = 0; i < 12; i++) {
        const ghost = { company: account.company, username: `ghost${i}` };
        expect((await attempt(small.app, ghost, 'x', spraying)).statusCode).toBe(400);
      }
      const blocked = await attempt(small.app, account, TEST_PASSWORD, spraying);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect((await attempt(small.app, account, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('throttling in the audit log', () => {
  it('writes one event per episode, which only administrators of that company read', async () => {
    const target = await makeAccount();
    const attacker = freshIp();
    for (let i = 0; i < 6; i++) await attempt(t.app, target, 'guess', attacker);
    await attackFromMany(t.app, target);
    const unknownUser = { company: target.company, username: 'Ghost.Admin' };
    for (let i = 0; i < 4; i++) await attempt(t.app, unknownUser, 'guess', attacker);
    const nowhere = { company: { slug: 'no-such-company' }, username: 'x' };
    for (let i = 0; i < 4; i++) await attempt(t.app, nowhere, 'guess', attacker);

    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, target.company.id));
    expect(rows.map((row) => row.subject).sort()).toEqual(['ghost.admin', target.username].sort());

    const admin = await makeActor(t.app, t.database.db, 'admin', target.company);
    const page = await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit' });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.next_cursor).toBeNull();
    expect(body.data.map((event: { subject: string }) => event.subject)).toEqual([
      'ghost.admin',
      target.username,
    ]);
    expect(body.data[1]).toMatchObject({
      kind: 'login_throttled',
      actor_id: null,
      client_ip: attacker,
      details: { client: 'address', failures: LOGIN_FREE_FAILURES, retry_after_seconds: 1 },
    });

    const supervisor = await makeActor(t.app, t.database.db, 'supervisor', target.company);
    expect((await injectAs(t.app, supervisor, { method: 'GET', url: '/api/center/audit' })).statusCode).toBe(
      403,
    );
    const stranger = await makeActor(t.app, t.database.db, 'admin');
    const theirs = await injectAs(t.app, stranger, { method: 'GET', url: '/api/center/audit' });
    expect(theirs.json()).toEqual({ data: [], next_cursor: null });
  });

  it('pages newest first with a cursor', async () => {
    const admin = await makeActor(t.app, t.database.db, 'admin');
    for (let i = 0; i < 5; i++) {
      await t.database.db
        .insert(auditEvents)
        .values({ companyId: admin.company.id, kind: 'login_throttled', subject: `user${i}` });
    }
    const list = (query: string) =>
      injectAs(t.app, admin, { method: 'GET', url: `/api/center/audit?${query}` }).then((r) => r.json());
    const first = await list('limit=2');
    expect(first.data.map((event: { subject: string }) => event.subject)).toEqual(['user4', 'user3']);
    const second = await list(`limit=2&cursor=${first.next_cursor}`);
    const third = await list(`limit=2&cursor=${second.next_cursor}`);
    expect(second.data.map((event: { subject: string }) => event.subject)).toEqual(['user2', 'user1']);
    expect(third).toMatchObject({ data: [{ subject: 'user0' }], next_cursor: null });
    const bad = await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit?cursor=nope' });
    expect(bad.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, admin.company.id)));
    expect(rows).toHaveLength(5);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('distributed', () => {
  it('two nodes sharing Redis share the counts: a client slowed on one waits on the other', async () => {
    const env = { TRUST_PROXY: 'true', REDIS_URL: process.env.TEST_REDIS_URL! };
    const [one, two] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    try {
      const account = await makeAccount(one.database.db);
      await makeUser(two.database.db, await makeCompany(two.database.db, { name: account.company.slug }), {
        username: account.username,
      });
      const attacker = freshIp();
      for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
        expect((await attempt(one.app, account, 'guess', attacker)).statusCode).toBe(400);
      }
      const elsewhere = await attempt(two.app, account, TEST_PASSWORD, attacker);
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.headers['retry-after']).toBe('1');
      expect((await attempt(two.app, account, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

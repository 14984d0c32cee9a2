// Long-lived inbound connections (an IMAP mailbox today; polling providers later), one per enabled account,
// held by one process at a time through a lease in channel_cursors: with several workers each account is read
// once, and when its holder dies another takes it over after the lease lapses. Account changes restart the
// connection (at once on this process through the event bus, within a sweep on the others). A connection
// hands what it reads to `ingest` and keeps its place (an IMAP UID, a polling offset) in the account's cursor.
import type { ChannelKind } from '@atende/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { channelAccounts, channelCursors } from '../db/schema/index.ts';
import type { CredentialsBox } from '../platform/credentials.ts';
import type { Db } from '../platform/db/database.ts';
import type { EventBus } from '../platform/events.ts';
import { openAccount } from './accounts.ts';
import type { ChannelAccountRecord, Ingest } from './adapter.ts';

export type Connection = { stop(): Promise<void> };

/** Where a connection's place in the provider's stream is kept between runs (and processes). */
export type ConnectorCursor = {
  read(): Promise<Record<string, unknown> | null>;
  save(cursor: Record<string, unknown>): Promise<void>;
};

/** What a connection is given: the way into the product, and its account's cursor. */
export type ConnectorIo = { ingest: Ingest; cursor: ConnectorCursor };

export type Connector = (
  account: ChannelAccountRecord,
  io: ConnectorIo,
  options: { log: FastifyBaseLogger; pollMs: number },
) => Connection;

export type ConnectorOptions = {
  db: Db;
  ingest: Ingest;
  bus: EventBus;
  credentials: CredentialsBox;
  log: FastifyBaseLogger;
  connectors: Partial<Record<ChannelKind, Connector>>;
  /** How often accounts are swept and leases renewed; a lease lasts three sweeps. */
  sweepMs?: number;
  /** Polling fallback of the connections (IMAP without IDLE, lost notices). */
  pollMs?: number;
};

type Running = { connection: Connection; version: number };

export function startConnectors(options: ConnectorOptions): { stop(): Promise<void> } {
  const { db, ingest, log } = options;
  const sweepMs = options.sweepMs ?? 10_000;
  const pollMs = options.pollMs ?? 30_000;
  const owner = randomUUID();
  const running = new Map<string, Running>();
  const kinds = Object.keys(options.connectors) as ChannelKind[];
  let stopped = false;
  let sweeping: Promise<void> = Promise.resolve();

  /** Takes or renews the account's lease; false when another live process holds it. */
  async function lease(account: ChannelAccountRecord): Promise<boolean> {
    const until = sql`now() + ${`${sweepMs * 3} milliseconds`}::interval`;
    await db
      .insert(channelCursors)
      .values({ channelAccountId: account.id, companyId: account.companyId })
      .onConflictDoNothing();
    const taken = await db
      .update(channelCursors)
      .set({ leaseOwner: owner, leaseUntil: until })
      .where(
        and(
          eq(channelCursors.channelAccountId, account.id),
          or(
            isNull(channelCursors.leaseOwner),
            eq(channelCursors.leaseOwner, owner),
            lt(channelCursors.leaseUntil, sql`now()`),
          ),
        ),
      )
      .returning({ id: channelCursors.channelAccountId });
    return taken.length > 0;
  }

  async function release(accountId: string): Promise<void> {
    const current = running.get(accountId);
    running.delete(accountId);
    await current?.connection.stop();
    await db
      .update(channelCursors)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(channelCursors.channelAccountId, accountId), eq(channelCursors.leaseOwner, owner)));
  }

  async function sweep(): Promise<void> {
    if (stopped || kinds.length === 0) return;
    const rows = await db
      .select()
      .from(channelAccounts)
      .where(and(inArray(channelAccounts.kind, kinds), eq(channelAccounts.enabled, true)));
    const wanted = new Set<string>();
    for (const row of rows) {
      if (row.settings.simulated === true) continue;
      const account = openAccount(options.credentials, row);
      const connector = options.connectors[account.kind]!;
      if (!(await lease(account))) continue;
      wanted.add(account.id);
      const version = account.updatedAt.getTime();
      const current = running.get(account.id);
      if (current?.version === version) continue;
      await current?.connection.stop();
      try {
        const io = { ingest, cursor: accountCursor(db, account) };
        running.set(account.id, { connection: connector(account, io, { log, pollMs }), version });
      } catch (error) {
        // Settings that cannot work (no password yet): skip until the account changes.
        log.warn({ err: error, channelAccountId: account.id }, 'channel connection not started');
        running.set(account.id, { connection: { stop: async () => undefined }, version });
      }
    }
    for (const accountId of [...running.keys()]) if (!wanted.has(accountId)) await release(accountId);
  }

  const resweep = () => {
    sweeping = sweeping
      .then(sweep)
      .catch((error: unknown) => log.error({ err: error }, 'channel connections sweep failed'));
    return sweeping;
  };
  const unsubscribe = options.bus.subscribe((event) => {
    if (event.type === 'channel_account.changed') void resweep();
  });
  const timer = setInterval(resweep, sweepMs);
  timer.unref();
  void resweep();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await sweeping;
      for (const accountId of [...running.keys()]) await release(accountId);
    },
  };
}

/** The account's row of channel_cursors (its lease row, created before any connection starts). */
function accountCursor(db: Db, account: ChannelAccountRecord): ConnectorCursor {
  const ofAccount = and(
    eq(channelCursors.channelAccountId, account.id),
    eq(channelCursors.companyId, account.companyId),
  );
  return {
    async read() {
      const [row] = await db
        .select({ cursor: channelCursors.cursor })
        .from(channelCursors)
        .where(ofAccount)
        .limit(1);
      return row?.cursor ?? null;
    },
    async save(cursor) {
      await db
        .insert(channelCursors)
        .values({ channelAccountId: account.id, companyId: account.companyId, cursor })
        .onConflictDoUpdate({
          target: channelCursors.channelAccountId,
          set: { cursor, updatedAt: new Date() },
        });
    },
  };
}

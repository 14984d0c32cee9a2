// The inbound side of an e-mail account: an IMAP connection (imapflow) kept on the mailbox, woken by IDLE's
// EXISTS notices with a polling fallback, reading every message after the last UID stored. UIDVALIDITY and the
// last UID are persisted after each message, so a restart neither skips nor re-reads mail (and a re-read, were
// it to happen, stores nothing twice: ingest is keyed by Message-ID).
import { ImapFlow } from 'imapflow';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelAccountRecord } from '../adapter.ts';
import type { Connection, ConnectorIo } from '../connectors.ts';
import { parseMail } from './parse.ts';
import { mailboxConfig, type MailboxConfig } from './settings.ts';

type Cursor = { uidValidity: string; lastUid: number };

export type MailboxOptions = { pollMs: number; log: FastifyBaseLogger };

export const imapClient = (config: MailboxConfig) =>
  new ImapFlow({
    host: config.imap.host,
    port: config.imap.port,
    secure: config.imap.secure,
    auth: { user: config.imap.user, pass: config.imap.password },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    // IDLE soon after each read (the default waits 15 s), so new mail is announced at once.
    autoIdleDelay: 200,
  });

/** The stored position, if it has the shape this connector writes. */
function asCursor(stored: Record<string, unknown> | null): Cursor | null {
  const cursor = stored as Partial<Cursor> | null;
  return cursor?.uidValidity && typeof cursor.lastUid === 'number'
    ? { uidValidity: cursor.uidValidity, lastUid: cursor.lastUid }
    : null;
}

export function watchMailbox(
  account: ChannelAccountRecord,
  { ingest, cursor: position }: ConnectorIo,
  options: MailboxOptions,
): Connection {
  const config = mailboxConfig(account);
  const log = options.log.child({ channelAccountId: account.id });
  let stopped = false;
  let client: ImapFlow | null = null;
  const disconnect = async () => {
    const current = client as ImapFlow | null;
    client = null;
    await current?.logout().catch(() => current.close());
  };
  let wake: (() => void) | null = null;

  /** Reads what arrived since the cursor, one message at a time, moving the cursor after each. */
  async function drain(imap: ImapFlow, cursor: Cursor): Promise<Cursor> {
    let current = cursor;
    for await (const mail of imap.fetch(
      `${current.lastUid + 1}:*`,
      { uid: true, source: true },
      { uid: true },
    )) {
      // "n:*" always answers the newest message, even when it is older than n.
      if (mail.uid <= current.lastUid || !mail.source) continue;
      const parsed = await parseMail(mail.source, `${current.uidValidity}.${mail.uid}@${account.id}`);
      if (parsed) {
        await ingest({
          ...parsed,
          companyId: account.companyId,
          kind: 'email',
          channelAccountId: account.id,
        });
      }
      current = { ...current, lastUid: mail.uid };
      await position.save(current);
    }
    return current;
  }

  async function session(): Promise<void> {
    const imap = imapClient(config);
    client = imap;
    const closed = new Promise<void>((resolve) => imap.once('close', () => resolve()));
    imap.on('error', (error: Error) => log.warn({ err: error }, 'imap connection error'));
    await imap.connect();
    // The lock is held only while reading: imapflow starts IDLE on a selected mailbox nobody holds.
    const underLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await imap.getMailboxLock(config.imap.mailbox);
      try {
        return await work();
      } finally {
        lock.release();
      }
    };
    let cursor = await underLock(async () => {
      const mailbox = imap.mailbox;
      if (!mailbox) throw new Error('mailbox not open');
      const validity = String(mailbox.uidValidity);
      const stored = asCursor(await position.read());
      // A new UIDVALIDITY means the server renumbered the mailbox: read it again (ingest drops duplicates).
      return stored?.uidValidity === validity ? stored : { uidValidity: validity, lastUid: 0 };
    });
    // EXISTS may arrive while a drain runs: remember it, so the loop drains again instead of sleeping.
    let arrived = false;
    imap.on('exists', () => {
      arrived = true;
      wake?.();
    });
    while (!stopped && imap.usable) {
      arrived = false;
      const from = cursor;
      cursor = await underLock(() => drain(imap, from));
      if (arrived) continue;
      // Sleep until EXISTS, the poll interval (servers without IDLE, missed notices) or the connection ends.
      await Promise.race([
        closed,
        new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.pollMs).unref();
        }),
      ]);
      wake = null;
    }
  }

  const running = (async () => {
    let backoff = 1_000;
    while (!stopped) {
      try {
        await session();
        backoff = 1_000;
      } catch (error) {
        if (stopped) break;
        log.warn({ err: error }, 'imap session ended; reconnecting');
      } finally {
        await disconnect();
      }
      if (stopped) break;
      await new Promise((resolve) => setTimeout(resolve, backoff).unref());
      backoff = Math.min(backoff * 2, 60_000);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await disconnect();
      await running;
    },
  };
}

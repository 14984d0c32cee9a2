// "Test connection" of the Center: logs into the account's SMTP and IMAP servers and reports each outcome in
// the servers' own words.
import type { ConnectionTest } from '@atende/contract';
import type { ChannelAccountRecord } from '../adapter.ts';
import { imapClient } from './mailbox.ts';
import { smtpTransport } from './send.ts';
import { mailboxConfig } from './settings.ts';

const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => ({ ok: true, error: null }),
    (error: unknown) => ({
      ok: false,
      error:
        (error as { response?: string }).response ?? (error instanceof Error ? error.message : String(error)),
    }),
  );

export async function testEmailAccount(account: ChannelAccountRecord): Promise<ConnectionTest> {
  const config = mailboxConfig(account);
  const smtp = async () => {
    const transport = smtpTransport(config);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  };
  const imap = async () => {
    const client = imapClient(config);
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.mailboxOpen(config.imap.mailbox, { readOnly: true });
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const [smtpResult, imapResult] = await Promise.all([outcome(smtp()), outcome(imap())]);
  return { smtp: smtpResult, imap: imapResult };
}

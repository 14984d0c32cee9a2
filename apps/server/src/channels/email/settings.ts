// An e-mail account's servers and passwords, read from its stored settings and sealed credentials.
import { EmailSettings, type MailServer } from '@atende/contract';
import type { ChannelAccountRecord } from '../adapter.ts';
import { DeliveryError } from '../adapter.ts';

export type MailboxConfig = {
  address: string;
  name: string;
  smtp: MailServer & { password: string };
  imap: MailServer & { mailbox: string; password: string };
};

export function mailboxConfig(account: ChannelAccountRecord): MailboxConfig {
  const settings = EmailSettings.safeParse(account.settings);
  if (!settings.success || !account.address) throw new DeliveryError('email_account_incomplete', true);
  const secret = (name: string) => String(account.credentials[name] ?? '');
  return {
    address: account.address,
    name: account.name,
    smtp: { ...settings.data.smtp, password: secret('smtp_password') },
    imap: { ...settings.data.imap, password: secret('imap_password') },
  };
}

/** The domain Message-IDs are minted under: the mailbox's own, as mail servers expect. */
export const messageIdDomain = (address: string) => address.split('@')[1] ?? 'atende.local';

// The Center's e-mail account input (ChannelAccountInput, kind 'email') for a mailbox served by the simulators:
// one place that knows how the product is pointed at a local Dovecot and SMTP sink.
import type { Dovecot, ImapUser } from './dovecot.ts';
import type { SmtpSink } from './smtp-sink.ts';

export function localMailAccount(
  servers: { dovecot: Dovecot; sink: SmtpSink },
  mailbox: ImapUser,
  name: string,
) {
  const server = { secure: false, user: mailbox.user };
  return {
    kind: 'email' as const,
    name,
    address: mailbox.user,
    email: {
      smtp: { ...server, host: servers.sink.host, port: servers.sink.port },
      imap: { ...server, host: servers.dovecot.host, port: servers.dovecot.port, mailbox: 'INBOX' },
    },
    secrets: { smtp_password: mailbox.password, imap_password: mailbox.password },
  };
}

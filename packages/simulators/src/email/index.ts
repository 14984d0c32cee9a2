// The e-mail pair of the simulators: a real IMAP server (Dovecot) customers' mail lands in, and an SMTP sink
// that receives what the product sends.
export { startDovecot, freePort, type Dovecot, type ImapUser } from './dovecot.ts';
export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.ts';
export { localMailAccount } from './account.ts';

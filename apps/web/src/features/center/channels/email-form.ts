// The e-mail account form: its fields (named by the paths the server's validation errors carry), their
// values from a presented account, the checks, and the input sent — password fields left empty are not sent,
// so the stored passwords stay.
import type { CenterChannelAccount, ChannelAccountInput } from '@atende/contract';
import { checkEmailAddress, checkHost, checkPort, checkText, found, type Problems } from './field-rules.ts';

export type EmailForm = {
  name: string;
  enabled: boolean;
  address: string;
  'email.smtp.host': string;
  'email.smtp.port': number | string;
  'email.smtp.secure': boolean;
  'email.smtp.user': string;
  'email.imap.host': string;
  'email.imap.port': number | string;
  'email.imap.secure': boolean;
  'email.imap.user': string;
  'email.imap.mailbox': string;
  'secrets.smtp_password': string;
  'secrets.imap_password': string;
};
export type EmailField = keyof EmailForm;

/** A new account starts with the usual TLS ports (465 SMTP, 993 IMAP) and the INBOX mailbox. */
export function emailFormOf(account: CenterChannelAccount | null): EmailForm {
  const settings = account?.email;
  return {
    name: account?.name ?? '',
    enabled: account?.enabled ?? true,
    address: account?.address ?? '',
    'email.smtp.host': settings?.smtp.host ?? '',
    'email.smtp.port': settings?.smtp.port ?? 465,
    'email.smtp.secure': settings?.smtp.secure ?? true,
    'email.smtp.user': settings?.smtp.user ?? '',
    'email.imap.host': settings?.imap.host ?? '',
    'email.imap.port': settings?.imap.port ?? 993,
    'email.imap.secure': settings?.imap.secure ?? true,
    'email.imap.user': settings?.imap.user ?? '',
    'email.imap.mailbox': settings?.imap.mailbox ?? 'INBOX',
    'secrets.smtp_password': '',
    'secrets.imap_password': '',
  };
}

export const checkEmailForm = (form: EmailForm): Problems<EmailField> =>
  found<EmailField>({
    name: checkText(form.name, 120),
    enabled: undefined,
    address: checkEmailAddress(form.address),
    'email.smtp.host': checkHost(form['email.smtp.host']),
    'email.smtp.port': checkPort(form['email.smtp.port']),
    'email.smtp.secure': undefined,
    'email.smtp.user': checkText(form['email.smtp.user'], 255),
    'email.imap.host': checkHost(form['email.imap.host']),
    'email.imap.port': checkPort(form['email.imap.port']),
    'email.imap.secure': undefined,
    'email.imap.user': checkText(form['email.imap.user'], 255),
    'email.imap.mailbox': checkText(form['email.imap.mailbox'], 255),
    'secrets.smtp_password': checkText(form['secrets.smtp_password'], 500, false),
    'secrets.imap_password': checkText(form['secrets.imap_password'], 500, false),
  });

/** What the API takes; an empty password is left out (the server keeps the stored one). */
export function emailInputOf(form: EmailForm): ChannelAccountInput {
  const secrets: { smtp_password?: string; imap_password?: string } = {};
  if (form['secrets.smtp_password'] !== '') secrets.smtp_password = form['secrets.smtp_password'];
  if (form['secrets.imap_password'] !== '') secrets.imap_password = form['secrets.imap_password'];
  return {
    kind: 'email',
    name: form.name.trim(),
    enabled: form.enabled,
    address: form.address.trim(),
    email: {
      smtp: {
        host: form['email.smtp.host'].trim(),
        port: Number(form['email.smtp.port']),
        secure: form['email.smtp.secure'],
        user: form['email.smtp.user'].trim(),
      },
      imap: {
        host: form['email.imap.host'].trim(),
        port: Number(form['email.imap.port']),
        secure: form['email.imap.secure'],
        user: form['email.imap.user'].trim(),
        mailbox: form['email.imap.mailbox'].trim(),
      },
    },
    secrets,
  };
}

// The Center's channel accounts (/center/channels): a company's mailboxes, chat widgets and provider accounts
// (provider-accounts.ts), with their settings;
// secrets go in and never come back out (the presenter says only whether one is stored).
import { z } from 'zod';
import { encodedText, Id, requiredText, text, Timestamp } from './common.ts';
import { ChannelKind } from './enums.ts';
import { ChannelHealth, providerAccountInput, ProviderAccountView } from './provider-accounts.ts';

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const Host = requiredText(255).regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/);
/** A secret field: absent or empty on an update keeps the stored one. */
const Secret = encodedText(500).optional();

export const MailServer = z.object({
  host: Host,
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (465 / 993); false means STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: requiredText(255),
});
export type MailServer = z.infer<typeof MailServer>;

export const EmailSettings = z.object({
  smtp: MailServer,
  imap: MailServer.extend({ mailbox: requiredText(255).default('INBOX') }),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

export const ChatSettings = z.object({
  title: requiredText(60),
  color: HexColor,
  greeting: text(300).nullable().default(null),
  pre_chat: z.object({ enabled: z.boolean(), require_phone: z.boolean() }),
  /** Visitors must present identifier_hash = HMAC-SHA256(identity secret, identifier) from the site's backend. */
  identity_verification: z.boolean(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

const AccountBase = z.object({ name: requiredText(120), enabled: z.boolean().default(true) });

/** Creating or replacing an account; its kind never changes after creation. */
export const ChannelAccountInput = z.discriminatedUnion('kind', [
  AccountBase.extend({
    kind: z.literal('email'),
    address: z.email(),
    email: EmailSettings,
    secrets: z.object({ smtp_password: Secret, imap_password: Secret }).default({}),
  }),
  AccountBase.extend({ kind: z.literal('chat'), chat: ChatSettings }),
  providerAccountInput('whatsapp'),
  providerAccountInput('messenger'),
  providerAccountInput('instagram_direct'),
  providerAccountInput('telegram'),
  providerAccountInput('viber'),
  providerAccountInput('sms'),
  providerAccountInput('api'),
]);
export type ChannelAccountInput = z.infer<typeof ChannelAccountInput>;

export const CenterChannelAccount = z.object({
  id: Id,
  kind: ChannelKind,
  name: z.string(),
  address: z.string().nullable(),
  enabled: z.boolean(),
  /** A demo account delivering through the loopback adapter: nothing leaves the machine. */
  simulated: z.boolean(),
  email: EmailSettings.extend({
    has_smtp_password: z.boolean(),
    has_imap_password: z.boolean(),
  }).nullable(),
  chat: ChatSettings.extend({
    widget_key: z.string(),
    /** Shared with the site's backend to sign visitor identities; shown to administrators only. */
    identity_secret: z.string(),
  }).nullable(),
  /** The settings of a kind reached over HTTP (provider-accounts.ts). */
  provider: ProviderAccountView.nullable(),
  health: ChannelHealth,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type CenterChannelAccount = z.infer<typeof CenterChannelAccount>;

export const CenterChannelList = z.object({ data: z.array(CenterChannelAccount) });
export type CenterChannelList = z.infer<typeof CenterChannelList>;

/** A "test connection" outcome per server; `error` is the server's own words (e.g. the SMTP reply). */
const Probe = z.object({ ok: z.boolean(), error: z.string().nullable() });
export type Probe = z.infer<typeof Probe>;
/** E-mail answers for each of its servers; a provider kind answers for its API. */
export const ConnectionTest = z.object({
  smtp: Probe.optional(),
  imap: Probe.optional(),
  api: Probe.optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

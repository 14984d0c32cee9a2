// Channel account rows for the Center: settings by kind, and only whether a secret is stored — never the secret,
// except those the administrator must copy elsewhere: the widget's identity secret, and the secrets this server
// made for a provider's console (Meta's verify token, Telegram's secret token, the generic API's keys).
import {
  ChatSettings,
  EmailSettings,
  GENERATED_SECRETS,
  isProviderKind,
  PROVIDER_FIELDS,
  type CenterChannelAccount,
  type ProviderAccountView,
  type ProviderKind,
} from '@atende/contract';
import type { ChannelAccountRecord } from '../../channels/adapter.ts';

/** An account with its secrets opened (the service's answer): the presenter decides which of them show. */
export type OpenedChannelAccount = ChannelAccountRecord & {
  publicKey: string | null;
  createdAt: Date;
  /** Where the provider calls us (provider kinds only). */
  webhookUrl: string | null;
  health: {
    lastInboundAt: Date | null;
    lastOutboundAt: Date | null;
    lastError: string | null;
    lastErrorAt: Date | null;
  };
};

const iso = (date: Date | null) => date?.toISOString() ?? null;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function providerView(kind: ProviderKind, account: OpenedChannelAccount): ProviderAccountView {
  const fields = PROVIDER_FIELDS[kind];
  const settings = Object.fromEntries(
    fields
      .filter((field) => !field.secret)
      .map((field) => [field.name, textOf(account.settings[field.name])]),
  );
  return {
    settings,
    stored_secrets: fields
      .filter((field) => field.secret && textOf(account.credentials[field.name]) !== '')
      .map((field) => field.name),
    webhook_url: account.webhookUrl ?? '',
    generated: Object.fromEntries(
      GENERATED_SECRETS[kind].map((name) => [name, textOf(account.credentials[name])]),
    ),
  };
}

export function presentChannelAccount(account: OpenedChannelAccount): CenterChannelAccount {
  const email = account.kind === 'email' ? EmailSettings.safeParse(account.settings) : null;
  const chat = account.kind === 'chat' ? ChatSettings.safeParse(account.settings) : null;
  const secret = (name: string) => textOf(account.credentials[name]) !== '';
  const simulated = account.settings.simulated === true;
  return {
    id: account.id,
    kind: account.kind,
    name: account.name,
    address: account.address,
    enabled: account.enabled,
    simulated,
    email: email?.success
      ? {
          ...email.data,
          has_smtp_password: secret('smtp_password'),
          has_imap_password: secret('imap_password'),
        }
      : null,
    chat:
      chat?.success && account.publicKey
        ? {
            ...chat.data,
            widget_key: account.publicKey,
            identity_secret: textOf(account.credentials.identity_secret),
          }
        : null,
    // A demo account never configured has no provider settings to show.
    provider: isProviderKind(account.kind) && !simulated ? providerView(account.kind, account) : null,
    health: {
      last_inbound_at: iso(account.health.lastInboundAt),
      last_outbound_at: iso(account.health.lastOutboundAt),
      last_error: account.health.lastError,
      last_error_at: iso(account.health.lastErrorAt),
    },
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

// Channel account rows for the Center: settings by kind, and only whether a secret is stored — never the secret,
// except the widget's identity secret, which the administrator must copy to the site's backend.
import { ChatSettings, EmailSettings, type CenterChannelAccount } from '@atende/contract';
import type { ChannelAccountRecord } from '../../channels/adapter.ts';

/** An account with its secrets opened (the service's answer): the presenter decides which of them show. */
export type OpenedChannelAccount = ChannelAccountRecord & { publicKey: string | null; createdAt: Date };

export function presentChannelAccount(account: OpenedChannelAccount): CenterChannelAccount {
  const email = account.kind === 'email' ? EmailSettings.safeParse(account.settings) : null;
  const chat = account.kind === 'chat' ? ChatSettings.safeParse(account.settings) : null;
  const secret = (name: string) =>
    typeof account.credentials[name] === 'string' && account.credentials[name] !== '';
  return {
    id: account.id,
    kind: account.kind,
    name: account.name,
    address: account.address,
    enabled: account.enabled,
    simulated: account.settings.simulated === true,
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
            identity_secret: String(account.credentials.identity_secret ?? ''),
          }
        : null,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

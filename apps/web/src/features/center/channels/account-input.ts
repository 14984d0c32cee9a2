// Between a presented account and what the API takes: the input that keeps an account as it is (for the
// enable/disable switch; secrets left out, so the stored ones stay), and which kinds the Center configures.
import {
  CONFIGURABLE_CHANNEL_KINDS,
  isProviderKind,
  type CenterChannelAccount,
  type ChannelAccountInput,
  type ChannelKind,
} from '@atende/contract';

export type ConfigurableKind = (typeof CONFIGURABLE_CHANNEL_KINDS)[number];

export const isConfigurable = (kind: ChannelKind): kind is ConfigurableKind =>
  (CONFIGURABLE_CHANNEL_KINDS as readonly ChannelKind[]).includes(kind);

/** The account's settings as an input, or null when it has none to keep (a demo account never configured). */
export function inputOf(account: CenterChannelAccount): ChannelAccountInput | null {
  const base = { name: account.name, enabled: account.enabled };
  if (account.kind === 'email' && account.email && account.address) {
    const { smtp, imap } = account.email;
    return { ...base, kind: 'email', address: account.address, email: { smtp, imap }, secrets: {} };
  }
  if (account.kind === 'chat' && account.chat) {
    const { title, color, greeting, pre_chat, identity_verification } = account.chat;
    return { ...base, kind: 'chat', chat: { title, color, greeting, pre_chat, identity_verification } };
  }
  if (isProviderKind(account.kind) && account.provider) {
    const { kind } = account;
    return {
      ...base,
      kind,
      address: account.address,
      settings: account.provider.settings,
      secrets: {},
    } as ChannelAccountInput;
  }
  return null;
}

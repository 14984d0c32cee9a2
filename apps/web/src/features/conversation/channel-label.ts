// How a contact's channel is named in pickers: its kind and address where the address is one a person reads
// (a phone number, an e-mail); the site's chat by the visitor's verified identity, else as "the site's chat"
// (its address is a browser's digest, or a demo visitor's id); a provider's user id is no help, so the kind alone.
import type { ChannelKind, ContactChannel } from '@atende/contract';
import type { TFunction } from 'i18next';

const READABLE_ADDRESS: readonly ChannelKind[] = ['whatsapp', 'sms', 'voice', 'email'];

/** The widget's address of a visitor whose site vouched for who they are (modules/widget/visitors.ts). */
const VERIFIED_PREFIX = 'id:';

export function channelLabel(channel: Pick<ContactChannel, 'type' | 'address'>, t: TFunction): string {
  const kind = t(`channelKinds.${channel.type}`);
  if (READABLE_ADDRESS.includes(channel.type)) return `${kind} · ${channel.address}`;
  if (channel.type !== 'chat') return kind;
  return channel.address.startsWith(VERIFIED_PREFIX)
    ? `${t('channelLabel.siteChat')} · ${channel.address.slice(VERIFIED_PREFIX.length)}`
    : t('channelLabel.siteChat');
}

// Which contact channel the composer answers on by default: the one the customer wrote on last (when it can
// still be written to), else the main channel that is not blacklisted, else any channel that is not.
import type { ContactChannel, Item } from '@atende/contract';

export function defaultChannelId(channels: readonly ContactChannel[], items: readonly Item[]): string | null {
  const open = channels.filter((channel) => !channel.blacklisted);
  const lastInbound = items.find((item) => item.type === 'message' && item.message.direction === 'in');
  const lastInboundChannel = lastInbound?.type === 'message' ? lastInbound.message.channel.id : undefined;
  const last = open.find((channel) => channel.id === lastInboundChannel);
  return (last ?? open.find((channel) => channel.main) ?? open[0] ?? channels[0])?.id ?? null;
}

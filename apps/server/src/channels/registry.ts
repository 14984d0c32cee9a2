// Which adapter sends a message: the account's kind's real adapter; the loopback one for the accounts of a
// demo company marked `simulated` (kinds whose provider cannot be reached from a laptop); otherwise a
// permanent failure that says what is missing, so nothing pretends to have been delivered.
import type { ChannelKind } from '@atende/contract';
import { DeliveryError, type AdapterRegistry, type ChannelAdapter } from './adapter.ts';
import { loopbackAdapter } from './loopback.ts';

export type KindAdapters = Partial<Record<ChannelKind, ChannelAdapter>>;

export function createAdapterRegistry(adapters: KindAdapters): AdapterRegistry {
  const dispatch: ChannelAdapter = {
    async send(message) {
      if (message.account?.settings.simulated === true) return loopbackAdapter.send(message);
      const adapter = adapters[message.kind];
      if (!adapter) throw new DeliveryError('channel_not_supported', true);
      if (!message.account) throw new DeliveryError('no_channel_account', true);
      return adapter.send(message);
    },
  };
  return () => dispatch;
}

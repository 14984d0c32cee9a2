// Which adapter sends a message: the account's kind's real adapter; the loopback one for the accounts of a
// demo company marked `simulated` (kinds whose provider cannot be reached from a laptop); otherwise a
// permanent failure that says what is missing, so nothing pretends to have been delivered.
import type { ChannelKind } from '@atende/contract';
import {
  DeliveryError,
  type AdapterRegistry,
  type ChannelAccountRecord,
  type ChannelAdapter,
} from './adapter.ts';
import { loopbackAdapter } from './loopback.ts';

export type KindAdapters = Partial<Record<ChannelKind, ChannelAdapter>>;

export function createAdapterRegistry(adapters: KindAdapters): AdapterRegistry {
  const simulated = (account: ChannelAccountRecord | null) => account?.settings.simulated === true;
  const dispatchers = new Map<ChannelKind, ChannelAdapter>();
  const dispatch = (kind: ChannelKind): ChannelAdapter => {
    const adapter = adapters[kind];
    const remove = adapter?.deleteForEveryone;
    const upload = adapter?.uploadMedia;
    return {
      async send(message) {
        if (simulated(message.account)) return loopbackAdapter.send(message);
        if (!adapter) throw new DeliveryError('channel_not_supported', true);
        if (!message.account) throw new DeliveryError('no_channel_account', true);
        return adapter.send(message);
      },
      // A kind without an adapter declares nothing: what it will do is its adapter's to say.
      replyContext: adapter?.replyContext ?? false,
      choices: adapter?.choices ?? false,
      deleteForEveryone: remove
        ? async (message) => (simulated(message.account) ? undefined : remove(message))
        : null,
      provider: adapter?.provider,
      // A simulated account sends through the loopback: nothing goes to a provider.
      ...(upload && {
        uploadMedia: async (account, file) => {
          if (simulated(account)) throw new DeliveryError('simulated account: no provider media', true);
          return upload(account, file);
        },
      }),
    };
  };
  return (kind) => {
    const known = dispatchers.get(kind) ?? dispatch(kind);
    dispatchers.set(kind, known);
    return known;
  };
}

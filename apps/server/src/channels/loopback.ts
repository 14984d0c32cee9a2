// The loopback adapter: accepts every outbound message at once. It stands in for every kind until the real
// channel adapters land (then it remains for tests), so the send → deliver → status flow is whole today.
import type { AdapterRegistry, ChannelAdapter } from './adapter.ts';

export const loopbackAdapter: ChannelAdapter = {
  async send(message) {
    return { providerMessageId: `loopback-${message.messageId}` };
  },
};

export const loopbackRegistry: AdapterRegistry = () => loopbackAdapter;

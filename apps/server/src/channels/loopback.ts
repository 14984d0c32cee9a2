// The loopback adapter: accepts every outbound message at once. Tests use it when the flow, not a provider,
// is under test; the demo company's simulated accounts (registry.ts) use it for kinds a laptop cannot reach.
import type { AdapterRegistry, ChannelAdapter } from './adapter.ts';

export const loopbackAdapter: ChannelAdapter = {
  async send(message) {
    return { providerMessageId: `loopback-${message.messageId}` };
  },
  replyContext: true,
  deleteForEveryone: async () => undefined,
};

export const loopbackRegistry: AdapterRegistry = () => loopbackAdapter;

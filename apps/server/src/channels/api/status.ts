// The integrator's word on a message we sent (`{"type":"status"}`) → our statuses. Ours move forward only: the
// server ignores a late "delivered" after "read".
import type { ChannelApiStatusCallback } from '@atende/contract';
import type { ProviderStatus } from '../adapter.ts';

export const apiStatus = (callback: ChannelApiStatusCallback): ProviderStatus => ({
  providerMessageId: callback.message_id,
  status: callback.status,
  failureReason: callback.status === 'failed' ? (callback.error ?? 'failed') : null,
});

// Viber's receipts onto our statuses: delivered → delivered, seen → read, failed → failed with Viber's `desc`.
// They may arrive out of order; the server never moves a status backwards.
import type { ProviderStatus } from '../adapter.ts';

export type ViberReceipt = { event: string; message_token?: unknown; desc?: unknown };

export function statusOf(receipt: ViberReceipt): ProviderStatus | null {
  const id = typeof receipt.message_token === 'string' ? receipt.message_token : null;
  if (!id) return null;
  if (receipt.event === 'delivered') return { providerMessageId: id, status: 'delivered' };
  if (receipt.event === 'seen') return { providerMessageId: id, status: 'read' };
  if (receipt.event === 'failed') {
    const desc = typeof receipt.desc === 'string' && receipt.desc ? receipt.desc : 'message not delivered';
    return { providerMessageId: id, status: 'failed', failureReason: `Viber: ${desc}` };
  }
  return null;
}

// WhatsApp's statuses of our messages → ours. Meta's four (sent, delivered, read, failed) are ours already; a
// failure carries its reason in Meta's words (title, message, details), except the closed 24-hour window, which
// the product states itself (DELIVERY_FAILURE_CODES).
import { z } from 'zod';
import type { ProviderStatus } from '../adapter.ts';

export const GraphError = z.object({
  code: z.number().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});
export type GraphError = z.infer<typeof GraphError>;

export const WhatsappStatus = z.object({
  id: z.string().min(1),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  errors: z.array(GraphError).optional(),
});

/** Outside the customer-service window: only templates may go (error 131047, "Re-engagement message"). */
export const WINDOW_CLOSED = 131047;

/** A Graph error in words an attendant can act on: the closed window as our code, else Meta's own words. */
export function reasonOf(error: GraphError | undefined): string {
  if (error?.code === WINDOW_CLOSED) return 'whatsapp_window_closed';
  const parts = [error?.title ?? error?.message, error?.error_data?.details].filter((part): part is string =>
    Boolean(part),
  );
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.join(': ') || 'WhatsApp reported a failure';
}

export const providerStatusOf = (update: z.infer<typeof WhatsappStatus>): ProviderStatus => ({
  providerMessageId: update.id,
  status: update.status,
  failureReason: update.status === 'failed' ? reasonOf(update.errors?.[0]) : null,
});

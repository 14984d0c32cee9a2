// Twilio's message statuses onto ours: queued/accepted/scheduled/sending/sent → sent, delivered, read (RCS and
// WhatsApp senders), undelivered/failed → failed with Twilio's error code and its name. Callbacks can arrive out
// of order; the server never moves a status backwards, so each is simply applied.
import type { ProviderStatus } from '../adapter.ts';

const STATUSES: Record<string, ProviderStatus['status']> = {
  accepted: 'sent',
  scheduled: 'sent',
  queued: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
};

/** The names Twilio's error dictionary gives the codes a message most often fails with. */
const ERROR_NAMES: Record<string, string> = {
  '20003': 'Authentication failed',
  '21211': 'Invalid To phone number',
  '21408': 'Permission to send an SMS has not been enabled for the region',
  '21610': 'Attempt to send to unsubscribed recipient',
  '21614': 'To number is not a valid mobile number',
  '30001': 'Queue overflow',
  '30002': 'Account suspended',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered',
  '30008': 'Unknown error',
  '30011': 'MMS not supported by the receiving phone number in this region',
  '30034': 'Message from an unregistered number',
};

/**
 * Twilio's words on a failure: "Twilio 21211: <its message>" from an API answer, "Twilio 30003: Unreachable
 * destination handset" from a callback (which carries only the code), the code alone for a rare one.
 */
export function twilioError(code: string | number | null | undefined, message?: string | null): string {
  const key = code == null ? '' : String(code);
  const words = message || ERROR_NAMES[key] || null;
  if (!key) return `Twilio: ${words ?? 'message not delivered'}`;
  return words ? `Twilio ${key}: ${words}` : `Twilio ${key}`;
}

/** A status callback's fields as our status, or null for one we do not track (receiving, received…). */
export function statusOf(fields: URLSearchParams): ProviderStatus | null {
  const sid = fields.get('MessageSid') ?? fields.get('SmsSid');
  const status = STATUSES[fields.get('MessageStatus') ?? ''];
  if (!sid || !status) return null;
  return status === 'failed'
    ? { providerMessageId: sid, status, failureReason: twilioError(fields.get('ErrorCode')) }
    : { providerMessageId: sid, status };
}

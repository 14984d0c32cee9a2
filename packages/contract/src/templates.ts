// The customer-service window of the messaging apps (issue 22 item 2) and WhatsApp's message templates: a
// customer's message opens a window in which free text may answer; outside it WhatsApp takes only an approved
// template (Messenger and Instagram only tagged messages), so the server refuses free text there and the composer
// offers the account's templates instead.
import { z } from 'zod';
import { encodedText, Id, text, Timestamp } from './common.ts';
import type { ChannelKind } from './enums.ts';

/** Hours after the customer's last message during which free text may answer, per kind that has such a rule. */
export const CUSTOMER_WINDOW_HOURS: Partial<Record<ChannelKind, number>> = {
  whatsapp: 24,
  messenger: 24,
  instagram_direct: 24,
};

/** When the window of a channel closes (null: no window on this kind); closed when the customer never wrote. */
export function customerWindowClosesAt(kind: ChannelKind, lastInboundAt: string | Date | null): Date | null {
  const hours = CUSTOMER_WINDOW_HOURS[kind];
  if (hours === undefined) return null;
  if (lastInboundAt === null) return new Date(0);
  return new Date(new Date(lastInboundAt).getTime() + hours * 3_600_000);
}

export const customerWindowOpen = (
  kind: ChannelKind,
  lastInboundAt: string | Date | null,
  now = Date.now(),
) => {
  const closes = customerWindowClosesAt(kind, lastInboundAt);
  return closes === null || closes.getTime() > now;
};

/** The variables of a template's body text, in order ({{1}}, {{2}}…). */
export const templateVariables = (body: string): number[] =>
  [...new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);

/** The body with its variables filled (what the customer reads, and what the timeline stores). */
export const fillTemplate = (body: string, values: readonly string[]) =>
  body.replace(/\{\{(\d+)\}\}/g, (all, n: string) => values[Number(n) - 1] ?? all);

/** The most templates kept per account (and listed for the composer): Meta's own cap is 250 for most businesses. */
export const WHATSAPP_TEMPLATES_MAX = 1000;

export const WHATSAPP_TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED'] as const;

/** A template of a WhatsApp account, as synced from Meta. */
export const WhatsappTemplate = z.object({
  id: Id,
  channel_account_id: Id,
  name: z.string(),
  language: z.string(),
  category: z.string(),
  /** Meta's status (APPROVED, PENDING, REJECTED, PAUSED…): only approved ones can be sent. */
  status: z.string(),
  body: z.string(),
  /** How many body variables it takes ({{1}}…{{n}}). */
  variables: z.number().int(),
  synced_at: Timestamp,
});
export type WhatsappTemplate = z.infer<typeof WhatsappTemplate>;

export const WhatsappTemplateList = z.object({ data: z.array(WhatsappTemplate) });
export type WhatsappTemplateList = z.infer<typeof WhatsappTemplateList>;

/** The console's list: the approved templates of the WhatsApp accounts a reply may leave from. */
export const WhatsappTemplatesQuery = z.object({ channel_account_id: Id.optional() });

/** A template message to a contact (`POST /api/conversation/:id/messages/template`). */
export const SendTemplateRequest = z.object({
  template_id: Id,
  variables: z.array(text(1024).refine((value) => value.trim() !== '', { message: 'required' })).max(20),
  channel_id: Id.optional(),
  client_id: encodedText(64).min(8).optional(),
});
export type SendTemplateRequest = z.infer<typeof SendTemplateRequest>;

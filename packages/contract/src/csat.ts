// Customer satisfaction (CSAT, issue 28): after a conversation is resolved the customer is asked, once, for a
// 1–5 rating and an optional comment (the widget's buttons, or a short link to a small public page).
import { z } from 'zod';
import { Id, Timestamp } from './common.ts';
import { CSAT_COMMENT_MAX, CSAT_RATING } from './constants.ts';

/** The public token of one request (the `/s/<token>` link). */
export const CsatToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const CsatAnswer = z.object({
  rating: z.coerce.number().int().min(CSAT_RATING.min).max(CSAT_RATING.max),
  comment: z.string().trim().max(CSAT_COMMENT_MAX).optional().default(''),
});
export type CsatAnswer = z.infer<typeof CsatAnswer>;

/** A conversation's request and its answer, as the console shows them. */
export const Csat = z.object({
  id: Id,
  contact_id: Id,
  /** The message that carried the request (the timeline shows it as the request's card); null once deleted. */
  message_id: Id.nullable(),
  requested_at: Timestamp,
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  answered_at: Timestamp.nullable(),
  /** A rating given with a provider's buttons: until then the customer's next text may still be its comment. */
  comment_until: Timestamp.nullable(),
});
export type Csat = z.infer<typeof Csat>;

/** GET /api/conversations/:id/csat: null when the customer was never asked. */
export const ConversationCsat = z.object({ csat: Csat.nullable() });
export type ConversationCsat = z.infer<typeof ConversationCsat>;

/** The rating prompt a widget message carries (the widget renders it as buttons). */
export const WidgetCsat = z.object({ token: CsatToken, rating: z.number().int().nullable() });
export type WidgetCsat = z.infer<typeof WidgetCsat>;

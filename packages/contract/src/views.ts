// Saved personal views of the contact list (issue 20, item 6) and the company's critical rule.
import { z } from 'zod';
import { Id, requiredText, Timestamp } from './common.ts';
import { CRITICAL_AFTER_MINUTES_MAX, SAVED_VIEW_NAME_MAX, SAVED_VIEWS_MAX } from './constants.ts';
import { ContactFilters, ContactListFilter, ContactOrder, SortDirection } from './contacts.ts';

/** What a view remembers: the list, "only my segments", the ordering and the combinable filters. */
export const SavedList = z.object({
  filter: ContactListFilter,
  only_my_segments: z.boolean(),
  order: ContactOrder,
  direction: SortDirection,
  filters: ContactFilters,
});
export type SavedList = z.infer<typeof SavedList>;

export const SavedView = z.object({ id: Id, name: z.string(), list: SavedList, updated_at: Timestamp });
export type SavedView = z.infer<typeof SavedView>;
/** A user's views: never more than SAVED_VIEWS_MAX, so the list needs no paging. */
export const SavedViewList = z.object({ data: z.array(SavedView).max(SAVED_VIEWS_MAX) });
export type SavedViewList = z.infer<typeof SavedViewList>;

export const NewSavedViewRequest = z.object({ name: requiredText(SAVED_VIEW_NAME_MAX), list: SavedList });
export type NewSavedViewRequest = z.infer<typeof NewSavedViewRequest>;

/** Renames a view, or saves the list on screen into it; at least one of the two. */
export const UpdateSavedViewRequest = z
  .object({ name: requiredText(SAVED_VIEW_NAME_MAX).optional(), list: SavedList.optional() })
  .refine((body) => body.name !== undefined || body.list !== undefined, { message: 'nothing_to_change' });
export type UpdateSavedViewRequest = z.infer<typeof UpdateSavedViewRequest>;

/**
 * What the company calls critical: each condition optional, every one set must hold (none set: nothing is
 * critical): unanswered for more than `unanswered_minutes` (null: whatever the wait), of high priority.
 */
export const CriticalRule = z.object({
  unanswered_minutes: z.number().int().min(1).max(CRITICAL_AFTER_MINUTES_MAX).nullable(),
  high_priority: z.boolean(),
});
export type CriticalRule = z.infer<typeof CriticalRule>;
export const UpdateCriticalRuleRequest = CriticalRule.partial().refine(
  (body) => body.unanswered_minutes !== undefined || body.high_priority !== undefined,
  { message: 'nothing_to_change' },
);
export type UpdateCriticalRuleRequest = z.infer<typeof UpdateCriticalRuleRequest>;

// What the console remembers for each user on the server, so it follows the attendant to another desk: the
// side panel beside a conversation's messages (which one was open last, and how wide).
import { z } from 'zod';

/** The pages of a conversation that open beside its messages on a wide screen. */
export const SIDE_PANELS = ['customer', 'campaign', 'events', 'phrases'] as const;
export const SidePanel = z.enum(SIDE_PANELS);
export type SidePanel = z.infer<typeof SidePanel>;

/** Bounds of the side panel's width in CSS pixels; the console narrows it further to what the screen allows. */
export const SIDE_PANEL_WIDTH = { min: 280, max: 960, default: 380 } as const;

export const UserPreferences = z.strictObject({
  /** The panel open beside the messages when the attendant last worked on a wide screen; null: none. */
  side_panel: SidePanel.nullable(),
  side_panel_width: z.number().int().min(SIDE_PANEL_WIDTH.min).max(SIDE_PANEL_WIDTH.max),
});
export type UserPreferences = z.infer<typeof UserPreferences>;

export const DEFAULT_PREFERENCES: UserPreferences = {
  side_panel: null,
  side_panel_width: SIDE_PANEL_WIDTH.default,
};

/** Changes some preferences and keeps the others; an unknown key is refused rather than stored. */
export const UpdatePreferencesRequest = UserPreferences.partial().refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  { message: 'nothing_to_change' },
);
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequest>;

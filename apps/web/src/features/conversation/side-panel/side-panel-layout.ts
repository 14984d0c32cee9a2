// The rules of the side panel beside a conversation's messages, kept apart from React so they are tested
// alone: which route is which panel, when the conversation area is wide enough for two columns, and how wide
// the panel may be.
import { SIDE_PANEL_WIDTH, type SidePanel } from '@atende/contract';
import type { RouteName } from '../../../lib/routes.ts';

/** The route of each panel (spec §2): the URL of a side page is the conversation with that panel open. */
export const PANEL_ROUTES = {
  customer: 'customer.information',
  campaign: 'campaign.information',
  events: 'conversation.events',
  phrases: 'ready.phrases',
} as const satisfies Record<SidePanel, RouteName>;

export const panelOfRoute = (routeId: string | undefined): SidePanel | null =>
  (Object.keys(PANEL_ROUTES) as SidePanel[]).find((panel) => PANEL_ROUTES[panel] === routeId) ?? null;

/** The narrowest the messages may get beside the panel: a bubble and the footer's buttons still fit. */
export const MESSAGES_MIN_WIDTH = 380;
/** The resize handle between the two columns. */
export const HANDLE_WIDTH = 8;
/**
 * From this width of the conversation area on, the panel opens beside the messages (the panel at its narrowest
 * and the messages at theirs fit, with room to spare); below it, a side page replaces the messages as tabs.
 * A 1440-pixel screen with the sidebar and the contact list leaves about 830.
 */
export const WIDE_AREA_MIN = 800;

/** How far one arrow key moves the handle; with Shift, a larger step. */
export const KEY_STEP = 16;
export const KEY_STEP_LARGE = 80;

export const isWideArea = (areaWidth: number): boolean => areaWidth >= WIDE_AREA_MIN;

export interface WidthBounds {
  min: number;
  max: number;
}

/** The widths the panel may take in an area this wide: the contract's bounds, less room for the messages. */
export function widthBounds(areaWidth: number): WidthBounds {
  const room = areaWidth - MESSAGES_MIN_WIDTH - HANDLE_WIDTH;
  return {
    min: SIDE_PANEL_WIDTH.min,
    max: Math.max(SIDE_PANEL_WIDTH.min, Math.min(SIDE_PANEL_WIDTH.max, room)),
  };
}

export const clampWidth = (width: number, bounds: WidthBounds): number =>
  Math.round(Math.min(bounds.max, Math.max(bounds.min, width)));

/**
 * The width a key gives the panel, or null for a key that does not resize. The panel is on the right, so the
 * handle moving left (ArrowLeft) widens it; Home and End go to the narrowest and the widest.
 */
export function widthForKey(key: string, shift: boolean, width: number, bounds: WidthBounds): number | null {
  const step = shift ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampWidth(width + step, bounds);
    case 'ArrowRight':
      return clampWidth(width - step, bounds);
    case 'Home':
      return bounds.min;
    case 'End':
      return bounds.max;
    default:
      return null;
  }
}

/** The width a drag gives the panel: it started at `startWidth` with the pointer at `startX`. */
export const widthForDrag = (startWidth: number, startX: number, x: number, bounds: WidthBounds): number =>
  clampWidth(startWidth + (startX - x), bounds);

/** What is on screen: the conversation and the panel open beside it. */
export interface Shown {
  contactId: string;
  panel: SidePanel | null;
}

export type PanelDecision = { restore: SidePanel } | { remember: SidePanel | null } | null;

/**
 * What a change of the screen does with the panel remembered on the server. A conversation arrived at without a
 * panel (its messages' URL: a click in the list, the queue, a notification) opens the one last open; any other
 * change is the attendant's choice (a tab, the close button, back and forward), remembered when it differs.
 */
export function panelDecision(
  previous: Shown | null,
  current: Shown,
  remembered: SidePanel | null,
): PanelDecision {
  if (previous?.contactId === current.contactId && previous.panel === current.panel) return null;
  const arrived = previous?.contactId !== current.contactId;
  if (arrived && current.panel === null) return remembered ? { restore: remembered } : null;
  return current.panel === remembered ? null : { remember: current.panel };
}

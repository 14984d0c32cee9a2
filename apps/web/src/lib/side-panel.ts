// The side panel of a conversation: on a wide screen its pages (customer data, campaign, events, ready phrases)
// open beside the messages instead of replacing them. A page rendered inside the panel finds it here, to draw
// the panel's frame rather than a page's and to leave the messages on screen (a ready phrase goes into the
// footer beside it instead of navigating to it).
import { createContext, useContext } from 'react';

export interface SidePanelFrame {
  /** Closes the panel: the messages alone again. */
  close: () => void;
}

export const SidePanelContext = createContext<SidePanelFrame | null>(null);

/** The panel the calling page is rendered in, or null when the page replaces the messages (narrow screens). */
export const useSidePanel = (): SidePanelFrame | null => useContext(SidePanelContext);

// The command palette's entries for a conversation's side pages (customer data, campaign, events, ready
// phrases): each but the one on screen, opening it as its tab's link does.
import { SIDE_PANELS, type SidePanel } from '@atende/contract';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../lib/routes.ts';
import { useShortcuts, type ShortcutLabel } from '../../../lib/shortcuts.ts';
import { PANEL_ROUTES } from './side-panel-layout.ts';

const PAGE_ACTIONS = {
  customer: 'shortcuts.actions.openCustomer',
  campaign: 'shortcuts.actions.openCampaign',
  events: 'shortcuts.actions.openEvents',
  phrases: 'shortcuts.actions.openPhrases',
} as const satisfies Record<SidePanel, ShortcutLabel>;

export function usePageActions(contactId: string, shown: SidePanel | null) {
  const navigate = useNavigate();
  useShortcuts(
    SIDE_PANELS.filter((page) => page !== shown).map((page) => ({
      id: `conversation.page.${page}`,
      label: PAGE_ACTIONS[page],
      handler: () => void navigate(pathTo(PANEL_ROUTES[page], { contactId })),
    })),
  );
}

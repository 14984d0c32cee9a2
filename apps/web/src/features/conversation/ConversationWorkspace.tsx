// The conversation route's frame (/painel/conversa/:contactId and its side pages). On a wide conversation area
// a side page (customer data and schedules, campaign, events, ready phrases) opens in a resizable panel beside
// the messages, which stay on screen and keep their draft; on a narrow one it replaces them, as tabs. The URL
// says which panel is open, so links, reloads and back/forward open it; the last one open and the panel's width
// are remembered on the server, and follow the attendant to another desk. The command palette opens each page.
// A pipeline card's route is no side page: its dialog opens over the conversation, whatever the width.
import { SIDE_PANEL_WIDTH } from '@atende/contract';
import { CloseButton, Group, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Outlet, useMatches, useNavigate, useParams } from 'react-router';
import { contactTabLabel } from '../../components/ContactSubpage.tsx';
import { requestComposerFocus } from '../../lib/composer-focus.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../../lib/routes.ts';
import { SidePanelContext } from '../../lib/side-panel.ts';
import { ConversationPage } from './ConversationPage.tsx';
import { preferencesQuery, useSavePreferences } from './side-panel/preferences-api.ts';
import { ResizeHandle } from './side-panel/ResizeHandle.tsx';
import {
  clampWidth,
  isWideArea,
  PANEL_ROUTES,
  panelDecision,
  panelOfRoute,
  widthBounds,
  type Shown,
} from './side-panel/side-panel-layout.ts';
import classes from './side-panel/SidePanel.module.css';
import { useAreaWidth } from './side-panel/use-area-width.ts';
import { usePageActions } from './side-panel/use-page-actions.ts';
import { usePanelWidth } from './side-panel/use-panel-width.ts';

const PANEL_ID = 'conversation-side-panel';

/** Opens the remembered panel on arriving at a conversation, and remembers the one the attendant opens. */
function useRememberedPanel(shown: Shown, active: boolean) {
  const navigate = useNavigate();
  const preferences = useQuery({ ...preferencesQuery, enabled: active });
  const save = useSavePreferences();
  const previous = useRef<Shown | null>(null);
  const remembered = preferences.data?.side_panel;
  useEffect(() => {
    if (!active || remembered === undefined) return;
    const decision = panelDecision(previous.current, shown, remembered);
    previous.current = shown;
    if (decision && 'restore' in decision) {
      void navigate(pathTo(PANEL_ROUTES[decision.restore], { contactId: shown.contactId }), {
        replace: true,
      });
    } else if (decision) {
      save({ side_panel: decision.remember });
    }
  }, [active, remembered, shown, navigate, save]);
  return preferences.data?.side_panel_width ?? SIDE_PANEL_WIDTH.default;
}

export function ConversationWorkspace() {
  const { t } = useTranslation();
  const { contactId = '' } = useParams();
  const navigate = useNavigate();
  const route = useMatches().at(-1)?.id;
  const panel = panelOfRoute(route);
  const area = useRef<HTMLDivElement>(null);
  const areaWidth = useAreaWidth(area);
  const wide = areaWidth !== null && isWideArea(areaWidth);
  const shown = useMemo(() => ({ contactId, panel }), [contactId, panel]);
  // A card's route is a dialog over the conversation, not a side page: it neither opens nor forgets one.
  const cardOpen = route === 'card';
  const savedWidth = useRememberedPanel(shown, wide && !cardOpen);
  usePageActions(contactId, panel);
  const save = useSavePreferences();
  const [width, setWidth] = usePanelWidth(
    savedWidth,
    useCallback((next: number) => save({ side_panel_width: next }), [save]),
  );
  const bounds = widthBounds(areaWidth ?? 0);
  const shownWidth = clampWidth(width, bounds);

  const frame = useMemo(
    () => ({
      close: () => {
        requestComposerFocus(contactId);
        void navigate(pathTo('conversation.messages', { contactId }));
      },
    }),
    [contactId, navigate],
  );

  // Escape closes the panel from anywhere inside it, unless it closes something of its own first (a list
  // open in a field); what is in a portal (a modal of the panel) is not inside it.
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!event.currentTarget.contains(target) || target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    frame.close();
  }

  let content = null;
  if (areaWidth !== null && wide) {
    content = (
      <>
        <div className={classes.messages}>
          <ConversationPage />
        </div>
        {panel && (
          <>
            <ResizeHandle width={shownWidth} bounds={bounds} controls={PANEL_ID} onResize={setWidth} />
            <section
              id={PANEL_ID}
              className={classes.panel}
              style={{ width: shownWidth }}
              aria-labelledby={`${PANEL_ID}-title`}
              onKeyDown={handleKeyDown}
              data-testid="side-panel"
            >
              <Group justify="space-between" wrap="nowrap" className={classes.panelHeader}>
                <Title order={2} size="h5" id={`${PANEL_ID}-title`} lineClamp={1}>
                  {t(contactTabLabel(PANEL_ROUTES[panel]))}
                </Title>
                <CloseButton
                  aria-label={t('sidePanel.close')}
                  onClick={frame.close}
                  data-testid="side-panel-close"
                />
              </Group>
              <div className={classes.panelBody}>
                <SidePanelContext.Provider value={frame}>
                  <Outlet />
                </SidePanelContext.Provider>
              </div>
            </section>
          </>
        )}
      </>
    );
  } else if (areaWidth !== null) {
    content = panel ? (
      <div className={classes.page}>
        <Outlet />
      </div>
    ) : (
      <div className={classes.messages}>
        <ConversationPage />
      </div>
    );
  }
  return (
    <div ref={area} className={classes.workspace} data-layout={wide ? 'columns' : 'tabs'}>
      {content}
      {cardOpen && <Outlet />}
    </div>
  );
}

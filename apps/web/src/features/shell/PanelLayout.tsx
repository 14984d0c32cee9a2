// The Live console's frame: header with logo and user menu, sidebar, the contact column on the left of the
// work area (spec §2), connection state, and the processing overlay until the initial data has loaded. On a
// phone the column is the home view and every other screen (a conversation, the profile) replaces it.
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { loadCallTexts, useTranslation } from '../../lib/i18n.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { ContactColumn } from './ContactColumn.tsx';
import { useRecentContacts } from '../contacts/recent-contacts.ts';
import { useInitialData } from '../panel/initial-data.ts';
import { ProcessingOverlay } from '../panel/ProcessingOverlay.tsx';
import { useLiveUpdates } from '../realtime/use-live-updates.ts';
import { usePauseSync } from '../pause/use-pause-sync.ts';
import { useScheduleReminders } from '../schedules/use-schedule-reminders.ts';
import { useTransferNotices } from '../conversation/lifecycle/use-transfer-notices.ts';
import { ConnectionLostBanner } from '../session/ConnectionLostBanner.tsx';
import { useFreshAvatar } from '../session/use-fresh-avatar.ts';
import { KeyboardLayer } from '../keyboard/KeyboardLayer.tsx';
import { SkipLink } from '../keyboard/SkipLink.tsx';
import { useHeartbeat } from '../session/use-heartbeat.ts';
import { useCurrentUser } from '../../lib/session-store.ts';
import classes from './PanelLayout.module.css';
import { ShellNavigation } from './ShellNavigation.tsx';
import { UserMenu } from './UserMenu.tsx';
import { SurveyModal } from '../survey/SurveyModal.tsx';
import { holds } from '../../lib/abilities.ts';

/**
 * The softphone (JsSIP, the header's call bar, its modals) loads after the console, with the texts it shares
 * with the call histories (the transfer's): the panel's bundle stays small.
 */
const Softphone = lazy(() =>
  loadCallTexts()
    .then(() => import('../softphone/Softphone.tsx'))
    .then((module) => ({ default: module.Softphone })),
);

/** The work area beside the contact list, where the skip link leads. */
const WORK_AREA_ID = 'work-area';

export function PanelLayout() {
  const { t } = useTranslation();
  const [navigationOpened, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { ready } = useInitialData();
  const heartbeat = useHeartbeat(ready);
  const loadRecent = useRecentContacts((state) => state.load);
  useLiveUpdates(ready);
  useScheduleReminders();
  usePauseSync();
  useTransferNotices();
  useFreshAvatar(user?.avatar);

  useEffect(closeNavigation, [pathname, closeNavigation]);
  useEffect(() => {
    if (user) loadRecent(user.id);
  }, [user, loadRecent]);

  if (!user || !ready) return <ProcessingOverlay />;

  const onHome = pathname.replace(/\/$/, '') === pathTo('panel.index');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
      padding={0}
    >
      <SkipLink targetId={WORK_AREA_ID} />
      <KeyboardLayer />
      <SurveyModal />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navigationOpened}
              onClick={toggleNavigation}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(navigationOpened ? 'nav.close' : 'nav.open')}
            />
            <Link to={pathTo('panel.index')} aria-label={t('nav.panel')}>
              <BrandLogo h={30} />
            </Link>
          </Group>
          {/* The call bar lives in the header: it covers nothing of the work area during a call. */}
          {holds(user, 'voice.use') && (
            <Suspense fallback={null}>
              <Softphone />
            </Suspense>
          )}
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ShellNavigation user={user} onNavigate={closeNavigation} />
      </AppShell.Navbar>
      <AppShell.Main>
        <div className={`${classes.workspace} ${onHome ? classes.listView : classes.pageView}`}>
          <aside className={classes.column} aria-label={t('contacts.columnLabel')}>
            <ContactColumn />
          </aside>
          <div className={classes.main} id={WORK_AREA_ID} tabIndex={-1}>
            {heartbeat.lost && (
              <ConnectionLostBanner retrying={heartbeat.retrying} onRetry={heartbeat.retry} />
            )}
            <Outlet />
          </div>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

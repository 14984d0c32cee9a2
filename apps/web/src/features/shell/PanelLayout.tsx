// The Live console's frame: header with logo and user menu, sidebar, connection state, and the processing
// overlay until the initial data has loaded.
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { pathTo } from '../../app/routes.ts';
import { BrandLogo } from '../branding/BrandLogo.tsx';
import { useInitialData } from '../panel/initial-data.ts';
import { ProcessingOverlay } from '../panel/ProcessingOverlay.tsx';
import { ConnectionLostBanner } from '../session/ConnectionLostBanner.tsx';
import { useHeartbeat } from '../session/use-heartbeat.ts';
import { useCurrentUser } from '../session/user-api.ts';
import { ShellNavigation } from './ShellNavigation.tsx';
import { UserMenu } from './UserMenu.tsx';

export function PanelLayout() {
  const { t } = useTranslation();
  const [navigationOpened, { toggle: toggleNavigation, close: closeNavigation }] = useDisclosure();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { ready } = useInitialData();
  const heartbeat = useHeartbeat(ready);

  useEffect(closeNavigation, [pathname, closeNavigation]);

  if (!user || !ready) return <ProcessingOverlay />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } }}
      padding="md"
    >
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
          <UserMenu user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ShellNavigation user={user} onNavigate={closeNavigation} />
      </AppShell.Navbar>
      <AppShell.Main>
        {heartbeat.lost && <ConnectionLostBanner retrying={heartbeat.retrying} onRetry={heartbeat.retry} />}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

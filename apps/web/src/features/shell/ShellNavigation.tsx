// Sidebar of the Live console (spec §2): only entries whose features exist, plus the Center and logout.
import type { Ability, User } from '@atende/contract';
import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Fragment, lazy, Suspense, type ComponentType } from 'react';
import { useTranslation, type Messages } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import {
  BroadcastIcon,
  ChartBarIcon,
  BuildingIcon,
  BulbIcon,
  HomeIcon,
  KanbanIcon,
  LogoutIcon,
  PhoneIcon,
  UserIcon,
} from '../../components/Icons.tsx';
import { holds } from '../../lib/abilities.ts';
import { LatencyIndicator } from '../latency/LatencyIndicator.tsx';
import { PauseNavEntry } from '../pause/PauseNavEntry.tsx';
import { SipStatusNavEntry } from '../softphone/SipStatusNavEntry.tsx';
import { ChangelogNavLink } from '../changelog/ChangelogNavLink.tsx';
import { NextInQueueNavLink } from '../queue/NextInQueueNavLink.tsx';
import { useSignOut } from '../session/use-sign-out.ts';

// The broadcasts under way, under their entry: loaded with the broadcasts feature, for those who send them.
const SidebarBroadcasts = lazy(() =>
  import('../broadcasts/SidebarBroadcasts.tsx').then((module) => ({ default: module.SidebarBroadcasts })),
);

interface NavigationEntry {
  route: RouteName;
  label: `nav.${keyof Messages['nav']}`;
  Icon: ComponentType<{ size?: number }>;
  /** Shown only to users holding it. */
  ability?: Ability;
}

/** Entries appear here as their features land (pause, wishlist, pipelines, analytics…). */
const ENTRIES: readonly NavigationEntry[] = [
  { route: 'panel.index', label: 'nav.panel', Icon: HomeIcon },
  { route: 'suggestions', label: 'nav.suggestions', Icon: BulbIcon },
  { route: 'broadcasts', label: 'nav.broadcasts', Icon: BroadcastIcon, ability: 'broadcasts.send' },
  { route: 'pipelines', label: 'nav.pipelines', Icon: KanbanIcon },
  { route: 'calls', label: 'nav.calls', Icon: PhoneIcon, ability: 'calls.see_all' },
  { route: 'contacts.analytics', label: 'nav.analytics', Icon: ChartBarIcon },
  { route: 'profile', label: 'nav.profile', Icon: UserIcon },
];

interface ShellNavigationProps {
  user: User;
  onNavigate: () => void;
}

export function ShellNavigation({ user, onNavigate }: ShellNavigationProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { signingOut, handleSignOut } = useSignOut();

  return (
    <Stack justify="space-between" h="100%" gap="xs">
      <ScrollArea type="never">
        <Stack gap={4} component="nav" aria-label={t('nav.label')}>
          <PauseNavEntry user={user} />
          <NextInQueueNavLink onNavigate={onNavigate} />
          {holds(user, 'voice.use') && <SipStatusNavEntry />}
          {ENTRIES.filter((entry) => !entry.ability || holds(user, entry.ability)).map(
            ({ route, label, Icon }) => {
              const path = pathTo(route);
              return (
                <Fragment key={route}>
                  <NavLink
                    component={Link}
                    to={path}
                    label={t(label)}
                    leftSection={<Icon size={20} />}
                    active={pathname === path}
                    onClick={onNavigate}
                    variant="light"
                  />
                  {route === 'broadcasts' && (
                    <Suspense fallback={null}>
                      <SidebarBroadcasts onNavigate={onNavigate} />
                    </Suspense>
                  )}
                </Fragment>
              );
            },
          )}
          <ChangelogNavLink onNavigate={onNavigate} />
          {holds(user, 'center.open') && (
            <NavLink
              component={Link}
              to={pathTo('center')}
              label={t('nav.center')}
              leftSection={<BuildingIcon size={20} />}
              onClick={onNavigate}
            />
          )}
        </Stack>
      </ScrollArea>
      <Stack gap={4}>
        <LatencyIndicator />
        <NavLink
          component="button"
          type="button"
          label={t('nav.logout')}
          leftSection={<LogoutIcon size={20} />}
          onClick={handleSignOut}
          disabled={signingOut}
          c="red"
        />
      </Stack>
    </Stack>
  );
}

// Sidebar of the Live console (spec §2): only entries whose features exist, plus the Center and logout.
import type { User } from '@atende/contract';
import { NavLink, ScrollArea, Stack } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation, type Messages } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { BuildingIcon, HomeIcon, LogoutIcon, UserIcon } from '../../components/Icons.tsx';
import { holds } from '../../lib/abilities.ts';
import { NextInQueueNavLink } from '../queue/NextInQueueNavLink.tsx';
import { useSignOut } from '../session/use-sign-out.ts';

interface NavigationEntry {
  route: RouteName;
  label: `nav.${keyof Messages['nav']}`;
  Icon: ComponentType<{ size?: number }>;
}

/** Entries appear here as their features land (pause, wishlist, pipelines, analytics…). */
const ENTRIES: readonly NavigationEntry[] = [
  { route: 'panel.index', label: 'nav.panel', Icon: HomeIcon },
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
          <NextInQueueNavLink onNavigate={onNavigate} />
          {ENTRIES.map(({ route, label, Icon }) => {
            const path = pathTo(route);
            return (
              <NavLink
                key={route}
                component={Link}
                to={path}
                label={t(label)}
                leftSection={<Icon size={20} />}
                active={pathname === path}
                onClick={onNavigate}
                variant="light"
              />
            );
          })}
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
  );
}

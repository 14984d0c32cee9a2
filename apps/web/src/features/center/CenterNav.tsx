// Navigation between the Center's sections (users, channels): links, marked as the current page when open.
import { Button, Group } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import { pathTo, ROUTES, type RouteName } from '../../lib/routes.ts';
import { useTranslation } from '../../lib/i18n.ts';

const SECTIONS = [
  { route: 'center', label: 'centerChannels.nav.users' },
  { route: 'center.channels', label: 'centerChannels.nav.channels' },
] as const satisfies readonly { route: RouteName; label: string }[];

function SectionLink({ route, label }: (typeof SECTIONS)[number]) {
  const { t } = useTranslation();
  const current = useMatch({ path: ROUTES[route].path, end: true }) !== null;
  return (
    <Button
      component={Link}
      to={pathTo(route)}
      variant={current ? 'light' : 'subtle'}
      aria-current={current ? 'page' : undefined}
      data-testid={`center-nav-${route}`}
    >
      {t(label)}
    </Button>
  );
}

export function CenterNav() {
  const { t } = useTranslation();
  return (
    <Group component="nav" gap="xs" aria-label={t('centerChannels.nav.label')}>
      {SECTIONS.map((section) => (
        <SectionLink key={section.route} {...section} />
      ))}
    </Group>
  );
}

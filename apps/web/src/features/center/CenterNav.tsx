// Navigation between the Center's sections (users, channels, catalogues, audit, white-label, teams, company,
// product administration for super administrators, wishlist moderation, changelog, pipelines, live monitor, power-dial campaigns): links, marked as the current page when open.
import type { Ability } from '@atende/contract';
import { Button, Group } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import { pathTo, ROUTES, type RouteName } from '../../lib/routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { holds } from '../../lib/abilities.ts';
import { useCurrentUser } from '../../lib/session-store.ts';

/** Each section, and the ability it needs beyond opening the Center. */
const SECTIONS = [
  { route: 'center', label: 'centerChannels.nav.users' },
  { route: 'center.monitor', label: 'centerChannels.nav.monitor', ability: 'monitor.read' },
  { route: 'center.channels', label: 'centerChannels.nav.channels', ability: 'channels.manage' },
  { route: 'center.catalogues', label: 'centerChannels.nav.catalogues', ability: 'catalogues.read' },
  { route: 'center.audit', label: 'centerChannels.nav.audit', ability: 'audit.read' },
  { route: 'center.branding', label: 'centerChannels.nav.branding', ability: 'branding.manage' },
  { route: 'center.teams', label: 'centerChannels.nav.teams', ability: 'teams.read' },
  { route: 'center.product', label: 'centerChannels.nav.product', ability: 'product.manage' },
  { route: 'center.company', label: 'centerChannels.nav.company', ability: 'company.read' },
  { route: 'center.suggestions', label: 'centerChannels.nav.suggestions', ability: 'suggestions.moderate' },
  { route: 'center.changelog', label: 'centerChannels.nav.changelog', ability: 'changelog.manage' },
  { route: 'center.ai', label: 'centerChannels.nav.ai', ability: 'ai.configure' },
  { route: 'center.surveys', label: 'centerChannels.nav.surveys', ability: 'surveys.read' },
  { route: 'center.pipelines', label: 'centerChannels.nav.pipelines', ability: 'pipelines.manage' },
  { route: 'center.campaigns', label: 'centerChannels.nav.campaigns', ability: 'campaigns.manage' },
] as const satisfies readonly { route: RouteName; label: string; ability?: Ability }[];

function SectionLink({ route, label }: { route: RouteName; label: (typeof SECTIONS)[number]['label'] }) {
  const { t } = useTranslation();
  // A section stays marked on its own pages (a campaign's live view under Campaigns); the users' section is the
  // Center's root, so it is marked only there.
  const current = useMatch({ path: ROUTES[route].path, end: route === 'center' }) !== null;
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
  const user = useCurrentUser();
  return (
    <Group component="nav" gap="xs" aria-label={t('centerChannels.nav.label')}>
      {SECTIONS.filter((section) => !('ability' in section) || holds(user, section.ability)).map(
        (section) => (
          <SectionLink key={section.route} route={section.route} label={section.label} />
        ),
      )}
    </Group>
  );
}

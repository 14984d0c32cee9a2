// The sidebar's changelog entry (spec §2): opens the changelog, with the "what's new" badge while versions
// came since the user last opened it; absent for the roles the product settings leave out.
import { Badge, NavLink } from '@mantine/core';
import { SparklesIcon } from '../../components/Icons.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useChangelogModal } from './changelog-modal-store.ts';
import { useChangelogBadge } from './use-changelog-badge.ts';

export function ChangelogNavLink({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { visible, unseen } = useChangelogBadge();
  const open = useChangelogModal((state) => state.open);
  if (!visible) return null;
  return (
    <NavLink
      component="button"
      type="button"
      label={t('nav.changelog')}
      leftSection={<SparklesIcon size={20} />}
      rightSection={
        unseen > 0 ? (
          <Badge
            size="sm"
            color="red"
            circle={unseen < 10}
            aria-label={t('changelog.unseen', { count: unseen })}
            data-testid="changelog-badge"
          >
            {unseen}
          </Badge>
        ) : null
      }
      onClick={() => {
        open();
        onNavigate();
      }}
      variant="light"
      data-testid="nav-changelog"
    />
  );
}

// Who else has this conversation open right now, in the info bar: a colleague's initials (their name on
// hover), so two attendants do not answer the same customer without knowing it.
import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { nameList } from './name-list.ts';
import { usePresenceStore } from './presence-store.ts';

/** Avatars shown before the rest collapse into "+N". */
const SHOWN = 3;

export function ViewersBar({ contactId }: { contactId: string }) {
  const { t, language } = useTranslation();
  const user = useCurrentUser();
  const viewers = usePresenceStore((state) => state.viewers[contactId]);
  const others = (viewers ?? []).filter((viewer) => viewer.id !== user?.id);
  if (others.length === 0) return null;
  const label = t('presence.viewing', {
    names: nameList(
      others.map((viewer) => viewer.name),
      language,
    ),
  });
  return (
    <Tooltip label={label}>
      <Avatar.Group spacing="xs" aria-label={label} role="group" data-testid="viewers">
        {others.slice(0, SHOWN).map((viewer) => (
          <Avatar
            key={viewer.id}
            size={28}
            radius="xl"
            color="initials"
            name={viewer.name}
            data-testid="viewer"
            data-user-id={viewer.id}
          >
            {initialsOf(viewer.name)}
          </Avatar>
        ))}
        {others.length > SHOWN && (
          <Avatar size={28} radius="xl">
            +{others.length - SHOWN}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

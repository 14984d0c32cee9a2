// "Ana is typing…" above the footer while colleagues write in this conversation (the presence store drops a
// notice a few seconds after the last one, or when their message arrives).
import { Box, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { nameList } from './name-list.ts';
import { usePresenceStore } from './presence-store.ts';

export function TypingIndicator({ contactId }: { contactId: string }) {
  const { t, language } = useTranslation();
  const user = useCurrentUser();
  const typing = usePresenceStore((state) => state.typing[contactId]);
  const others = (typing ?? []).filter((entry) => entry.id !== user?.id);
  return (
    // Always present (empty when nobody types) so screen readers announce changes and the footer does not jump.
    <Box px="md" h={18} aria-live="polite" data-testid="typing-indicator">
      {others.length > 0 && (
        <Text size="xs" c="dimmed" fs="italic" truncate>
          {t(others.length === 1 ? 'presence.typingOne' : 'presence.typingMany', {
            names: nameList(
              others.map((entry) => entry.name),
              language,
            ),
          })}
        </Text>
      )}
    </Box>
  );
}

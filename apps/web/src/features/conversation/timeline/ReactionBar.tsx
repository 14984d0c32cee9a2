// Reactions on a message: the chips under the bubble (emoji and count; pressing one toggles the user's own
// reaction) and the small picker of common emojis that adds one.
import type { Message } from '@atende/contract';
import { ActionIcon, Button, Group, Popover, SimpleGrid, Tooltip, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { MoodSmileIcon } from '../ConversationIcons.tsx';
import { countReactions, QUICK_EMOJIS, useToggleReaction } from './reactions.ts';

export function ReactionChips({ message }: { message: Message }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const toggle = useToggleReaction(message);
  const counts = countReactions(message.reactions, user?.id ?? null);
  if (counts.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="reactions">
      {counts.map(({ emoji, count, mine }) => (
        <Button
          key={emoji}
          size="compact-xs"
          radius="xl"
          variant={mine ? 'light' : 'default'}
          aria-pressed={mine}
          aria-label={t('reactions.chip', { emoji, count })}
          onClick={() => toggle(emoji)}
          data-testid="reaction-chip"
          data-emoji={emoji}
        >
          {emoji} {count}
        </Button>
      ))}
    </Group>
  );
}

export function ReactionPicker({
  message,
  initiallyOpened = false,
}: {
  message: Message;
  initiallyOpened?: boolean;
}) {
  const { t } = useTranslation();
  const toggle = useToggleReaction(message);
  const [opened, setOpened] = useState(initiallyOpened);
  const handlePick = (emoji: string) => {
    setOpened(false);
    toggle(emoji);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withArrow shadow="md">
      <Popover.Target>
        <Tooltip label={t('reactions.add')} disabled={opened}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('reactions.add')}
            onClick={() => setOpened((value) => !value)}
            data-testid="reaction-picker"
          >
            <MoodSmileIcon size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <SimpleGrid cols={4} spacing={2} verticalSpacing={2} role="group" aria-label={t('reactions.add')}>
          {QUICK_EMOJIS.map((emoji) => (
            <UnstyledButton
              key={emoji}
              onClick={() => handlePick(emoji)}
              aria-label={t('reactions.react', { emoji })}
              fz={20}
              px={6}
              py={2}
              style={{ borderRadius: 'var(--mantine-radius-sm)', textAlign: 'center' }}
              data-testid="reaction-option"
            >
              {emoji}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Popover.Dropdown>
    </Popover>
  );
}

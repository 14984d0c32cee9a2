// A message's actions, beside its sender: react (the emoji picker) and a menu with the message data panel and,
// for a voice or audio message, a transcription request. While the timeline scrolls they are plain buttons
// (see timeline-settled.ts); pressing one then opens what it stands for.
import type { Message } from '@atende/contract';
import { ActionIcon, Group, Menu } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DotsIcon, MoodSmileIcon } from '../ConversationIcons.tsx';
import { useMessageDialogs } from './MessageDialogs.tsx';
import { ReactionPicker } from './ReactionBar.tsx';
import { useSettledOnce } from './timeline-settled.ts';

export const hasAudio = (message: Message): boolean =>
  message.attachments.some((attachment) => attachment.kind === 'audio');

export interface MessageActionsProps {
  message: Message;
  transcribing: boolean;
  onTranscribe: () => void;
}

type Opened = 'reactions' | 'menu' | null;

export function MessageActions(props: MessageActionsProps) {
  const settled = useSettledOnce();
  const [opened, setOpened] = useState<Opened>(null);
  return settled || opened ? (
    <ActionMenus {...props} initiallyOpened={opened} />
  ) : (
    <ActionButtons onOpen={setOpened} />
  );
}

/** The buttons alone, looking as the menus' targets do. */
function ActionButtons({ onOpen }: { onOpen: (opened: Opened) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={0} wrap="nowrap" ml="auto">
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={t('reactions.add')}
        onClick={() => onOpen('reactions')}
        data-testid="reaction-picker"
      >
        <MoodSmileIcon size={16} />
      </ActionIcon>
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={t('messageData.actions')}
        onClick={() => onOpen('menu')}
        data-testid="message-actions"
      >
        <DotsIcon size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Memoised: the settled flag changing re-renders MessageActions, not these menus. */
const ActionMenus = memo(function ActionMenus({
  message,
  transcribing,
  onTranscribe,
  initiallyOpened,
}: MessageActionsProps & { initiallyOpened: Opened }) {
  const { t } = useTranslation();
  const dialogs = useMessageDialogs();
  return (
    <Group gap={0} wrap="nowrap" ml="auto">
      <ReactionPicker message={message} initiallyOpened={initiallyOpened === 'reactions'} />
      <Menu position="bottom-end" withinPortal defaultOpened={initiallyOpened === 'menu'}>
        <Menu.Target>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={t('messageData.actions')}
            data-testid="message-actions"
          >
            <DotsIcon size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => dialogs.openData(message.id)}>{t('messageData.open')}</Menu.Item>
          {hasAudio(message) && (
            <Menu.Item onClick={onTranscribe} disabled={transcribing}>
              {t('transcription.request')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});

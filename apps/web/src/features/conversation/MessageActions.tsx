// A message's actions, beside its sender: react (the emoji picker) and a menu with the message data panel and,
// for a voice or audio message, a transcription request.
import type { Message } from '@atende/contract';
import { ActionIcon, Group, Menu } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { DotsIcon } from './ConversationIcons.tsx';
import { useMessageDialogs } from './MessageDialogs.tsx';
import { ReactionPicker } from './ReactionBar.tsx';

export const hasAudio = (message: Message): boolean =>
  message.attachments.some((attachment) => attachment.kind === 'audio');

export interface MessageActionsProps {
  message: Message;
  transcribing: boolean;
  onTranscribe: () => void;
}

export function MessageActions({ message, transcribing, onTranscribe }: MessageActionsProps) {
  const { t } = useTranslation();
  const dialogs = useMessageDialogs();
  return (
    <Group gap={0} wrap="nowrap" ml="auto">
      <ReactionPicker message={message} />
      <Menu position="bottom-end" withinPortal>
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
}

// A message's actions, beside its sender: react (the emoji picker) and a menu to answer it (quoting it in the
// footer), copy its text, delete it for everyone (one's own, where the channel can take it back; a note always),
// the message data panel and, for a voice or audio message, a transcription request. While the timeline scrolls they are plain buttons
// (see timeline-settled.ts); pressing one then opens what it stands for.
import { CHANNEL_FEATURES, type Message } from '@atende/contract';
import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { DotsIcon, MoodSmileIcon } from '../ConversationIcons.tsx';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMessageDialogs } from './MessageDialogs.tsx';
import { useMessageActions } from './message-actions-context.tsx';
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

/** Whether the user may delete the message for everyone: absent (not theirs), or why the channel cannot. */
export function deletion(message: Message, userId: string | null): 'allowed' | 'unsupported' | null {
  if (message.direction !== 'out' || message.sender.id === null || message.sender.id !== userId) return null;
  if (message.internal || CHANNEL_FEATURES[message.channel.type].delete_for_everyone) return 'allowed';
  return 'unsupported';
}

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
  const actions = useMessageActions();
  const userId = useCurrentUser()?.id ?? null;
  const deletable = deletion(message, userId);
  const handleCopy = () => {
    navigator.clipboard.writeText(message.text).then(
      () => notifySuccess(t('messageActions.copied')),
      () => notifyError(t('messageActions.copyFailed')),
    );
  };
  return (
    <Group gap={0} wrap="nowrap" ml="auto">
      <ReactionPicker message={message} initiallyOpened={initiallyOpened === 'reactions'} />
      {/* Focus stays where the chosen action puts it: "answer" puts the caret in the footer. */}
      <Menu position="bottom-end" withinPortal defaultOpened={initiallyOpened === 'menu'} returnFocus={false}>
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
          <Menu.Item onClick={() => actions.reply(message)} data-testid="message-reply">
            {t('messageActions.reply')}
          </Menu.Item>
          <Menu.Item onClick={handleCopy} disabled={message.text === ''} data-testid="message-copy">
            {t('messageActions.copy')}
          </Menu.Item>
          {deletable === 'allowed' && (
            <Menu.Item
              color="red"
              onClick={() => dialogs.confirmDelete(message)}
              data-testid="message-delete"
            >
              {t('messageActions.delete')}
            </Menu.Item>
          )}
          {deletable === 'unsupported' && (
            <Tooltip
              label={t('messageActions.deleteUnsupported', {
                channel: t(`channelKinds.${message.channel.type}`),
              })}
              position="left"
            >
              <div>
                <Menu.Item disabled data-testid="message-delete">
                  {t('messageActions.delete')}
                </Menu.Item>
              </div>
            </Tooltip>
          )}
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

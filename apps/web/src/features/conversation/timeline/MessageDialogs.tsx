// The dialogs a message's actions open (message data, e-mail original, delete for everyone), held once for the whole conversation
// rather than in each bubble: a virtualised bubble may unmount while its dialog is open. It also holds the
// conversation's other message actions (message-actions-context.tsx).
import type { Contact, Message } from '@atende/contract';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { useConfirmRemove } from '../../../components/use-confirm-remove.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { deleteMessage } from '../conversation-api.ts';
import { addMessage } from './timeline-queries.ts';
import { EmailHtmlModal } from './EmailHtmlModal.tsx';
import { MessageDataModal } from './MessageDataModal.tsx';
import { MessageActionsProvider } from './message-actions-context.tsx';

type Dialog = { kind: 'data' | 'html'; messageId: string } | null;

export interface MessageDialogs {
  openData: (messageId: string) => void;
  openHtml: (messageId: string) => void;
  /** Asks before deleting a message for everyone. */
  confirmDelete: (message: Message) => void;
}

const MessageDialogsContext = createContext<MessageDialogs | null>(null);

export function useMessageDialogs(): MessageDialogs {
  const dialogs = useContext(MessageDialogsContext);
  if (!dialogs) throw new Error('useMessageDialogs needs a MessageDialogsProvider');
  return dialogs;
}

export function MessageDialogsProvider({ contact, children }: { contact: Contact; children: ReactNode }) {
  const contactId = contact.id;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const deletion = useConfirmRemove<Message>({
    remove: (message) =>
      deleteMessage(message.contact_id, message.id).then((deleted) => addMessage(client, deleted)),
    onRemoved: () => notifySuccess(t('messageActions.deletedNotice')),
  });
  const askDelete = deletion.ask;
  const dialogs = useMemo<MessageDialogs>(
    () => ({
      openData: (messageId) => setDialog({ kind: 'data', messageId }),
      openHtml: (messageId) => setDialog({ kind: 'html', messageId }),
      confirmDelete: askDelete,
    }),
    [askDelete],
  );
  const close = () => setDialog(null);
  return (
    <MessageDialogsContext.Provider value={dialogs}>
      <MessageActionsProvider contact={contact}>{children}</MessageActionsProvider>
      <MessageDataModal
        contactId={contactId}
        messageId={dialog?.kind === 'data' ? dialog.messageId : null}
        onClose={close}
      />
      <EmailHtmlModal
        contactId={contactId}
        messageId={dialog?.kind === 'html' ? dialog.messageId : null}
        onClose={close}
      />
      <ConfirmModal
        {...deletion.dialog}
        title={t('messageActions.deleteTitle')}
        confirmLabel={t('messageActions.delete')}
        testId="message-delete-confirm"
      >
        <Text size="sm" lineClamp={4}>
          {deletion.target?.internal ? t('messageActions.deleteNoteBody') : t('messageActions.deleteBody')}
        </Text>
      </ConfirmModal>
    </MessageDialogsContext.Provider>
  );
}

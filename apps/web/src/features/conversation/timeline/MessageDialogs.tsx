// The dialogs a message's actions open (message data, e-mail original), held once for the whole conversation
// rather than in each bubble: a virtualised bubble may unmount while its dialog is open. It also holds the
// conversation's other message actions (message-actions-context.tsx).
import type { Contact } from '@atende/contract';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { EmailHtmlModal } from './EmailHtmlModal.tsx';
import { MessageDataModal } from './MessageDataModal.tsx';
import { MessageActionsProvider } from './message-actions-context.tsx';

type Dialog = { kind: 'data' | 'html'; messageId: string } | null;

export interface MessageDialogs {
  openData: (messageId: string) => void;
  openHtml: (messageId: string) => void;
}

const MessageDialogsContext = createContext<MessageDialogs | null>(null);

export function useMessageDialogs(): MessageDialogs {
  const dialogs = useContext(MessageDialogsContext);
  if (!dialogs) throw new Error('useMessageDialogs needs a MessageDialogsProvider');
  return dialogs;
}

export function MessageDialogsProvider({ contact, children }: { contact: Contact; children: ReactNode }) {
  const contactId = contact.id;
  const [dialog, setDialog] = useState<Dialog>(null);
  const dialogs = useMemo<MessageDialogs>(
    () => ({
      openData: (messageId) => setDialog({ kind: 'data', messageId }),
      openHtml: (messageId) => setDialog({ kind: 'html', messageId }),
    }),
    [],
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
    </MessageDialogsContext.Provider>
  );
}

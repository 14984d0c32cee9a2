// What a conversation's bubbles and footer share about message actions, held once per conversation: the
// customer's name (the sender of incoming messages), the message being answered (the footer shows it above the
// text until sent or cancelled), and a way to bring a quoted message into view (the timeline registers it).
// Two contexts: bubbles read the stable one, so choosing a quote re-renders the footer, not every bubble.
import type { Contact, Message } from '@atende/contract';
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export interface MessageActions {
  customerName: string;
  reply: (message: Message) => void;
  /** Scrolls to a loaded message; answers whether it was loaded. */
  showMessage: (messageId: string) => boolean;
  /** The timeline tells how it scrolls to a message (it mounts after this provider). */
  setShowMessage: (show: (messageId: string) => boolean) => void;
}

export interface Quote {
  quoted: Message | null;
  clear: () => void;
}

const ActionsContext = createContext<MessageActions | null>(null);
const QuoteContext = createContext<Quote>({ quoted: null, clear: () => undefined });

export function useMessageActions(): MessageActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useMessageActions needs a MessageActionsProvider');
  return actions;
}

/** The message the footer answers (none outside a conversation). */
export const useQuote = (): Quote => useContext(QuoteContext);

export function MessageActionsProvider({ contact, children }: { contact: Contact; children: ReactNode }) {
  const [quoted, setQuoted] = useState<Message | null>(null);
  const show = useRef<(messageId: string) => boolean>(() => false);
  const customerName = contact.name || (contact.channels[0]?.address ?? '');
  const actions = useMemo<MessageActions>(
    () => ({
      customerName,
      reply: setQuoted,
      showMessage: (messageId) => show.current(messageId),
      setShowMessage: (next) => {
        show.current = next;
      },
    }),
    [customerName],
  );
  const quote = useMemo<Quote>(() => ({ quoted, clear: () => setQuoted(null) }), [quoted]);
  return (
    <ActionsContext.Provider value={actions}>
      <QuoteContext.Provider value={quote}>{children}</QuoteContext.Provider>
    </ActionsContext.Provider>
  );
}

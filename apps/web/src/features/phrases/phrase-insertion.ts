// Ready phrases chosen on the phrases page wait here for the conversation's message footer, which takes the one
// meant for its contact when it opens (the page and the footer are different routes).
import { create } from 'zustand';

interface PendingPhrase {
  contactId: string;
  text: string;
}

interface PhraseInsertionState {
  pending: PendingPhrase | null;
  request: (contactId: string, text: string) => void;
  /** The text waiting for this contact, removed as it is taken. */
  take: (contactId: string) => string | null;
}

export const usePhraseInsertion = create<PhraseInsertionState>()((set, get) => ({
  pending: null,
  request: (contactId, text) => set({ pending: { contactId, text } }),
  take: (contactId) => {
    const pending = get().pending;
    if (pending?.contactId !== contactId) return null;
    set({ pending: null });
    return pending.text;
  },
}));

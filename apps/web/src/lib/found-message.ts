// A message found by the company-wide search, carried in the router's state to the conversation it opens, so
// the conversation shows it as it shows a match of its own search panel.
export interface FoundMessage {
  messageId: string;
  term: string;
}

export const foundMessageState = (found: FoundMessage) => ({ foundMessage: found });

/** The found message a navigation carried, if any. */
export function foundMessageOf(state: unknown): FoundMessage | null {
  const found = (state as { foundMessage?: Partial<FoundMessage> } | null)?.foundMessage;
  return typeof found?.messageId === 'string' && typeof found.term === 'string'
    ? { messageId: found.messageId, term: found.term }
    : null;
}

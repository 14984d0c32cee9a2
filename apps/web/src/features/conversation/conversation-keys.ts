// Where the conversation lives in the TanStack Query cache: its timeline, one message's details, its threads
// and their messages, its satisfaction request.
export const conversationKeys = {
  all: ['conversation'] as const,
  timeline: (contactId: string) => ['conversation', contactId, 'timeline'] as const,
  /** One message's details (meta data, HTML version), fetched when opened. */
  message: (contactId: string, messageId: string) =>
    ['conversation', contactId, 'message', messageId] as const,
  threads: (contactId: string) => ['conversation', contactId, 'threads'] as const,
  threadMessages: (contactId: string, threadId: string) =>
    ['conversation', contactId, 'threads', threadId, 'messages'] as const,
  csat: (contactId: string) => ['conversation', contactId, 'csat'] as const,
};

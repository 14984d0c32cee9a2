// Where the conversation lives in the TanStack Query cache: its timeline, its threads and their messages.
export const conversationKeys = {
  all: ['conversation'] as const,
  timeline: (contactId: string) => ['conversation', contactId, 'timeline'] as const,
  threads: (contactId: string) => ['conversation', contactId, 'threads'] as const,
  threadMessages: (contactId: string, threadId: string) =>
    ['conversation', contactId, 'threads', threadId, 'messages'] as const,
};

// A conversation's CSAT request and answer (issue 28), as the status line's badge and the timeline's card read
// it: asked again every POLL_MS while the conversation is resolved and no rating has arrived.
import type { Contact, ConversationCsat } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** How often an unanswered request is read again. */
const POLL_MS = 5_000;

export function useConversationCsat(contact: Pick<Contact, 'id' | 'status'>) {
  return useQuery({
    queryKey: ['conversation', contact.id, 'csat'],
    queryFn: () => http.get<ConversationCsat>(`/conversations/${encodeURIComponent(contact.id)}/csat`),
    refetchInterval: (query) =>
      contact.status === 'resolved' && query.state.data?.csat?.rating == null ? POLL_MS : false,
  });
}

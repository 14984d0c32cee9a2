// A conversation's CSAT request and answer (issue 28), as the status line's badge and the timeline's card read
// it: read again when the resolved conversation gets a message or changes (the request sent, the rating, its
// comment: the open conversation's live link, use-conversation-live.ts) and after a reconnection.
import type { Contact, ConversationCsat, Csat } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { conversationKeys } from '../conversation-keys.ts';

/** A native rating's comment may still come (the server's window is open and none came yet). */
export const commentExpected = (csat: Csat, now = Date.now()) =>
  csat.rating !== null &&
  csat.comment === null &&
  csat.comment_until !== null &&
  Date.parse(csat.comment_until) > now;

export function useConversationCsat(contact: Pick<Contact, 'id'>) {
  return useQuery({
    queryKey: conversationKeys.csat(contact.id),
    queryFn: () => http.get<ConversationCsat>(`/conversations/${encodeURIComponent(contact.id)}/csat`),
  });
}

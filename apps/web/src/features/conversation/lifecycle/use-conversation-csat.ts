// A conversation's CSAT request and answer (issue 28), as the status line's badge and the timeline's card read
// it: asked again every POLL_MS while the conversation is resolved and no rating has arrived, and while a
// rating given with a provider's buttons may still receive its comment.
import type { Contact, ConversationCsat, Csat } from '@atende/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** How often an unanswered request is read again. */
const POLL_MS = 5_000;

/** A native rating's comment may still come (the server's window is open and none came yet). */
export const commentExpected = (csat: Csat, now = Date.now()) =>
  csat.rating !== null &&
  csat.comment === null &&
  csat.comment_until !== null &&
  Date.parse(csat.comment_until) > now;

export function useConversationCsat(contact: Pick<Contact, 'id' | 'status'>) {
  return useQuery({
    queryKey: ['conversation', contact.id, 'csat'],
    queryFn: () => http.get<ConversationCsat>(`/conversations/${encodeURIComponent(contact.id)}/csat`),
    refetchInterval: (query) => {
      const csat = query.state.data?.csat;
      const waiting = contact.status === 'resolved' && csat?.rating == null;
      return waiting || (csat && commentExpected(csat)) ? POLL_MS : false;
    },
  });
}

// Where the caret goes after the attendant takes a customer or moves to another conversation: to the message
// footer, so they can type at once. The request names the conversation and is made before the navigation;
// the footer of that conversation takes it when it mounts, or at once when it is already on screen. The
// footer of the conversation being left ignores it: it knows its conversation from its owner, not from the
// route, because the route already names the next conversation while the page still shows the one being
// left (taking the request there put the caret in a footer about to be removed, and it was lost). A request
// nobody takes within a few seconds lapses: a footer mounting much later does not steal the focus.
import { useEffect, type RefObject } from 'react';

const REQUEST_LIFETIME_MS = 5_000;

let request: { contactId: string; at: number } | null = null;
const footers = new Set<() => void>();

/** Asks the footer of `contactId`'s conversation to take the focus once it is on screen. */
export function requestComposerFocus(contactId: string): void {
  request = { contactId, at: Date.now() };
  footers.forEach((take) => take());
}

/** The footer's side: focuses `field` when a request names `contactId`, the footer's conversation. */
export function useComposerFocus(field: RefObject<HTMLElement | null>, contactId: string): void {
  useEffect(() => {
    const take = () => {
      if (!request || request.contactId !== contactId || !field.current) return;
      const fresh = Date.now() - request.at < REQUEST_LIFETIME_MS;
      request = null;
      if (fresh) field.current.focus();
    };
    take();
    footers.add(take);
    return () => {
      footers.delete(take);
    };
  }, [field, contactId]);
}

// Read and unread (spec §4 "Conversation: read or unread, toggled"): opening a conversation with unread
// messages marks it read, and so does a new message arriving while the user looks at it (unless the user
// marked it unread on purpose); the info bar toggles it. The queue follows through contact.unread.
import type { Contact } from '@atende/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { contactKeys } from '../../lib/contact-keys.ts';
import { markRead } from './conversation-api.ts';

export function useReadState(contact: Contact | undefined) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => markRead(id, read),
    onSuccess: (_result, { id, read }) => {
      client.setQueryData<Contact>(contactKeys.detail(id), (current) =>
        current
          ? { ...current, unread_messages: { count: read ? 0 : Math.max(1, current.unread_messages.count) } }
          : current,
      );
    },
  });
  const { mutate } = mutation;
  const markedOnOpen = useRef<string | null>(null);
  const keptUnread = useRef(false);
  const unread = contact?.unread_messages.count ?? 0;
  const contactId = contact?.id;

  useEffect(() => {
    if (!contactId) return;
    const opening = markedOnOpen.current !== contactId;
    markedOnOpen.current = contactId;
    if (opening) keptUnread.current = false;
    const looking = opening || document.visibilityState === 'visible';
    if (unread > 0 && looking && !keptUnread.current && !mutation.isPending) {
      mutate({ id: contactId, read: true });
    }
    // Only a change of contact or count is a reason to mark again (not the mutation's own state).
  }, [contactId, unread, mutate]);

  return {
    unread: unread > 0,
    pending: mutation.isPending,
    toggle: () => {
      if (!contactId) return;
      keptUnread.current = unread === 0;
      mutate({ id: contactId, read: unread > 0 });
    },
  };
}

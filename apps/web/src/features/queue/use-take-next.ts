// "Next in queue": the server hands the caller the next waiting customer (priority first, then whoever has
// waited longest) and the console opens that conversation. An empty queue answers 404 queue_empty, whose
// message ("Não há clientes aguardando na fila.") the HTTP error handler shows.
import type { Contact } from '@atende/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { requestComposerFocus } from '../../lib/composer-focus.ts';
import { pathTo } from '../../lib/routes.ts';
import { takeNextWaiting } from '../contacts/contact-api.ts';
import { applySummary } from '../contacts/contact-cache.ts';
import { viewerOf } from '../contacts/contact-filters.ts';
import { contactKeys } from '../../lib/contact-keys.ts';
import { useSessionStore } from '../../lib/session-store.ts';

export function useTakeNext() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: takeNextWaiting,
    onSuccess: (contact: Contact) => {
      const user = useSessionStore.getState().user;
      // The realtime events follow; the caller's own screen does not wait for them.
      if (user) applySummary(client, viewerOf(user), contact);
      client.setQueryData(contactKeys.detail(contact.id), contact);
      // The attendant took them to answer: the caret waits in the footer.
      requestComposerFocus(contact.id);
      void navigate(pathTo('conversation.messages', { contactId: contact.id }));
    },
  });
}

// The header's changes of a conversation's life and owner, each answering the contact that then replaces the
// cached one (realtime moves the lists and the queue for everyone, this user included); who may assign or
// return it to the queue (the server's conversations/policy.ts, as the console shows it); and the return to
// the queue, which the assign dialog and the command palette both run.
import type { AssignRequest, Contact, ResolveRequest } from '@atende/contract';
import { useAbility } from '../../../lib/abilities.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useContactChange } from '../../../lib/use-contact-change.ts';
import {
  assignConversation,
  reopenConversation,
  resolveConversation,
  snoozeConversation,
} from './lifecycle-api.ts';

export function useLifecycle(contactId: string) {
  return {
    resolve: useContactChange((body: ResolveRequest) => resolveConversation(contactId, body)),
    reopen: useContactChange(() => reopenConversation(contactId)),
    snooze: useContactChange((until: Date) => snoozeConversation(contactId, until)),
    assign: useContactChange((body: AssignRequest) => assignConversation(contactId, body)),
  };
}

/**
 * The owner, a user with change_responsible, or anyone for an unassigned conversation may assign it; one that
 * has a responsible may go back to the queue by its owner's or such a user's hand.
 */
export function useAssignRights(contact: Contact) {
  const user = useCurrentUser();
  const changesResponsible = useAbility('contacts.change_responsible');
  const owner = contact.responsible?.id ?? null;
  const passesOn = changesResponsible || owner === user?.id;
  return { mayAssign: passesOn || owner === null, mayReturnToQueue: owner !== null && passesOn };
}

/** Returns the conversation to the queue and says so; `onDone` follows (the dialog closes). */
export function useReturnToQueue(contactId: string) {
  const { t } = useTranslation();
  const { assign } = useLifecycle(contactId);
  const returnToQueue = (onDone?: () => void) =>
    assign.mutate(
      { responsible_id: null },
      {
        onSuccess: (updated: Contact) => {
          notifySuccess(t('lifecycle.returned', { name: updated.name }));
          onDone?.();
        },
      },
    );
  return { returnToQueue, returning: assign };
}

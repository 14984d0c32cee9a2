// The header's changes of a conversation's life and owner, each answering the contact that then replaces the
// cached one (realtime moves the lists and the queue for everyone, this user included).
import type { AssignRequest, ResolveRequest } from '@atende/contract';
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

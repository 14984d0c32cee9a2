// Who wrote a message, as its bubble names it: the customer by the contact's name (the page has it, so the
// server's timeline needs no join for it), the user's own messages as "you", a colleague's by their name.
import type { Message } from '@atende/contract';
import type { TFunction } from 'i18next';

export function senderName(
  message: Pick<Message, 'direction' | 'sender'>,
  people: { customerName: string; userId: string | null },
  t: TFunction,
): string {
  if (message.direction === 'in') return people.customerName || t('timeline.customer');
  if (message.sender.id !== null && message.sender.id === people.userId) return t('timeline.you');
  return message.sender.name ?? t('timeline.colleague');
}

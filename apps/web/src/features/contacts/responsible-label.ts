// Who works a contact, as the list and the contact screen say it: "with you", the colleague's name, waiting
// in the queue, or nobody.
import type { ContactSummary } from '@atende/contract';
import type { TFunction } from 'i18next';

export const responsibleLabel = (
  contact: ContactSummary,
  viewerId: string | undefined,
  t: TFunction,
): string =>
  contact.responsible
    ? contact.responsible.id === viewerId
      ? t('contacts.row.responsibleMe')
      : contact.responsible.name
    : contact.on_queue
      ? t('contacts.row.waiting')
      : t('contacts.row.noResponsible');

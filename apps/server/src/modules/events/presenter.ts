// Event rows as the contract's ContactEvent, and the joker choices of a contact as JokerChoices.
import type { ContactEvent, JokerChoices } from '@atende/contract';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import { presentJoker, type ContactDetail } from '../contacts/presenter.ts';
import type { EventJsonRow, EventRow } from './queries.ts';

export const presentEvent = (row: EventRow | EventJsonRow): ContactEvent => ({
  id: row.id,
  contact_id: row.contactId,
  action_id: row.actionId,
  description: row.description,
  amount: row.amountCents === null ? null : row.amountCents / 100,
  annotation: row.annotation,
  responsible:
    row.responsibleId && row.responsibleName ? { id: row.responsibleId, name: row.responsibleName } : null,
  date: isoTimestamp(row.occurredAt),
  created_by: { id: row.createdBy, name: row.authorName },
  created_at: isoTimestamp(row.createdAt),
});

/** The company's active jokers, and the one the contact carries. */
export type JokerRows = { jokers: { id: string; name: string }[]; contact: ContactDetail };

export const presentJokerChoices = ({ jokers, contact }: JokerRows): JokerChoices => ({
  data: jokers.map((joker) => ({ id: joker.id, name: joker.name })),
  current: presentJoker(contact.row),
});

// The demo's past month: most customers an attendant has now were attended by the same attendant once before, on
// a weekday afternoon of the last four weeks, and came back since. Their earlier conversation is resolved
// through the analytics' own trigger (contacts_analytics), so the contacts analytics open on a month of history
// (attended customers, first response and resolution times, volume by hour) rather than on zeros. Drawn from a
// PRNG of its own: the demo's other draws (names, states) stay as they were.
import type { ChannelKind } from '@atende/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { ATTENDANT, CUSTOMER, random } from './vocabulary.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** São Paulo's offset, to place the conversations within its business hours. */
const BRASILIA_OFFSET_HOURS = -3;

/** A message as the demo inserts it (the fields of messages it sets). */
type PastMessage = {
  companyId: string;
  contactId: string;
  contactChannelId: string;
  kind: ChannelKind;
  direction: 'in' | 'out';
  senderUserId: string | null;
  text: string;
  providerMessageId: string;
  status: 'received' | 'read';
  readAt: Date | null;
  createdAt: Date;
};

export type PastConversation = {
  contactId: string;
  startedAt: Date;
  resolvedAt: Date;
  messages: PastMessage[];
};

export function pastConversations(seed: number, now: number) {
  const next = random(seed ^ 0x5eed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return {
    /** Its earlier conversation with the attendant, or none (one customer in seven is new). */
    of(contact: {
      companyId: string;
      contactId: string;
      channelId: string;
      kind: ChannelKind;
      responsibleId: string;
      /** Unique among the demo's contacts: the provider ids carry it. */
      index: number;
    }): PastConversation | null {
      if (next() < 1 / 7) return null;
      // Two to 29 days ago, between 08:00 and 18:59 in São Paulo, Monday to Friday.
      let day = now - (2 + Math.floor(next() * 28)) * DAY;
      while ([0, 6].includes(new Date(day).getUTCDay())) day -= DAY;
      const midnight = day - (day % DAY) - BRASILIA_OFFSET_HOURS * 60 * MINUTE;
      let at = midnight + (8 + Math.floor(next() * 11)) * 60 * MINUTE + Math.floor(next() * 60) * MINUTE;
      const startedAt = new Date(at);
      const count = 2 + Math.floor(next() * 5);
      const messages: PastMessage[] = [];
      for (let m = 0; m < count; m++) {
        const direction = m % 2 === 0 ? 'in' : 'out';
        messages.push({
          companyId: contact.companyId,
          contactId: contact.contactId,
          contactChannelId: contact.channelId,
          kind: contact.kind,
          direction,
          senderUserId: direction === 'out' ? contact.responsibleId : null,
          text: direction === 'in' ? pick(CUSTOMER) : pick(ATTENDANT),
          providerMessageId: `demo-past-${direction}-${contact.index}-${m}`,
          status: direction === 'in' ? 'received' : 'read',
          readAt: direction === 'in' ? new Date(at + MINUTE) : null,
          createdAt: new Date(at),
        });
        // The first reply within 1–20 minutes, then a few minutes between messages.
        at += (m === 0 ? 1 + Math.floor(next() * 20) : 2 + Math.floor(next() * 7)) * MINUTE;
      }
      return { contactId: contact.contactId, startedAt, resolvedAt: new Date(at), messages };
    },
  };
}

/**
 * Resolves each customer's earlier conversation at its time and opens the current one again, as an attendant
 * resolving and the customer writing back would: the resolution's trigger records the attendance.
 */
export async function resolvePastConversations(db: Db, companyId: string, past: PastConversation[]) {
  for (let i = 0; i < past.length; i += 200) {
    const rows = sql.join(
      past
        .slice(i, i + 200)
        .map((each) => sql`(${each.contactId}::uuid, ${each.resolvedAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`update contacts c set status = 'resolved', resolved_at = v.at
      from (values ${rows}) as v(id, at) where c.id = v.id and c.company_id = ${companyId}`);
    await db.execute(sql`update contacts c set status = 'open', resolved_at = null
      from (values ${rows}) as v(id, at) where c.id = v.id and c.company_id = ${companyId}`);
  }
}

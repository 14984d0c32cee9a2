// Which contacts a user may see: attendants their own and the unassigned queue; other roles every contact.
import { may } from '@atende/contract';
import { or, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';

type Viewer = Pick<AuthContext, 'role' | 'permissions' | 'userId'>;

export function visibleContacts(auth: Viewer): SQL {
  if (may(auth, 'contacts.see_all')) return sql`true`;
  return or(...visibleParts(auth, false))!;
}

/**
 * What the user may see, in parts that each read in order through an index of their own: every contact for
 * supervising roles; an attendant's own contacts and the unassigned ones (only the former with `ownOnly`).
 */
export function visibleParts(auth: Viewer, ownOnly: boolean): SQL[] {
  if (may(auth, 'contacts.see_all')) return [sql`true`];
  const own = eq(contacts.responsibleId, auth.userId);
  return ownOnly ? [own] : [own, isNull(contacts.responsibleId)];
}

export function canSeeContact(auth: AuthContext, contact: { responsibleId: string | null }): boolean {
  return (
    may(auth, 'contacts.see_all') || contact.responsibleId === null || contact.responsibleId === auth.userId
  );
}

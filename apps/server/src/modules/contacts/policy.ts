// Which contacts a user may see: attendants their own and the unassigned queue; other roles every contact.
import { may } from '@atende/contract';
import { and, or, eq, isNull, sql, type SQL } from 'drizzle-orm';
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

/**
 * The parts of the working lists (the contact list's filters): as visibleParts, but an attendant's only with
 * open conversations — resolved and snoozed ones leave them, and stay searchable. Supervising roles see every
 * conversation, its status on each row ("mine" keeps only the open ones, see filterCondition).
 */
export function workingParts(auth: Viewer, ownOnly: boolean): SQL[] {
  if (may(auth, 'contacts.see_all')) return [sql`true`];
  return visibleParts(auth, ownOnly).map((part) => and(part, isOpen())!);
}

export const isOpen = () => eq(contacts.status, 'open');

export function canSeeContact(auth: AuthContext, contact: { responsibleId: string | null }): boolean {
  return (
    may(auth, 'contacts.see_all') || contact.responsibleId === null || contact.responsibleId === auth.userId
  );
}

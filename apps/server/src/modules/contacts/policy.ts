// Which contacts a user may see: attendants their own and the unassigned queue; other roles every contact.
import { or, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { isSupervising } from '../users/policy.ts';

export function visibleContacts(auth: Pick<AuthContext, 'role' | 'userId'>): SQL {
  if (isSupervising(auth.role)) return sql`true`;
  return or(eq(contacts.responsibleId, auth.userId), isNull(contacts.responsibleId))!;
}

export function canSeeContact(auth: AuthContext, contact: { responsibleId: string | null }): boolean {
  return isSupervising(auth.role) || contact.responsibleId === null || contact.responsibleId === auth.userId;
}

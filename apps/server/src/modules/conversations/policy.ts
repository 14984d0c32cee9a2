// Who may give a conversation to someone (issue 20, item 2): its responsible, a user with the
// change_responsible ability (supervisors by default), or anyone taking an unassigned one for themselves.
import { may } from '@atende/contract';
import type { AuthContext } from '../../platform/auth.ts';

export function mayAssign(
  auth: Pick<AuthContext, 'role' | 'permissions' | 'userId'>,
  current: string | null,
  target: string | null,
): boolean {
  return (
    may(auth, 'contacts.change_responsible') ||
    current === auth.userId ||
    (current === null && target === auth.userId)
  );
}

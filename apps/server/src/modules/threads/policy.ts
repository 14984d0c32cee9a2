// Who sees a thread: everyone who may see the contact when it is public; its author and supervising roles
// when it is private. Changing privacy is for the author and supervising roles.
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { threads } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { isSupervising } from '../users/policy.ts';

export function visibleThreads(auth: AuthContext): SQL {
  if (isSupervising(auth.role)) return sql`true`;
  return or(eq(threads.privacy, 'public'), eq(threads.authorId, auth.userId))!;
}

export const mayChangePrivacy = (auth: AuthContext, thread: { authorId: string | null }) =>
  isSupervising(auth.role) || thread.authorId === auth.userId;

// Who sees a thread: everyone who may see the contact when it is public; its author and supervising roles
// when it is private. Changing privacy is for the author and supervising roles.
import { may } from '@atende/contract';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { threads } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';

export function visibleThreads(auth: AuthContext): SQL {
  if (may(auth, 'threads.see_private')) return sql`true`;
  return or(eq(threads.privacy, 'public'), eq(threads.authorId, auth.userId))!;
}

export const mayChangePrivacy = (auth: AuthContext, thread: { authorId: string | null }) =>
  may(auth, 'threads.see_private') || thread.authorId === auth.userId;

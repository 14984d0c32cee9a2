// Who has a conversation, as the contact row's columns: one place for every path that changes it (taking the
// next customer, replying to a waiting one, an assignment, the customer panel's responsible, a new contact).
import { and, eq } from 'drizzle-orm';
import type { contacts } from '../../db/schema/index.ts';
import { users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

type Ownership = Partial<typeof contacts.$inferInsert>;

/**
 * The columns giving the conversation to `responsibleId` at `at`, or back to the queue when null (where it
 * waits from `at`). `by` is the colleague who gave it, with their note; omitted when the user took it.
 */
export function ownership(
  responsibleId: string | null,
  at: Date,
  by?: { userId: string; note: string | null },
): Ownership {
  return {
    responsibleId,
    responsibleSince: responsibleId ? at : null,
    assignedById: responsibleId && by ? by.userId : null,
    assignmentNote: responsibleId && by ? by.note : null,
    onQueue: responsibleId === null,
    queuedAt: responsibleId === null ? at : null,
    // Back in the queue it is open again: a waiting conversation is never resolved nor snoozed.
    ...(responsibleId === null ? { status: 'open' as const, snoozedUntil: null, resolvedAt: null } : {}),
    updatedAt: at,
  };
}

/** A conversation can be given only to an active user of the company: anyone else is notFound. */
export async function assertActiveUser(ctx: TenantContext, userId: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId), eq(users.active, true)));
  if (!user) throw notFound();
}

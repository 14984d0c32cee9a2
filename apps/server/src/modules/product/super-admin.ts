// Who acts in product administration: the super administrator's ids and username (what the target company's
// audit log names), and where the request came from.
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

export type SuperAdmin = {
  userId: string;
  companyId: string;
  sessionId: string;
  username: string;
  name: string;
  clientIp: string;
};

export async function superAdmin(ctx: TenantContext, clientIp: string): Promise<SuperAdmin> {
  const [row] = await ctx.db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw notFound();
  return { userId: ctx.userId, companyId: ctx.companyId, sessionId: ctx.sessionId, clientIp, ...row };
}

// Users' SIP accounts, kept by administrators in the Center: a username unique in the company and a password
// sealed at rest (platform/credentials.ts), opened only for the PBX's digest check and for its own user's
// softphone, never shown to the Center after it is saved.
import type { SaveSipAccount } from '@atende/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { sipAccounts, users } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';

export type SipAccountRow = {
  userId: string;
  userName: string;
  username: string;
  secret: string;
  updatedAt: Date;
};

const columns = {
  userId: sipAccounts.userId,
  userName: users.name,
  username: sipAccounts.username,
  secret: sipAccounts.secret,
  updatedAt: sipAccounts.updatedAt,
};

export const sipPassword = (credentials: CredentialsBox, row: Pick<SipAccountRow, 'secret'>): string =>
  credentials.open<{ password: string }>(row.secret).password;

/** One account per user at most: the list is bounded like the company's users. */
export const SIP_ACCOUNTS_LIMIT = 1000;

export async function listSipAccounts(ctx: TenantContext): Promise<SipAccountRow[]> {
  return ctx.db
    .select(columns)
    .from(sipAccounts)
    .innerJoin(users, eq(users.id, sipAccounts.userId))
    .where(eq(sipAccounts.companyId, ctx.companyId))
    .orderBy(asc(sql`lower(${sipAccounts.username})`))
    .limit(SIP_ACCOUNTS_LIMIT);
}

/** The SIP account of a user of the caller's company (null when it has none). */
export async function sipAccountOf(db: Db, companyId: string, userId: string): Promise<SipAccountRow | null> {
  const [row] = await db
    .select(columns)
    .from(sipAccounts)
    .innerJoin(users, eq(users.id, sipAccounts.userId))
    .where(and(eq(sipAccounts.companyId, companyId), eq(sipAccounts.userId, userId)));
  return row ?? null;
}

/** The account a SIP username names in a company (how the PBX finds whom a REGISTER or INVITE is for). */
export async function sipAccountByUsername(
  db: Db,
  companyId: string,
  username: string,
): Promise<SipAccountRow | null> {
  const [row] = await db
    .select(columns)
    .from(sipAccounts)
    .innerJoin(users, eq(users.id, sipAccounts.userId))
    .where(
      and(
        eq(sipAccounts.companyId, companyId),
        eq(sql`lower(${sipAccounts.username})`, username.toLowerCase()),
        eq(users.active, true),
      ),
    );
  return row ?? null;
}

export async function saveSipAccount(
  ctx: TenantContext,
  credentials: CredentialsBox,
  input: SaveSipAccount & { userId: string },
): Promise<SipAccountRow> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), eq(users.id, input.userId)));
  if (!user) throw notFound();
  // Who may manage users, once the user is known to be of the caller's company (another's answers 404).
  authorize(ctx, 'users.manage');
  const existing = await sipAccountOf(ctx.db, ctx.companyId, input.userId);
  const password =
    input.password ?? (existing ? sipPassword(credentials, existing) : randomBytes(18).toString('base64url'));
  const secret = credentials.seal({ password });
  const taken = (error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('sip_username_taken', 409, { username: input.username });
    throw error;
  };
  await ctx.db
    .insert(sipAccounts)
    .values({ companyId: ctx.companyId, userId: input.userId, username: input.username, secret })
    .onConflictDoUpdate({
      target: sipAccounts.userId,
      set: { username: input.username, secret, updatedAt: new Date() },
    })
    .catch(taken);
  return (await sipAccountOf(ctx.db, ctx.companyId, input.userId))!;
}

export async function removeSipAccount(ctx: TenantContext, userId: string): Promise<void> {
  if (!(await sipAccountOf(ctx.db, ctx.companyId, userId))) throw notFound();
  authorize(ctx, 'users.manage');
  const removed = await ctx.db
    .delete(sipAccounts)
    .where(and(eq(sipAccounts.companyId, ctx.companyId), eq(sipAccounts.userId, userId)))
    .returning({ id: sipAccounts.id });
  if (removed.length === 0) throw notFound();
}

/** The demo's SIP accounts: extensions 1000 upwards in the order given, each with a generated password. */
export async function seedSipAccounts(
  db: Db,
  credentials: CredentialsBox,
  companyId: string,
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(sipAccounts).values(
    userIds.map((userId, index) => ({
      companyId,
      userId,
      username: String(1000 + index),
      secret: credentials.seal({ password: randomBytes(18).toString('base64url') }),
    })),
  );
}

// Channel accounts of the Center: create, replace (settings and, when given, secrets), list, and test a
// mailbox's servers. Secrets are sealed before they reach the database (platform/credentials.ts). Who may
// configure them is the contract's 'channels.manage'.
import { randomBytes } from 'node:crypto';
import { CONFIGURABLE_CHANNEL_KINDS, type ChannelAccountInput, type ConnectionTest } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { openAccount } from '../../channels/accounts.ts';
import type { ChannelAccountRecord } from '../../channels/adapter.ts';
import { channelAccounts } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import type { OpenedChannelAccount } from './presenter.ts';

export type ChannelAccountDeps = {
  bus: EventBus;
  credentials: CredentialsBox;
  /** Logs into an e-mail account's SMTP and IMAP servers (channels/email/connection-test.ts). */
  testEmail(account: ChannelAccountRecord): Promise<ConnectionTest>;
};
export type ChannelAccountService = ReturnType<typeof channelAccountService>;

type Row = typeof channelAccounts.$inferSelect;

const opened = (box: CredentialsBox, row: Row): OpenedChannelAccount => ({
  ...openAccount(box, row),
  publicKey: row.publicKey,
  createdAt: row.createdAt,
});

export function channelAccountService(deps: ChannelAccountDeps) {
  /**
   * The account behind an id, for who may manage channels. Another company's account is not found for
   * anyone, whatever their role (no existence leak): the lookup answers 404 before the ability answers 403,
   * which is why these operations authorise here rather than by their route's config.
   */
  async function managed(ctx: TenantContext, id: string): Promise<Row> {
    const [row] = await ctx.db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.id, id), eq(channelAccounts.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw notFound();
    authorize(ctx, 'channels.manage');
    return row;
  }

  return {
    async list(ctx: TenantContext): Promise<OpenedChannelAccount[]> {
      const rows = await ctx.db
        .select()
        .from(channelAccounts)
        .where(eq(channelAccounts.companyId, ctx.companyId))
        .orderBy(asc(channelAccounts.kind), asc(channelAccounts.name));
      return rows.map((row) => opened(deps.credentials, row));
    },

    async create(ctx: TenantContext, input: ChannelAccountInput): Promise<OpenedChannelAccount> {
      assertConfigurable(input.kind);
      const values = stored(input, {});
      const row = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const [created] = await tx
          .insert(channelAccounts)
          .values({
            companyId: ctx.companyId,
            kind: input.kind,
            name: input.name,
            enabled: input.enabled,
            address: values.address,
            settings: values.settings,
            credentials: deps.credentials.seal(values.credentials),
            publicKey: input.kind === 'chat' ? randomBytes(16).toString('base64url') : null,
          })
          .returning();
        record({ type: 'channel_account.changed', companyId: ctx.companyId, accountId: created!.id });
        return created!;
      });
      return opened(deps.credentials, row);
    },

    async update(
      ctx: TenantContext,
      input: ChannelAccountInput & { id: string },
    ): Promise<OpenedChannelAccount> {
      return replaceChannelAccount(ctx.db, deps, await managed(ctx, input.id), input);
    },

    async test(ctx: TenantContext, input: { id: string }): Promise<ConnectionTest> {
      const row = await managed(ctx, input.id);
      if (row.kind !== 'email') throw new AppError('channel_kind_not_configurable', 400);
      return deps.testEmail(openAccount(deps.credentials, row));
    },
  };
}

/** What an input stores: address, settings and the secrets it carries (empty ones keep what is stored). */
function stored(input: ChannelAccountInput, previous: Record<string, unknown>) {
  if (input.kind === 'email') {
    const secrets = Object.fromEntries(Object.entries(input.secrets).filter(([, value]) => value));
    return { address: input.address, settings: input.email, credentials: { ...previous, ...secrets } };
  }
  const identitySecret = previous.identity_secret ?? randomBytes(32).toString('hex');
  return {
    address: null,
    settings: input.chat,
    credentials: { ...previous, identity_secret: identitySecret },
  };
}

const assertConfigurable = (kind: string) => {
  if (!(CONFIGURABLE_CHANNEL_KINDS as readonly string[]).includes(kind)) {
    throw new AppError('channel_kind_not_configurable', 400);
  }
};

/**
 * Stores new settings (and the secrets given) over an account; no permission check: the Center's update
 * authorises first, the demo's control socket (modules/demo) is the process's own operator.
 */
export async function replaceChannelAccount(
  db: Db,
  deps: Pick<ChannelAccountDeps, 'bus' | 'credentials'>,
  current: Row,
  input: ChannelAccountInput,
): Promise<OpenedChannelAccount> {
  if (current.kind !== input.kind) throw new AppError('channel_kind_immutable', 400);
  assertConfigurable(input.kind);
  const values = stored(input, openAccount(deps.credentials, current).credentials);
  const row = await inTransaction(db, deps.bus, async (tx, record) => {
    const [updated] = await tx
      .update(channelAccounts)
      .set({
        name: input.name,
        enabled: input.enabled,
        address: values.address,
        // Configured for real now: a demo account stops being simulated.
        settings: values.settings,
        credentials: deps.credentials.seal(values.credentials),
        updatedAt: new Date(),
      })
      .where(and(eq(channelAccounts.id, current.id), eq(channelAccounts.companyId, current.companyId)))
      .returning();
    record({ type: 'channel_account.changed', companyId: current.companyId, accountId: current.id });
    return updated!;
  });
  return opened(deps.credentials, row);
}

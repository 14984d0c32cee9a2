// Channel accounts of the Center: create, replace (settings and, when given, secrets), list, and test a
// mailbox's servers. Secrets are sealed before they reach the database (platform/credentials.ts). Who may
// configure them is the contract's 'channels.manage'.
import { randomBytes } from 'node:crypto';
import {
  CONFIGURABLE_CHANNEL_KINDS,
  GENERATED_SECRETS,
  isProviderKind,
  PROVIDER_FIELDS,
  WEBHOOK_REGISTRATION,
  type ChannelAccountInput,
  type ConnectionTest,
} from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { openAccount } from '../../channels/accounts.ts';
import type { AdapterRegistry, ChannelAccountRecord } from '../../channels/adapter.ts';
import { channelAccounts } from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { webhookUrl } from '../webhooks/service.ts';
import type { OpenedChannelAccount } from './presenter.ts';

export type ChannelAccountDeps = {
  bus: EventBus;
  credentials: CredentialsBox;
  /** Logs into an e-mail account's SMTP and IMAP servers (channels/email/connection-test.ts). */
  testEmail(account: ChannelAccountRecord): Promise<ConnectionTest>;
  /** The providers' adapters: their connection check and webhook registration. */
  adapters: AdapterRegistry;
  config: { publicUrl: string };
};
export type ChannelAccountService = ReturnType<typeof channelAccountService>;

type Row = typeof channelAccounts.$inferSelect;

const opened = (box: CredentialsBox, publicUrl: string, row: Row): OpenedChannelAccount => ({
  ...openAccount(box, row),
  publicKey: row.publicKey,
  createdAt: row.createdAt,
  webhookUrl: isProviderKind(row.kind) ? webhookUrl(publicUrl, row.kind, row.id) : null,
  health: {
    lastInboundAt: row.lastInboundAt,
    lastOutboundAt: row.lastOutboundAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
  },
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
      return rows.map((row) => opened(deps.credentials, deps.config.publicUrl, row));
    },

    create(ctx: TenantContext, input: ChannelAccountInput): Promise<OpenedChannelAccount> {
      return createChannelAccount(ctx.db, deps, ctx.companyId, input);
    },

    async update(
      ctx: TenantContext,
      input: ChannelAccountInput & { id: string },
    ): Promise<OpenedChannelAccount> {
      return replaceChannelAccount(ctx.db, deps, await managed(ctx, input.id), input);
    },

    async test(ctx: TenantContext, input: { id: string }): Promise<ConnectionTest> {
      const row = await managed(ctx, input.id);
      const account = openAccount(deps.credentials, row);
      if (row.kind === 'email') return deps.testEmail(account);
      const provider = deps.adapters(row.kind).provider;
      if (!provider) throw new AppError('channel_kind_not_configurable', 400);
      // A provider that cannot be reached is an answer too: the administrator reads why, in its words.
      const api = await provider.check(account).catch((error: unknown) => ({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }));
      return { api };
    },

    /** Tells the provider our webhook address (Telegram setWebhook, Viber set_webhook). */
    async registerWebhook(ctx: TenantContext, input: { id: string }): Promise<void> {
      const row = await managed(ctx, input.id);
      await registerChannelWebhook(deps, row);
    },
  };
}

/** The secrets given (empty ones keep what is stored). */
const givenSecrets = (secrets: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(secrets).filter(([, value]) => value));

/** What an input stores: address, settings and the secrets it carries (empty ones keep what is stored). */
function stored(input: ChannelAccountInput, previous: Record<string, unknown>) {
  if (input.kind === 'email') {
    const credentials = { ...previous, ...givenSecrets(input.secrets) };
    return { address: input.address, settings: input.email, credentials };
  }
  if (input.kind !== 'chat') {
    const credentials: Record<string, unknown> = { ...previous, ...givenSecrets(input.secrets) };
    for (const field of PROVIDER_FIELDS[input.kind]) {
      if (field.secret && field.required && !credentials[field.name]) {
        throw new AppError('channel_secret_required', 400, { field: field.name });
      }
    }
    for (const name of GENERATED_SECRETS[input.kind]) {
      credentials[name] ??= randomBytes(24).toString('base64url');
    }
    return { address: input.address, settings: input.settings, credentials };
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
  deps: Pick<ChannelAccountDeps, 'bus' | 'credentials' | 'config'>,
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
  return opened(deps.credentials, deps.config.publicUrl, row);
}

/** Creates an account in a company; no permission check (as replaceChannelAccount). */
export async function createChannelAccount(
  db: Db,
  deps: Pick<ChannelAccountDeps, 'bus' | 'credentials' | 'config'>,
  companyId: string,
  input: ChannelAccountInput,
): Promise<OpenedChannelAccount> {
  assertConfigurable(input.kind);
  const values = stored(input, {});
  const row = await inTransaction(db, deps.bus, async (tx, record) => {
    const [created] = await tx
      .insert(channelAccounts)
      .values({
        companyId,
        kind: input.kind,
        name: input.name,
        enabled: input.enabled,
        address: values.address,
        settings: values.settings,
        credentials: deps.credentials.seal(values.credentials),
        publicKey: input.kind === 'chat' ? randomBytes(16).toString('base64url') : null,
      })
      .returning();
    record({ type: 'channel_account.changed', companyId, accountId: created!.id });
    return created!;
  });
  return opened(deps.credentials, deps.config.publicUrl, row);
}

/** Tells the provider our webhook address (Telegram setWebhook, Viber set_webhook); no permission check. */
export async function registerChannelWebhook(
  deps: Pick<ChannelAccountDeps, 'adapters' | 'credentials' | 'config'>,
  row: Row,
): Promise<void> {
  const provider = deps.adapters(row.kind).provider;
  if (!isProviderKind(row.kind) || !WEBHOOK_REGISTRATION[row.kind] || !provider?.registerWebhook) {
    throw new AppError('channel_webhook_registration_unsupported', 400);
  }
  try {
    await provider.registerWebhook(
      openAccount(deps.credentials, row),
      webhookUrl(deps.config.publicUrl, row.kind, row.id),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('channel_registration_failed', 502, { reason });
  }
}

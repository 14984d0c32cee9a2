// Provider webhooks: the account the address names (its kind must match), its adapter's handler given the exact
// bytes received, and the ways a handler reaches the product (ingest, statuses) bound to that account, so a
// payload can never name another company's data. Refusals are logged with the account id and answer the
// provider's expected status with nothing stored.
import { Id, kindOfWebhookSlug, WEBHOOK_SLUGS, type ProviderKind } from '@atende/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountCache } from '../../channels/account-cache.ts';
import { openAccount } from '../../channels/accounts.ts';
import {
  WebhookRefusal,
  type AdapterRegistry,
  type ChannelAccountRecord,
  type Choose,
  type Ingest,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../../channels/adapter.ts';
import type { ChannelHealthRecorder } from '../../channels/health.ts';
import { channelAccounts } from '../../db/schema/index.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import type { EventBus } from '../../platform/events.ts';
import { advanceStatusByProviderId, advanceStatusUpTo } from '../messages/status.ts';

export type WebhookDeps = {
  db: Db;
  bus: EventBus;
  adapters: AdapterRegistry;
  ingest: Ingest;
  /** Where a customer's pick among a message's choices goes (the csat module's today). */
  choose: Choose;
  credentials: CredentialsBox;
  accounts: AccountCache;
  health: ChannelHealthRecorder;
  log: FastifyBaseLogger;
};
export type WebhookService = ReturnType<typeof webhookService>;

/** A webhook's account, by the id its address names (the kind is checked by the caller). */
const accountById = (db: Db) =>
  prepared(db, 'webhook_account', () =>
    db
      .select()
      .from(channelAccounts)
      .where(eq(channelAccounts.id, param('id')))
      .limit(1),
  );

const NOT_FOUND: WebhookReply = { status: 404, body: { message: 'not found' } };

/** The address a provider must call for an account: shown in the Center, signed by Twilio. */
export const webhookUrl = (publicUrl: string, kind: ProviderKind, accountId: string) =>
  `${publicUrl}/api/webhooks/${WEBHOOK_SLUGS[kind]}/${accountId}`;

export function webhookService(deps: WebhookDeps) {
  /** The enabled account of the kind with this id, opened: remembered between calls (account-cache.ts). */
  async function account(kind: ProviderKind, id: string): Promise<ChannelAccountRecord | null> {
    const remembered = deps.accounts.get(id, Date.now());
    if (remembered) return remembered.kind === kind ? remembered : null;
    const version = deps.accounts.version();
    const [row] = await accountById(deps.db).execute({ id });
    if (!row?.enabled) return null;
    const opened = openAccount(deps.credentials, row);
    deps.accounts.remember(version, opened, Date.now());
    return opened.kind === kind ? opened : null;
  }

  /** The product as the account's handler sees it: every message and status lands on the account's company. */
  function io(account: ChannelAccountRecord): WebhookIo {
    const scope = { companyId: account.companyId, kind: account.kind, channelAccountId: account.id };
    return {
      ingest: async (message) => {
        const result = await deps.ingest({ ...message, ...scope });
        await deps.health.inbound(account);
        return result;
      },
      statuses: async (updates) => {
        for (const update of updates) {
          await advanceStatusByProviderId(deps.db, deps.bus, { ...scope, ...update });
        }
      },
      statusesUpTo: async (receipt) => {
        await advanceStatusUpTo(deps.db, deps.bus, { ...scope, ...receipt });
      },
      choose: (choice) => deps.choose({ ...choice, ...scope }),
      log: deps.log,
    };
  }

  return {
    async handle(slug: string, accountId: string, request: WebhookRequest): Promise<WebhookReply> {
      const kind = kindOfWebhookSlug(slug);
      // An id that is not a uuid names no account (and must not reach the uuid column as a query error).
      const found = kind && Id.safeParse(accountId).success ? await account(kind, accountId) : null;
      const provider = found ? deps.adapters(found.kind).provider : undefined;
      if (!found || !provider) return NOT_FOUND;
      try {
        return await provider.webhook(found, request, io(found));
      } catch (error) {
        if (!(error instanceof WebhookRefusal)) throw error;
        deps.log.warn(
          { channelAccountId: found.id, kind: found.kind, reason: error.message },
          'webhook refused',
        );
        await deps.health.error(found, `webhook refused: ${error.message}`);
        return { status: error.status, body: { message: error.message } };
      }
    },
  };
}

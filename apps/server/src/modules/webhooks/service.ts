// Provider webhooks: the account the address names (its kind must match), its adapter's handler given the exact
// bytes received, and the ways a handler reaches the product (ingest, statuses) bound to that account, so a
// payload can never name another company's data. Refusals are logged with the account id and answer the
// provider's expected status with nothing stored.
import { Id, kindOfWebhookSlug, WEBHOOK_SLUGS, type ProviderKind } from '@atende/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openAccount } from '../../channels/accounts.ts';
import {
  WebhookRefusal,
  type AdapterRegistry,
  type ChannelAccountRecord,
  type Ingest,
  type WebhookIo,
  type WebhookReply,
  type WebhookRequest,
} from '../../channels/adapter.ts';
import type { ChannelHealthRecorder } from '../../channels/health.ts';
import { channelAccounts } from '../../db/schema/index.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { advanceStatusByProviderId, advanceStatusUpTo } from '../messages/status.ts';

export type WebhookDeps = {
  db: Db;
  bus: EventBus;
  adapters: AdapterRegistry;
  ingest: Ingest;
  credentials: CredentialsBox;
  health: ChannelHealthRecorder;
  log: FastifyBaseLogger;
};
export type WebhookService = ReturnType<typeof webhookService>;

const NOT_FOUND: WebhookReply = { status: 404, body: { message: 'not found' } };

/** The address a provider must call for an account: shown in the Center, signed by Twilio. */
export const webhookUrl = (publicUrl: string, kind: ProviderKind, accountId: string) =>
  `${publicUrl}/api/webhooks/${WEBHOOK_SLUGS[kind]}/${accountId}`;

export function webhookService(deps: WebhookDeps) {
  async function account(kind: ProviderKind, id: string): Promise<ChannelAccountRecord | null> {
    const [row] = await deps.db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.id, id), eq(channelAccounts.kind, kind)))
      .limit(1);
    return row?.enabled ? openAccount(deps.credentials, row) : null;
  }

  /** The product as the account's handler sees it: every message and status lands on the account's company. */
  function io(account: ChannelAccountRecord): WebhookIo {
    const scope = { companyId: account.companyId, kind: account.kind };
    return {
      ingest: async (message) => {
        const result = await deps.ingest({ ...message, ...scope, channelAccountId: account.id });
        await deps.health.inbound(account);
        return result;
      },
      statuses: async (_account, updates) => {
        for (const update of updates) {
          await advanceStatusByProviderId(deps.db, deps.bus, { ...scope, ...update });
        }
      },
      statusesUpTo: async (_account, receipt) => {
        await advanceStatusUpTo(deps.db, deps.bus, { ...scope, ...receipt });
      },
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

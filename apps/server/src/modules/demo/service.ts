// What the demo's operator asks of a running server (through the local control socket, control.ts): feed a
// customer message through the real ingest path, bulk-load synthetic contacts into a company, point a
// company's e-mail account at given mail servers or its account of a provider kind at that provider's
// simulator, tell simulated phone customers how to reach the embedded PBX. The process's own operator acts
// here, for no tenant: these operations take their input only.
import {
  WEBHOOK_REGISTRATION,
  isProviderKind,
  type ChannelAccountInput,
  type ChannelKind,
} from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AdapterRegistry, Ingest } from '../../channels/adapter.ts';
import { channelAccounts, contactChannels, contacts } from '../../db/schema/index.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { presentChannelAccount } from '../channel-accounts/presenter.ts';
import {
  createChannelAccount,
  registerChannelWebhook,
  replaceChannelAccount,
} from '../channel-accounts/service.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import type { SimulatedInbound } from './control.ts';
import { embeddedWsUrl } from '../voice/presenter.ts';
import { carrierPassword, phoneSettingsOf } from '../voice/settings.ts';
import { seedContacts } from './seed.ts';

export type DemoDeps = {
  db: Db;
  bus: EventBus;
  ingest: Ingest;
  credentials: CredentialsBox;
  adapters: AdapterRegistry;
  config: { publicUrl: string };
};
export type DemoService = ReturnType<typeof demoService>;

export function demoService(deps: DemoDeps) {
  const { db } = deps;
  async function company(slug: string) {
    const found = await findCompanyBySlug(db, slug);
    if (!found) throw new Error(`no company named ${slug}`);
    return found;
  }

  async function firstAccount(companyId: string, kind: ChannelKind) {
    const [first] = await db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.companyId, companyId), eq(channelAccounts.kind, kind)))
      .orderBy(asc(channelAccounts.createdAt))
      .limit(1);
    return first ?? null;
  }

  return {
    async inbound(input: SimulatedInbound) {
      return deps.ingest({
        companyId: (await company(input.company)).id,
        kind: input.kind,
        from: { address: input.address, name: input.name },
        text: input.text,
        providerMessageId: input.provider_message_id,
      });
    },

    seedContacts(input: { company: string; count: number }) {
      return seedContacts(db, input.company, input.count);
    },

    /** Replaces the company's (first) e-mail account: configured for real, it stops being simulated. */
    async connectEmail(input: { company: string; account: ChannelAccountInput }) {
      const { id: companyId } = await company(input.company);
      const current = await firstAccount(companyId, 'email');
      if (!current) throw new Error(`${input.company} has no e-mail account`);
      const connected = await replaceChannelAccount(db, deps, current, input.account);
      return { id: connected.id, address: connected.address };
    },

    /**
     * Replaces the company's first account of a provider kind (created if it has none): configured for real,
     * it stops being simulated. Where the provider registers webhooks (Telegram, Viber) ours is registered
     * through the adapter, as the Center's button does. Answers the account as the Center shows it (its
     * webhook address and the secrets this server made for the provider's side).
     */
    /**
     * How simulated customers reach the company's embedded PBX (its WebSocket, SIP domain and carrier
     * password) and which customers they are: the first with a voice number, so calls ring with their card.
     */
    async voiceCarrier(input: { company: string; customers: number }) {
      const { id: companyId } = await company(input.company);
      const settings = await phoneSettingsOf(db, deps.credentials, companyId);
      if (settings.pbx !== 'embedded') {
        throw new Error(
          `${input.company} uses an external PBX (${settings.wsUrl}); customers call the embedded one`,
        );
      }
      const customers = await db
        .select({ name: contacts.name, number: contactChannels.address })
        .from(contactChannels)
        .innerJoin(contacts, eq(contacts.id, contactChannels.contactId))
        .where(and(eq(contactChannels.companyId, companyId), eq(contactChannels.kind, 'voice')))
        .orderBy(asc(contactChannels.createdAt))
        .limit(input.customers);
      return {
        ws_url: embeddedWsUrl(deps.config.publicUrl),
        sip_domain: settings.sipDomain,
        carrier_password: carrierPassword(deps.credentials, settings),
        customers,
      };
    },

    async connectChannel(input: { company: string; account: ChannelAccountInput }) {
      const { kind } = input.account;
      if (!isProviderKind(kind)) throw new Error(`${kind} is not a provider kind`);
      const { id: companyId } = await company(input.company);
      const current = await firstAccount(companyId, kind);
      const connected = current
        ? await replaceChannelAccount(db, deps, current, input.account)
        : await createChannelAccount(db, deps, companyId, input.account);
      if (WEBHOOK_REGISTRATION[kind]) {
        const [row] = await db.select().from(channelAccounts).where(eq(channelAccounts.id, connected.id));
        await registerChannelWebhook(deps, row!);
      }
      return presentChannelAccount(connected);
    },
  };
}

// What the demo's operator asks of a running server (through the local control socket, control.ts): feed a
// customer message through the real ingest path, bulk-load synthetic contacts into a company, point a
// company's e-mail account at given mail servers. The process's own operator acts here, for no tenant: these
// operations take their input only.
import type { ChannelAccountInput } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Ingest } from '../../channels/adapter.ts';
import { channelAccounts } from '../../db/schema/index.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { replaceChannelAccount } from '../channel-accounts/service.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import type { SimulatedInbound } from './control.ts';
import { seedContacts } from './seed.ts';

export type DemoDeps = {
  db: Db;
  bus: EventBus;
  ingest: Ingest;
  credentials: CredentialsBox;
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
      const [current] = await db
        .select()
        .from(channelAccounts)
        .where(and(eq(channelAccounts.companyId, companyId), eq(channelAccounts.kind, 'email')))
        .orderBy(asc(channelAccounts.createdAt))
        .limit(1);
      if (!current) throw new Error(`${input.company} has no e-mail account`);
      const connected = await replaceChannelAccount(db, deps, current, input.account);
      return { id: connected.id, address: connected.address };
    },
  };
}

// Commands the local control socket accepts: `inbound` feeds a customer message through the real ingest path;
// `seed-contacts` bulk-loads synthetic contacts into a company (created like the demo one if missing);
// `connect-email` points a company's e-mail account at given mail servers.
import { ChannelAccountInput, ChannelKind } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { channelAccounts } from '../../db/schema/index.ts';
import type { Ingest } from '../../channels/adapter.ts';
import type { CredentialsBox } from '../../platform/credentials.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { z } from 'zod';
import { replaceChannelAccount } from '../channel-accounts/service.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import { seedContacts } from './seed.ts';

export const SimulatedInbound = z.object({
  company: z.string().min(1),
  kind: ChannelKind,
  address: z.string().min(1),
  name: z.string().optional(),
  text: z.string().min(1).max(4096),
  provider_message_id: z.string().min(1),
});
export type SimulatedInbound = z.infer<typeof SimulatedInbound>;

export const SeedContactsCommand = z.object({
  company: z.string().trim().min(1).max(100),
  count: z.number().int().min(1).max(100_000),
});

/** Points a company's e-mail account at mail servers (the simulator's local Dovecot and SMTP sink). */
export const ConnectEmailCommand = z.object({
  company: z.string().trim().min(1).max(100),
  account: ChannelAccountInput,
});

export type ControlDeps = { db: Db; bus: EventBus; ingest: Ingest; credentials: CredentialsBox };

export function controlCommands(deps: ControlDeps) {
  const { db } = deps;
  return async (command: string, payload: unknown) => {
    if (command === 'seed-contacts') {
      const { company, count } = SeedContactsCommand.parse(payload);
      return seedContacts(db, company, count);
    }
    if (command === 'connect-email') {
      const { company: slug, account } = ConnectEmailCommand.parse(payload);
      const company = await findCompanyBySlug(db, slug);
      if (!company) throw new Error(`no company named ${slug}`);
      const [current] = await db
        .select()
        .from(channelAccounts)
        .where(and(eq(channelAccounts.companyId, company.id), eq(channelAccounts.kind, 'email')))
        .orderBy(asc(channelAccounts.createdAt))
        .limit(1);
      if (!current) throw new Error(`${slug} has no e-mail account`);
      const connected = await replaceChannelAccount(db, deps, current, account);
      return { id: connected.id, address: connected.address };
    }
    if (command !== 'inbound') throw new Error(`unknown command ${command}`);
    const message = SimulatedInbound.parse(payload);
    const company = await findCompanyBySlug(db, message.company);
    if (!company) throw new Error(`no company named ${message.company}`);
    return deps.ingest({
      companyId: company.id,
      kind: message.kind,
      from: { address: message.address, name: message.name },
      text: message.text,
      providerMessageId: message.provider_message_id,
    });
  };
}

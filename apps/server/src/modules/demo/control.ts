// Commands the local control socket accepts: `inbound` feeds a customer message through the real ingest path;
// `seed-contacts` bulk-loads synthetic contacts into a company (created like the demo one if missing).
import { ChannelKind } from '@atende/contract';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import { ingestInbound, type IngestDeps } from '../messages/ingest.ts';
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

export function controlCommands(deps: IngestDeps) {
  const { db } = deps;
  return async (command: string, payload: unknown) => {
    if (command === 'seed-contacts') {
      const { company, count } = SeedContactsCommand.parse(payload);
      return seedContacts(db, company, count);
    }
    if (command !== 'inbound') throw new Error(`unknown command ${command}`);
    const message = SimulatedInbound.parse(payload);
    const company = await findCompanyBySlug(db, message.company);
    if (!company) throw new Error(`no company named ${message.company}`);
    return ingestInbound(deps, {
      companyId: company.id,
      kind: message.kind,
      from: { address: message.address, name: message.name },
      text: message.text,
      providerMessageId: message.provider_message_id,
    });
  };
}

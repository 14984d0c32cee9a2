// Reads of the per-company catalogues the console loads at start.
import { and, asc, eq } from 'drizzle-orm';
import { callReasons, channelAccounts, eventActions, pauseReasons, wallets } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';

/** Catalogues are small by nature; the bound keeps a runaway one from flooding a response. */
export const CATALOGUE_LIMIT = 1000;

export const NAMED_CATALOGUES = { eventActions, wallets, pauseReasons, callReasons } as const;
export type NamedCatalogue = keyof typeof NAMED_CATALOGUES;

export function listNamed(ctx: TenantContext, catalogue: NamedCatalogue) {
  const table = NAMED_CATALOGUES[catalogue];
  return ctx.db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.companyId, ctx.companyId), eq(table.active, true)))
    .orderBy(asc(table.position), asc(table.name))
    .limit(CATALOGUE_LIMIT);
}

export function listChannelAccounts(ctx: TenantContext) {
  return ctx.db
    .select({
      id: channelAccounts.id,
      kind: channelAccounts.kind,
      name: channelAccounts.name,
      address: channelAccounts.address,
    })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.companyId, ctx.companyId), eq(channelAccounts.enabled, true)))
    .orderBy(asc(channelAccounts.kind), asc(channelAccounts.name))
    .limit(CATALOGUE_LIMIT);
}

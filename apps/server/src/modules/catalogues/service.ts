// Reads of the per-company catalogues the console loads at start.
import { and, asc, eq } from 'drizzle-orm';
import { callReasons, channelAccounts, eventActions, pauseReasons, wallets } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { ChannelAccountRow, NamedRow } from './presenter.ts';

/** Catalogues are small by nature; the bound keeps a runaway one from flooding a response. */
export const CATALOGUE_LIMIT = 1000;

const NAMED_CATALOGUES = { eventActions, wallets, pauseReasons, callReasons } as const;
export type NamedCatalogue = keyof typeof NAMED_CATALOGUES;

export type CatalogueService = ReturnType<typeof catalogueService>;

/** Catalogues need nothing beyond the tenant context: no dependencies to bind. */
export function catalogueService() {
  return {
    /** The active entries of a catalogue of names, in the company's order. */
    named(ctx: TenantContext, catalogue: NamedCatalogue): Promise<NamedRow[]> {
      const table = NAMED_CATALOGUES[catalogue];
      return ctx.db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.companyId, ctx.companyId), eq(table.active, true)))
        .orderBy(asc(table.position), asc(table.name))
        .limit(CATALOGUE_LIMIT);
    },

    /** The company's enabled channel accounts, by kind and name. */
    channelAccounts(ctx: TenantContext): Promise<ChannelAccountRow[]> {
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
    },
  };
}

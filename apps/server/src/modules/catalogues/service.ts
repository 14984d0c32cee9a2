// The per-company catalogues: what the console loads at start (channels and the active entries of each
// catalogue) and, through center.ts, what the Center's administrators do with them.
import type { Catalogue } from '@atende/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { channelAccounts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { EventBus } from '../../platform/events.ts';
import { centerOperations } from './center.ts';
import type { ChannelAccountRow } from './presenter.ts';
import { catalogueTable, type CatalogueRow } from './tables.ts';

/** Catalogues are small by nature; the bound keeps a runaway one from flooding a response. */
export const CATALOGUE_LIMIT = 1000;

export type CatalogueService = ReturnType<typeof catalogueService>;

export function catalogueService(deps: { bus: EventBus }) {
  return {
    /** The entries a console offers: not archived, in the company's order. */
    offered(ctx: TenantContext, catalogue: Catalogue): Promise<CatalogueRow[]> {
      const table = catalogueTable(catalogue);
      return ctx.db
        .select()
        .from(table)
        .where(and(eq(table.companyId, ctx.companyId), isNull(table.archivedAt)))
        .orderBy(asc(table.position), asc(sql`lower(${table.name})`))
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

    ...centerOperations(deps),
  };
}

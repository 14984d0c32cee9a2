// Catalogue rows as the contract's objects: the console's lists (NamedItem, EventAction, PauseReason), the
// Center's CatalogueEntry, and ChannelAccount.
import type {
  CatalogueEntry,
  CataloguePage,
  ChannelAccount,
  EventAction,
  NamedItem,
  PauseReason,
} from '@atende/contract';
import type { channelAccounts } from '../../db/schema/index.ts';
import type { CataloguePageRows } from './center.ts';
import type { CatalogueRow } from './tables.ts';

export type ChannelAccountRow = Pick<typeof channelAccounts.$inferSelect, 'id' | 'kind' | 'name' | 'address'>;

export const presentNamed = (row: CatalogueRow): NamedItem => ({ id: row.id, name: row.name });

export const presentEventAction = (row: CatalogueRow): EventAction => ({
  id: row.id,
  name: row.name,
  amount: row.amountRule ?? 'optional',
  annotation_required: row.annotationRequired ?? false,
});

export const presentPauseReason = (row: CatalogueRow): PauseReason => ({
  id: row.id,
  name: row.name,
  max_minutes: row.maxMinutes ?? null,
});

export const presentCatalogueEntry = (row: CatalogueRow): CatalogueEntry => ({
  id: row.id,
  name: row.name,
  position: row.position,
  archived_at: row.archivedAt?.toISOString() ?? null,
  max_minutes: row.maxMinutes ?? null,
  amount: row.amountRule ?? null,
  annotation_required: row.annotationRequired ?? null,
  text: row.text ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentCataloguePage = (page: CataloguePageRows): CataloguePage => ({
  data: page.rows.map(presentCatalogueEntry),
  total: page.total,
});

export const presentChannelAccount = (row: ChannelAccountRow): ChannelAccount => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  address: row.address,
});

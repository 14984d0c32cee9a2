// Saved views as the contract's SavedView.
import type { SavedView } from '@atende/contract';
import { savedViews } from '../../db/schema/index.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';

export const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  list: savedViews.list,
  updatedAt: savedViews.updatedAt,
};
export type ViewRow = { id: string; name: string; list: SavedView['list']; updatedAt: Date };

export const presentView = (row: ViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  list: row.list,
  updated_at: isoTimestamp(row.updatedAt),
});

// Catalogue rows as the contract's NamedItem (event actions, wallets, pause and call reasons) and
// ChannelAccount.
import type { ChannelAccount, NamedItem } from '@atende/contract';
import type { channelAccounts } from '../../db/schema/index.ts';

export type NamedRow = { id: string; name: string };
export type ChannelAccountRow = Pick<typeof channelAccounts.$inferSelect, 'id' | 'kind' | 'name' | 'address'>;

export const presentNamed = (row: NamedRow): NamedItem => ({ id: row.id, name: row.name });

export const presentChannelAccount = (row: ChannelAccountRow): ChannelAccount => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  address: row.address,
});

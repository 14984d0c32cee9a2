// Channel accounts as adapters and connectors see them: credentials opened, and the account an outbound
// message leaves from (the contact channel's own line when it is usable, else the kind's first enabled one).
import type { ChannelKind } from '@atende/contract';
import { and, asc, eq } from 'drizzle-orm';
import { channelAccounts } from '../db/schema/index.ts';
import type { CredentialsBox } from '../platform/credentials.ts';
import type { Db } from '../platform/db/database.ts';
import type { ChannelAccountRecord } from './adapter.ts';

type AccountRow = typeof channelAccounts.$inferSelect;

export function openAccount(box: CredentialsBox, row: AccountRow): ChannelAccountRecord {
  return {
    id: row.id,
    companyId: row.companyId,
    kind: row.kind,
    name: row.name,
    address: row.address,
    enabled: row.enabled,
    settings: row.settings,
    credentials: row.credentials ? box.open(row.credentials) : {},
    updatedAt: row.updatedAt,
  };
}

export async function accountForSend(
  db: Db,
  box: CredentialsBox,
  companyId: string,
  kind: ChannelKind,
  lineId: string | null,
): Promise<ChannelAccountRecord | null> {
  const usable = and(
    eq(channelAccounts.companyId, companyId),
    eq(channelAccounts.kind, kind),
    eq(channelAccounts.enabled, true),
  );
  if (lineId) {
    const [line] = await db
      .select()
      .from(channelAccounts)
      .where(and(usable, eq(channelAccounts.id, lineId)))
      .limit(1);
    if (line) return openAccount(box, line);
  }
  const [first] = await db
    .select()
    .from(channelAccounts)
    .where(usable)
    .orderBy(asc(channelAccounts.createdAt))
    .limit(1);
  return first ? openAccount(box, first) : null;
}

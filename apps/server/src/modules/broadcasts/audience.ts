// Who a broadcast goes to: the list's contacts the sender may see (a filter list resolved now), each with its
// channel of the account's kind (the main one first), or left out and why — no channel of that kind, opted
// out of broadcasts, the channel blacklisted, or (free text on WhatsApp and the like) the customer-service
// window closed. One statement, whatever the list's size.
import {
  CUSTOMER_WINDOW_HOURS,
  type BroadcastSkipReason,
  type BroadcastSkipped,
  type ChannelKind,
  type ContactFilters,
} from '@atende/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { param, preparedSql } from '../../platform/db/prepared.ts';
import { filterConditions, filterShape, filterValues } from '../contacts/list-filters.ts';
import { visibleContacts } from '../contacts/policy.ts';
import { boundScope, scopeValues, visibility } from '../contacts/queries.ts';

export type AudienceRow = {
  contactId: string;
  channelId: string | null;
  skipReason: BroadcastSkipReason | null;
};
export type Audience = { rows: AudienceRow[]; recipients: number; skipped: BroadcastSkipped };

type ListSource = { id: string; source: string; filter: ContactFilters | null };

export async function resolveAudience(
  ctx: TenantContext,
  list: ListSource,
  kind: ChannelKind,
  /** Free text on a kind with a customer-service window, through a real provider: closed windows skip. */
  windowRule: boolean,
): Promise<Audience> {
  const filter = list.source === 'filter' ? (list.filter ?? {}) : null;
  const hours = windowRule ? CUSTOMER_WINDOW_HOURS[kind] : undefined;
  const shape = [
    'broadcast_audience',
    filter ? `filter(${filterShape(filter)})` : 'members',
    visibility(ctx),
    hours ?? 'nowindow',
  ].join(':');
  const statement = preparedSql<{
    contact_id: string;
    channel_id: string | null;
    skip_reason: string | null;
  }>(ctx.db, shape, () => {
    const visible = visibleContacts(boundScope(ctx));
    const members: SQL = filter
      ? sql`select ${contacts.id} as id from ${contacts}
            where ${and(eq(contacts.companyId, param('companyId')), visible, ...filterConditions(filter))}`
      : sql`select m.contact_id as id from broadcast_list_members m
            join ${contacts} on ${contacts.id} = m.contact_id
            where m.list_id = ${param('listId')} and m.company_id = ${param('companyId')}
              and ${and(eq(contacts.companyId, param('companyId')), visible)}`;
    const window =
      hours === undefined
        ? sql`false`
        : sql`not exists (select 1 from messages mm where mm.contact_channel_id = chosen.channel_id
              and mm.direction = 'in' and mm.created_at > now() - ${sql.raw(`interval '${hours} hours'`)})`;
    return sql`with members as (${members}),
        chosen as (
          select distinct on (members.id) members.id as contact_id, ch.id as channel_id, ch.blacklisted
          from members
          left join contact_channels ch on ch.contact_id = members.id
            and ch.company_id = ${param('companyId')} and ch.kind = ${param('kind')}::channel_kind
          order by members.id, ch.main desc nulls last, ch.created_at
        )
        select contact_id, channel_id,
          case
            when channel_id is null then 'no_channel'
            when exists (select 1 from broadcast_opt_outs o
              where o.company_id = ${param('companyId')} and o.contact_id = chosen.contact_id) then 'opted_out'
            when blacklisted then 'blacklisted'
            when ${window} then 'window_closed'
          end as skip_reason
        from chosen
        order by contact_id`;
  });
  const found = await statement.execute({
    ...scopeValues(ctx),
    listId: list.id,
    kind,
    ...(filter ? filterValues(filter) : {}),
  });
  const skipped: BroadcastSkipped = { blacklisted: 0, opted_out: 0, no_channel: 0, window_closed: 0 };
  const rows = found.map((row) => {
    const skipReason = row.skip_reason as BroadcastSkipReason | null;
    if (skipReason) skipped[skipReason]++;
    return { contactId: row.contact_id, channelId: row.channel_id, skipReason };
  });
  return { rows, recipients: rows.filter((row) => !row.skipReason).length, skipped };
}

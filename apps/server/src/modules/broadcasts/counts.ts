// A broadcast's counts, read from its recipients and their messages: the message's status is the recipient's
// delivery state, so the counts and the conversations' timelines never disagree.
import type { BroadcastCounts } from '@atende/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';

const EMPTY: BroadcastCounts = {
  total: 0,
  queued: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  replied: 0,
  cancelled: 0,
};

/** The counts of each of the company's broadcasts `ids`. */
export async function broadcastCounts(
  db: Db,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, BroadcastCounts>> {
  const counts = new Map<string, BroadcastCounts>(ids.map((id) => [id, { ...EMPTY }]));
  if (ids.length === 0) return counts;
  const rows = await queryRows<Record<keyof BroadcastCounts, string> & { broadcast_id: string }>(
    db,
    sql`select r.broadcast_id,
        count(*) as total,
        count(*) filter (where r.cancelled_at is not null) as cancelled,
        count(*) filter (where r.cancelled_at is null and (r.claimed_at is null or m.status = 'pending')) as queued,
        count(*) filter (where m.status = 'sent' or (r.claimed_at is not null and r.message_id is null)) as sent,
        count(*) filter (where m.status = 'delivered') as delivered,
        count(*) filter (where m.status = 'read') as read,
        count(*) filter (where m.status = 'failed') as failed,
        count(*) filter (where r.replied_at is not null) as replied
      from broadcast_recipients r
      left join messages m on m.id = r.message_id
      where r.company_id = ${companyId}
        and r.broadcast_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        and r.skip_reason is null
      group by r.broadcast_id`,
  );
  for (const row of rows) {
    counts.set(row.broadcast_id, {
      total: Number(row.total),
      queued: Number(row.queued),
      sent: Number(row.sent),
      delivered: Number(row.delivered),
      read: Number(row.read),
      failed: Number(row.failed),
      replied: Number(row.replied),
      cancelled: Number(row.cancelled),
    });
  }
  return counts;
}

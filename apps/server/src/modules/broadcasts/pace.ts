// Send-time pacing of broadcasts per channel account. The tick claims a second's batch at a time; without this
// its sends reached the provider in bursts (the queue's jitter bunching one second's batch with the next), and
// two broadcasts on one number each took the number's whole throughput. Each send now takes the account's
// next slot from the database — one provider-second divided by the throughput, shared by every worker of every
// process — and waits for it before it goes.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** Waits until this send's slot of the account comes (at once when the account has been idle). */
export async function waitForSendSlot(
  db: Db,
  pace: { companyId: string; accountId: string; perSecond: number },
): Promise<void> {
  const spacingMs = 1000 / pace.perSecond;
  const spacing = sql.raw(`interval '${spacingMs.toFixed(3)} milliseconds'`);
  // The slot is the later of the account's next free moment and now; the account's next moves one spacing on.
  const [slot] = await queryRows<{ wait_ms: number }>(
    db,
    sql`insert into broadcast_send_pace as pace (channel_account_id, company_id, next_at)
      values (${pace.accountId}, ${pace.companyId}, clock_timestamp() + ${spacing})
      on conflict (channel_account_id) do update
        set next_at = greatest(pace.next_at, clock_timestamp()) + ${spacing}
        where pace.company_id = excluded.company_id
      returning (extract(epoch from (next_at - clock_timestamp())) * 1000 - ${spacingMs}::float8)::float8 as wait_ms`,
  );
  const waitMs = slot?.wait_ms ?? 0;
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

// Send-time pacing of broadcasts per channel account. The tick claims a second's batch at a time; without this
// its sends reached the provider in bursts (the queue's jitter bunching one second's batch with the next), and
// two broadcasts on one number each took the number's whole throughput. Sends take the account's next slots
// from the database — one provider-second divided by the throughput, shared by every worker of every process —
// and wait for them before they go. A batch reserves all its slots in one statement.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export type Pace = { companyId: string; accountId: string; perSecond: number };

/**
 * Reserves `count` consecutive slots of the account (the first at once when the account has been idle): how
 * many milliseconds from now each one comes. The database's clock decides, so processes agree.
 */
export async function reserveSendSlots(db: Db, pace: Pace, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const spacingMs = 1000 / pace.perSecond;
  const span = sql.raw(`interval '${(spacingMs * count).toFixed(3)} milliseconds'`);
  // The first slot is the later of the account's next free moment and now; the account's next moves `count`
  // spacings on.
  const [slot] = await queryRows<{ wait_ms: number }>(
    db,
    sql`insert into broadcast_send_pace as pace (channel_account_id, company_id, next_at)
      values (${pace.accountId}, ${pace.companyId}, clock_timestamp() + ${span})
      on conflict (channel_account_id) do update
        set next_at = greatest(pace.next_at, clock_timestamp()) + ${span}
        where pace.company_id = excluded.company_id
      returning (extract(epoch from (next_at - clock_timestamp())) * 1000
        - ${spacingMs * count}::float8)::float8 as wait_ms`,
  );
  const first = slot?.wait_ms ?? 0;
  return Array.from({ length: count }, (_, index) => Math.max(0, first + index * spacingMs));
}

/** Waits until this send's slot of the account comes (at once when the account has been idle). */
export async function waitForSendSlot(db: Db, pace: Pace): Promise<void> {
  const [waitMs = 0] = await reserveSendSlots(db, pace, 1);
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

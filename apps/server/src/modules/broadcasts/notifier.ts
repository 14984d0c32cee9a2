// Broadcasts' live progress: a broadcast that changed (a batch handed over, an action, a reply) or whose
// messages' statuses moved is announced to its company, at most a few times a second per broadcast, and the
// consoles showing it refetch it. Customers' messages mark the broadcasts they answer.
import { inArray } from 'drizzle-orm';
import { broadcastRecipients } from '../../db/schema/index.ts';
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { markReply } from './sender.ts';

const ANNOUNCE_GAP_MS = 500;
/** Status changes are looked up in batches: a broadcast moves thousands of messages a minute. */
const STATUS_BATCH_MS = 300;

export function notifyBroadcastChanges(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  const announce = coalescePerKey(ANNOUNCE_GAP_MS, async (key) => {
    const [companyId, broadcastId] = key.split(':') as [string, string];
    io.to(rooms.company(companyId)).emit('broadcast.changed', { broadcast_id: broadcastId });
  });
  let moved = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const lookUp = async () => {
    timer = null;
    const ids = [...moved];
    moved = new Set();
    const rows = await db
      .selectDistinct({
        companyId: broadcastRecipients.companyId,
        broadcastId: broadcastRecipients.broadcastId,
      })
      .from(broadcastRecipients)
      .where(inArray(broadcastRecipients.messageId, ids));
    for (const row of rows) void announce(`${row.companyId}:${row.broadcastId}`);
  };
  return bus.subscribe(async (event) => {
    if (event.type === 'broadcast.changed') {
      await announce(`${event.companyId}:${event.broadcastId}`);
    } else if (event.type === 'message.status') {
      moved.add(event.messageId);
      timer ??= setTimeout(() => void lookUp().catch(() => undefined), STATUS_BATCH_MS);
    } else if (event.type === 'message.created' && event.message?.direction === 'in') {
      await markReply({ db, bus }, event);
    }
  });
}

// Brings the company's supervisors a fresh snapshot when what the monitor shows changed: pauses, assignments and
// finishes, calls, customers' ratings, and users connecting or leaving; a queue that only grew brings its part. One snapshot per change
// serves every supervisor watching (it is the same for all of them: monitor.read is the supervising roles, the
// supervisors' room). Coalesced per company: a queue growing by a hundred a second costs one snapshot every
// gap, not a hundred; the Redis adapter carries it to every process's sockets.
import type { Db } from '../../platform/db/database.ts';
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { monitorQueue, monitorSnapshot, type Presence } from './service.ts';

/**
 * The least time between two snapshots of one company: a change waits at most this (plus the snapshot's own
 * read) to be on the supervisors' screens. The whole snapshot (about 100 KB at 500 attendants, to every
 * supervisor) goes at most ten times a second.
 */
const MONITOR_GAP_MS = 100;
/**
 * The same for the queue's part alone (a few kilobytes, one statement): a new customer is on the screens within
 * this plus one read and the push, inside the monitor's 150 ms target at 20 new customers a second.
 */
const QUEUE_GAP_MS = 50;

/**
 * What an event changes of the monitor: only its queue (a customer arrived or was queued: the busiest event,
 * carried as the queue's few kilobytes), everything (the attendants' side too), or nothing.
 */
const changesMonitor = (event: DomainEvent): 'queue' | 'all' | null => {
  switch (event.type) {
    case 'pause.changed':
    case 'call.changed':
    case 'operators.changed':
    case 'csat.answered':
      return 'all';
    case 'waiting.changed':
      return 'queue';
    case 'contact.changed':
      // A change of responsible moves an attendant's load; a new contact may wait; other edits change nothing.
      return event.previousResponsibleId !== undefined ? 'all' : event.created ? 'queue' : null;
    default:
      return null;
  }
};

export function notifyMonitorChanges(
  deps: { bus: EventBus; db: Db; log: { warn(object: object, message: string): void } },
  io: RealtimeServer,
  presence: Presence,
): () => void {
  const supervising = (companyId: string) => io.to(rooms.supervisors(companyId));
  // Nobody watching (no supervisor connected to this process or another): nothing to read.
  const watched = async (companyId: string) => (await supervising(companyId).fetchSockets()).length > 0;
  const all = coalescePerKey(MONITOR_GAP_MS, async (companyId) => {
    if (!(await watched(companyId))) return;
    supervising(companyId).emit(
      'monitor.changed',
      await monitorSnapshot({ db: deps.db, companyId }, presence),
    );
  });
  const queue = coalescePerKey(QUEUE_GAP_MS, async (companyId) => {
    if (!(await watched(companyId))) return;
    supervising(companyId).emit('monitor.queue', await monitorQueue({ db: deps.db, companyId }));
  });
  const tell = (companyId: string, part: 'queue' | 'all') =>
    (part === 'all' ? all : queue)(companyId).catch((error: unknown) =>
      deps.log.warn({ err: error, companyId }, 'could not bring the monitor up to date'),
    );
  io.on('connection', (socket) => {
    const { companyId } = socket.data.auth;
    void tell(companyId, 'all');
    socket.on('disconnect', () => void tell(companyId, 'all'));
  });
  return deps.bus.subscribe((event) => {
    const part = changesMonitor(event);
    if (part && 'companyId' in event && event.companyId) return tell(event.companyId, part);
  });
}

/** The ids of the company's users with a socket on any process (the adapter asks the others). */
export function socketPresence(io: RealtimeServer) {
  return async (companyId: string): Promise<Set<string>> => {
    const sockets = await io.in(rooms.company(companyId)).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.auth.userId));
  };
}

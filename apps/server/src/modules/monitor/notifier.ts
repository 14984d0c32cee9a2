// Brings the company's supervisors a fresh snapshot when what the monitor shows changed: pauses, assignments and
// finishes, the queue, calls, customers' ratings, and users connecting or leaving. One snapshot per change
// serves every supervisor watching (it is the same for all of them: monitor.read is the supervising roles, the
// supervisors' room). Coalesced per company: a queue growing by a hundred a second costs one snapshot every
// gap, not a hundred; the Redis adapter carries it to every process's sockets.
import type { Db } from '../../platform/db/database.ts';
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { monitorSnapshot, type Presence } from './service.ts';

/**
 * The least time between two snapshots of one company: a change waits at most this (plus the snapshot's own
 * read) to be on the supervisors' screens, within the monitor's 150 ms target.
 */
const MONITOR_GAP_MS = 100;

const changesMonitor = (event: DomainEvent): string | null => {
  switch (event.type) {
    case 'pause.changed':
    case 'waiting.changed':
    case 'call.changed':
    case 'operators.changed':
    case 'csat.answered':
      return event.companyId;
    case 'contact.changed':
      // Only a change of responsible or a new contact moves a count; other edits leave the monitor as it is.
      return event.previousResponsibleId !== undefined || event.created ? event.companyId : null;
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
  const tell = coalescePerKey(MONITOR_GAP_MS, async (companyId) => {
    // Nobody watching (no supervisor connected to this process or another): nothing to read.
    if ((await supervising(companyId).fetchSockets()).length === 0) return;
    const snapshot = await monitorSnapshot({ db: deps.db, companyId }, presence);
    supervising(companyId).emit('monitor.changed', snapshot);
  });
  const told = (companyId: string) =>
    tell(companyId).catch((error: unknown) =>
      deps.log.warn({ err: error, companyId }, 'could not bring the monitor up to date'),
    );
  io.on('connection', (socket) => {
    const { companyId } = socket.data.auth;
    void told(companyId);
    socket.on('disconnect', () => void told(companyId));
  });
  return deps.bus.subscribe((event) => {
    const companyId = changesMonitor(event);
    if (companyId) return told(companyId);
  });
}

/** The ids of the company's users with a socket on any process (the adapter asks the others). */
export function socketPresence(io: RealtimeServer) {
  return async (companyId: string): Promise<Set<string>> => {
    const sockets = await io.in(rooms.company(companyId)).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.auth.userId));
  };
}

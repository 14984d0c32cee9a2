// Tells the company's supervisors that what the monitor shows changed: pauses, assignments and finishes, the
// queue, calls, customers' ratings, and users connecting or leaving. Coalesced per company (a queue growing by a hundred a second
// asks for one refetch every gap, not a hundred); the Redis adapter carries it to every process's sockets.
import { coalescePerKey } from '../../platform/coalesce.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';

/** The monitor is told at most this often per company (the web also refetches at most twice a second). */
const MONITOR_GAP_MS = 250;

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

export function notifyMonitorChanges(bus: EventBus, io: RealtimeServer): () => void {
  const tell = coalescePerKey(MONITOR_GAP_MS, async (companyId) => {
    io.to(rooms.supervisors(companyId)).emit('monitor.changed', {});
  });
  io.on('connection', (socket) => {
    const { companyId } = socket.data.auth;
    void tell(companyId);
    socket.on('disconnect', () => void tell(companyId));
  });
  return bus.subscribe((event) => {
    const companyId = changesMonitor(event);
    if (companyId) return tell(companyId);
  });
}

/** The ids of the company's users with a socket on any process (the adapter asks the others). */
export function socketPresence(io: RealtimeServer) {
  return async (companyId: string): Promise<Set<string>> => {
    const sockets = await io.in(rooms.company(companyId)).fetchSockets();
    return new Set(sockets.map((socket) => socket.data.auth.userId));
  };
}

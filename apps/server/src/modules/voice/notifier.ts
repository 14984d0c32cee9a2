// Calls and operators live: a call's record as it rings, is answered, transferred, ended or classified reaches
// the customer's room (the open conversation's timeline and call history), the company's supervisors (the call
// history) and the call's operator; the company's online operators reach every console of the company.
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { findCallByCallId } from './calls.ts';
import { presentCall } from './presenter.ts';

export function notifyCalls(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type === 'operators.changed') {
      io.to(rooms.company(event.companyId)).emit('phone.operators', { data: event.operators });
      return;
    }
    if (event.type !== 'call.changed') return;
    const row = await findCallByCallId(db, event.companyId, event.callId);
    if (!row) return;
    const targets = [rooms.supervisors(event.companyId)];
    if (row.contactId) targets.push(rooms.contact(row.contactId));
    if (row.operatorId) targets.push(rooms.user(row.operatorId));
    io.to(targets).emit('call.changed', presentCall(row));
  });
}

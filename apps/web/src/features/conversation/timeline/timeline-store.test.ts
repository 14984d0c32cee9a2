// The timeline's rules: newest first, one entry per message or event, statuses forward only, optimistic sends replaced.
import { describe, expect, it } from 'vitest';
import {
  callItem,
  callRecord,
  contactEvent,
  eventItem,
  item,
  message,
  messageOf,
} from '../../../test/messages.ts';
import {
  applyStatus,
  emptyTimeline,
  itemId,
  localIdOf,
  mergePage,
  oldestAnchor,
  upsertEvent,
  upsertMessage,
  type Timeline,
} from './timeline-store.ts';

const ids = (timeline: Timeline) => timeline.items.map(itemId);

describe('timeline store', () => {
  const [a, b, c, d] = [message(), message(), message(), message()];

  it('keeps items newest first when pages arrive in any order, without duplicates', () => {
    const latest = mergePage(emptyTimeline, { data: [item(d), item(c)], has_more: true }, false);
    expect(latest.hasMore).toBe(true);
    const older = mergePage(latest, { data: [item(c), item(b), item(a)], has_more: false }, true);
    expect(ids(older)).toEqual([d.id, c.id, b.id, a.id]);
    expect(older.hasMore).toBe(false);
    // A resync of the latest page does not bring back has_more of the older pages.
    expect(mergePage(older, { data: [item(d), item(c)], has_more: true }, false).hasMore).toBe(false);
  });

  it('orders items that share a timestamp by id, so pages anchored on (created_at, id) line up', () => {
    const same = d.created_at;
    const x = message({ created_at: same });
    const timeline = mergePage(
      emptyTimeline,
      { data: [item({ ...x, created_at: same }), item(d)], has_more: false },
      false,
    );
    expect(ids(timeline)).toEqual([x.id, d.id].sort().reverse());
  });

  it('dedupes a realtime message already loaded and replaces the optimistic copy of a send', () => {
    const start = mergePage(emptyTimeline, { data: [item(b), item(a)], has_more: false }, false);
    const local = message({ id: localIdOf('client-1'), direction: 'out', status: 'pending' });
    const withLocal = upsertMessage(start, local);
    expect(ids(withLocal)[0]).toBe(local.id);
    const real = message({ direction: 'out', status: 'pending', client_id: 'client-1' });
    // message.created may come before the POST answer: the message shows once from the first of them.
    const echoed = upsertMessage(withLocal, real);
    expect(ids(echoed)).toEqual([real.id, b.id, a.id]);
    const answered = upsertMessage(echoed, real);
    expect(ids(answered)).toEqual([real.id, b.id, a.id]);
    expect(oldestAnchor(answered)).toEqual({ created_at: a.created_at, id: a.id });
  });

  it('moves statuses forward only: a late "delivered" never undoes "read"; failed shows its reason', () => {
    const sent = message({ direction: 'out', status: 'pending' });
    let timeline = mergePage(emptyTimeline, { data: [item(sent)], has_more: false }, false);
    const event = (
      status: 'sent' | 'delivered' | 'read' | 'failed',
      second: number,
      reason: string | null = null,
    ) => ({
      id: sent.id,
      contact_id: sent.contact_id,
      status,
      failure_reason: reason,
      updated_at: new Date(Date.parse(sent.updated_at) + second * 1000).toISOString(),
    });
    timeline = applyStatus(timeline, event('sent', 1));
    timeline = applyStatus(timeline, event('read', 3));
    const unchanged = applyStatus(timeline, event('delivered', 2));
    expect(unchanged).toBe(timeline);
    expect(messageOf(timeline.items[0])?.status).toBe('read');

    let failing = mergePage(emptyTimeline, { data: [item(sent)], has_more: false }, false);
    failing = applyStatus(failing, event('failed', 1, 'número inválido'));
    expect(messageOf(failing.items[0])).toMatchObject({
      status: 'failed',
      failure_reason: 'número inválido',
    });
    // A stale "sent" arriving after the failure is ignored.
    expect(messageOf(applyStatus(failing, event('sent', 0)).items[0])?.status).toBe('failed');
  });

  it('keeps calls among messages but never anchors an older page on a call (pages are bounded by the rest)', () => {
    const [older, call] = [message(), callRecord()];
    const timeline = mergePage(emptyTimeline, { data: [callItem(call), item(older)], has_more: true }, false);
    expect(ids(timeline)).toEqual([call.id, older.id]);
    const onlyCall = mergePage(emptyTimeline, { data: [callItem(callRecord())], has_more: true }, false);
    expect(oldestAnchor(timeline)).toEqual({ created_at: older.created_at, id: older.id });
    expect(oldestAnchor(onlyCall)).toBeNull();
  });

  it('keeps events among messages by time, once each, and anchors older pages on them too', () => {
    const [older, registered, newer] = [
      message(),
      contactEvent(),
      message({ direction: 'out', status: 'sent' }),
    ];
    let timeline = mergePage(
      emptyTimeline,
      { data: [item(newer), eventItem(registered)], has_more: true },
      false,
    );
    timeline = upsertEvent(timeline, registered);
    expect(ids(timeline)).toEqual([newer.id, registered.id]);
    expect(oldestAnchor(timeline)).toEqual({ created_at: registered.created_at, id: registered.id });
    timeline = mergePage(timeline, { data: [item(older)], has_more: false }, true);
    expect(timeline.items.map((entry) => entry.type)).toEqual(['message', 'event', 'message']);
    // A status change or a removal of a message never touches an event.
    const status = { ...newer, status: 'read' as const, updated_at: new Date().toISOString() };
    const read = applyStatus(timeline, { ...status, failure_reason: null });
    expect(messageOf(read.items[0])?.status).toBe('read');
    expect(read.items[1]).toBe(timeline.items[1]);
  });
});

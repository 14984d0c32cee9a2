// The rows of the timeline: oldest first, a day separator per day, events kept under the channel filter.
import { describe, expect, it } from 'vitest';
import {
  callItem,
  callRecord,
  contactEvent,
  EMAIL,
  eventItem,
  item,
  message,
} from '../../../test/messages.ts';
import { buildRows } from './timeline-rows.ts';

describe('timeline rows', () => {
  it('shows events between messages in time order and keeps them when filtering by channel', () => {
    const first = message();
    const registered = contactEvent();
    const byEmail = message({ channel: { id: EMAIL, type: 'email' } });
    const newestFirst = [item(byEmail), eventItem(registered), item(first)];
    const rows = buildRows(newestFirst, 'America/Sao_Paulo', null);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'event', 'message']);
    expect(rows[2]).toMatchObject({ kind: 'event', event: { id: registered.id } });
    const filtered = buildRows(newestFirst, 'America/Sao_Paulo', first.channel.id);
    expect(filtered.map((row) => row.kind)).toEqual(['day', 'message', 'event']);
    // Row keys never collide between a message and an event.
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('shows the customer’s calls between messages, kept under the channel filter', () => {
    const first = message();
    const call = callRecord();
    const byEmail = message({ channel: { id: EMAIL, type: 'email' } });
    const newestFirst = [item(byEmail), callItem(call), item(first)];
    const rows = buildRows(newestFirst, 'America/Sao_Paulo', first.channel.id);
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'call']);
    expect(rows[2]).toMatchObject({ kind: 'call', key: `call:${call.id}`, call: { id: call.id } });
  });
});

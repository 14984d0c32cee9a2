// Thread events and pages: the list stays ordered by activity without duplicates; messages stay newest first,
// once each, when live messages and older pages meet.
import type { Thread, ThreadMessage } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { CONTACT } from '../../../test/messages.ts';
import { mergeOlderThreadPage, mergeThread, mergeThreadMessage } from './thread-cache.ts';

const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, second)).toISOString();
const thread = (id: string, second: number): Thread => ({
  id,
  contact_id: CONTACT,
  name: `Tópico ${id}`,
  privacy: 'public',
  author: { id: null, name: 'Ana' },
  messages_count: 0,
  last_activity_at: at(second),
  created_at: at(0),
});
const note = (id: string, second: number): ThreadMessage => ({
  id,
  thread_id: 't',
  author: { id: null, name: 'Ana' },
  text: id,
  created_at: at(second),
});

describe('thread cache', () => {
  it('keeps threads by last activity, replacing an updated one', () => {
    const list = mergeThread({ data: [thread('a', 1), thread('b', 2)] }, thread('a', 3));
    expect(list.data.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(list.data).toHaveLength(2);
  });

  it('merges live messages and older pages newest first, once each', () => {
    const live = mergeThreadMessage({ data: [note('m2', 2)], has_more: true }, note('m3', 3));
    const again = mergeThreadMessage(live, note('m3', 3));
    const older = mergeOlderThreadPage(again, { data: [note('m2', 2), note('m1', 1)], has_more: false });
    expect(older.data.map((entry) => entry.id)).toEqual(['m3', 'm2', 'm1']);
    expect(older.has_more).toBe(false);
  });
});

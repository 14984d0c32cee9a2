// The latency history: 15 minutes of probes kept in localStorage (older ones pruned on each probe and on
// load), its summary, and when the sidebar flags a bad connection.
import { LATENCY_BAD_MS, LATENCY_HISTORY_MS } from '@atende/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  isBadConnection,
  LATENCY_STORAGE_KEY,
  pruneRecords,
  recordLatency,
  summarise,
  useLatencyStore,
  type LatencyRecord,
} from './latency-store.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const at = (msAgo: number, ms: number | null): LatencyRecord => ({
  uuid: `u${msAgo}`,
  ms,
  datetime: new Date(NOW - msAgo).toISOString(),
});
const stored = (): LatencyRecord[] => JSON.parse(localStorage.getItem(LATENCY_STORAGE_KEY) ?? '[]');

beforeEach(() => {
  localStorage.clear();
  useLatencyStore.setState({ records: [], clockOffset: null });
});

describe('the latency history', () => {
  it('keeps exactly the last 15 minutes', () => {
    const records = [
      at(LATENCY_HISTORY_MS + 1, 40),
      at(LATENCY_HISTORY_MS, 41),
      at(LATENCY_HISTORY_MS - 1, 42),
    ];
    expect(pruneRecords(records, NOW).map((record) => record.ms)).toEqual([42]);
  });

  it('stores each probe with a uuid and prunes older ones as it goes', () => {
    useLatencyStore.setState({ records: [at(LATENCY_HISTORY_MS + 5_000, 90), at(60_000, 30)] });
    recordLatency(55, NOW, -12);
    const records = useLatencyStore.getState().records;
    expect(records.map((record) => record.ms)).toEqual([30, 55]);
    expect(records[1]).toMatchObject({ datetime: new Date(NOW).toISOString() });
    expect(records[1]!.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored()).toEqual(records);
    expect(useLatencyStore.getState().clockOffset).toBe(-12);

    // Sixteen minutes later, one probe leaves only itself.
    recordLatency(null, NOW + 16 * 60_000);
    expect(stored().map((record) => record.ms)).toEqual([null]);
    expect(useLatencyStore.getState().clockOffset).toBe(-12);
  });

  it('summarises current, average and maximum of the answered probes, counting the lost', () => {
    expect(summarise([])).toEqual({ current: null, average: null, maximum: null, lost: 0, count: 0 });
    expect(summarise([at(3, 40), at(2, null), at(1, 81)])).toEqual({
      current: 81,
      average: 61,
      maximum: 81,
      lost: 1,
      count: 3,
    });
    expect(summarise([at(2, 40), at(1, null)]).current).toBeNull();
  });

  it('flags a bad connection when most recent probes are slow or lost, not for one spike', () => {
    const slow = LATENCY_BAD_MS + 1;
    expect(isBadConnection([])).toBe(false);
    expect(isBadConnection([at(3, 50), at(2, 60), at(1, slow)])).toBe(false);
    expect(isBadConnection([at(3, 50), at(2, slow), at(1, null)])).toBe(true);
    expect(isBadConnection([at(1, null)])).toBe(true);
    expect(isBadConnection([at(4, null), at(3, null), at(2, 50), at(1, 60)])).toBe(false);
  });
});

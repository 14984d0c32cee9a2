// The latency history (spec §3 Latency record, §9): one record per probe of the realtime connection — its
// uuid, round trip in ms (null when unanswered) and time — kept in this browser's localStorage for 15 minutes,
// with what the modal and the sidebar read from it.
import { LATENCY_BAD_MS, LATENCY_BAD_WINDOW, LATENCY_HISTORY_MS } from '@atende/contract';
import { create } from 'zustand';

export interface LatencyRecord {
  uuid: string;
  /** The round trip; null: the probe went unanswered (timed out or not connected). */
  ms: number | null;
  datetime: string;
}

export interface LatencySummary {
  current: number | null;
  average: number | null;
  maximum: number | null;
  lost: number;
  count: number;
}

export const LATENCY_STORAGE_KEY = 'atende.latency';

/** The records of the last 15 minutes before `now`. */
export const pruneRecords = (records: readonly LatencyRecord[], now: number): LatencyRecord[] =>
  records.filter((record) => Date.parse(record.datetime) > now - LATENCY_HISTORY_MS);

export function summarise(records: readonly LatencyRecord[]): LatencySummary {
  const answered = records.flatMap((record) => (record.ms === null ? [] : [record.ms]));
  const last = records.at(-1);
  return {
    current: last?.ms ?? null,
    average: answered.length ? Math.round(answered.reduce((sum, ms) => sum + ms, 0) / answered.length) : null,
    maximum: answered.length ? Math.max(...answered) : null,
    lost: records.length - answered.length,
    count: records.length,
  };
}

/** Most of the last few probes slow or lost: flagged before the attendant notices, not for one spike. */
export function isBadConnection(records: readonly LatencyRecord[]): boolean {
  const recent = records.slice(-LATENCY_BAD_WINDOW);
  const bad = recent.filter((record) => record.ms === null || record.ms > LATENCY_BAD_MS).length;
  return recent.length > 0 && bad * 2 > recent.length;
}

const load = (): LatencyRecord[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LATENCY_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? pruneRecords(parsed as LatencyRecord[], Date.now()) : [];
  } catch {
    return [];
  }
};

const save = (records: readonly LatencyRecord[]): void => {
  try {
    localStorage.setItem(LATENCY_STORAGE_KEY, JSON.stringify(records));
  } catch {
    // Storage disabled or full: the history lasts as long as the tab.
  }
};

interface LatencyState {
  records: LatencyRecord[];
  /** The server's clock minus this browser's, from the last answered probe (ms). */
  clockOffset: number | null;
}

export const useLatencyStore = create<LatencyState>()(() => ({ records: load(), clockOffset: null }));

/** Adds a probe's result, dropping what is older than 15 minutes, and stores the history. */
export function recordLatency(ms: number | null, now = Date.now(), clockOffset?: number): void {
  const record: LatencyRecord = { uuid: crypto.randomUUID(), ms, datetime: new Date(now).toISOString() };
  const records = [...pruneRecords(useLatencyStore.getState().records, now), record];
  save(records);
  useLatencyStore.setState((state) => ({ records, clockOffset: clockOffset ?? state.clockOffset }));
}

/** Bytes the stored history takes (UTF-16 in localStorage). */
export const storedBytes = (): number => {
  try {
    return (localStorage.getItem(LATENCY_STORAGE_KEY)?.length ?? 0) * 2;
  } catch {
    return 0;
  }
};

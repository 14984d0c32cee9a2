// A broadcast's progress: the share of its recipients whose message has an outcome (or was cancelled).
import type { BroadcastCounts } from '@atende/contract';

export function progressOf(counts: BroadcastCounts): number {
  if (counts.total === 0) return 100;
  const done = counts.total - counts.queued;
  return Math.round((done / counts.total) * 100);
}

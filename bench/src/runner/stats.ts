// Latency summaries: percentiles of a list of durations in milliseconds.
export type Latency = { p50: number; p95: number; p99: number; max: number; count: number };

export function summarise(durations: number[]): Latency {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    count: sorted.length,
  };
}

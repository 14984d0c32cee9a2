// The history's round trips as a small line (inline SVG): lost probes break the line and mark the bottom.
import { LATENCY_BAD_MS } from '@atende/contract';
import type { LatencyRecord } from './latency-store.ts';

const WIDTH = 360;
const HEIGHT = 80;

export function LatencySparkline({ records, label }: { records: readonly LatencyRecord[]; label: string }) {
  const top = Math.max(LATENCY_BAD_MS, ...records.map((record) => record.ms ?? 0));
  const x = (index: number) => (records.length < 2 ? WIDTH / 2 : (index / (records.length - 1)) * WIDTH);
  const y = (ms: number) => HEIGHT - (ms / top) * (HEIGHT - 4) - 2;
  // One path segment per run of answered probes.
  const path = records
    .map((record, index) => {
      if (record.ms === null) return '';
      const joined = index > 0 && records[index - 1]?.ms !== null;
      return `${joined ? 'L' : 'M'}${x(index).toFixed(1)},${y(record.ms).toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
      role="img"
      aria-label={label}
      data-testid="latency-chart"
      style={{ display: 'block' }}
    >
      <line
        x1={0}
        x2={WIDTH}
        y1={y(LATENCY_BAD_MS)}
        y2={y(LATENCY_BAD_MS)}
        stroke="var(--mantine-color-red-4)"
        strokeDasharray="4 4"
      />
      <path d={path} fill="none" stroke="var(--mantine-color-brand-6, #29a4ff)" strokeWidth={2} />
      {records.map((record, index) =>
        record.ms === null ? (
          <circle key={record.uuid} cx={x(index)} cy={HEIGHT - 3} r={3} fill="var(--mantine-color-red-6)" />
        ) : null,
      )}
    </svg>
  );
}

// The analytics page's rules without a screen: the subject picker's value as the query's subject, and the
// day statistics' cells summed into the heat map (weekday × hour) and into bars by hour or weekday per channel.
import type { DayStats } from '@atende/contract';
import type { AnalyticsParams } from './analytics-api.ts';

type Cell = DayStats['cells'][number];

/** `user:<id>`, `team:<id>` or `company` as the query's user_id / team_id (none: the whole company). */
export const subjectParams = (subject: string): Pick<AnalyticsParams, 'user_id' | 'team_id'> =>
  subject.startsWith('user:')
    ? { user_id: subject.slice(5) }
    : subject.startsWith('team:')
      ? { team_id: subject.slice(5) }
      : {};

/** Messages both ways: what the charts count. */
export const volume = (cell: Cell): number => cell.messages_in + cell.messages_out;

/** grid[weekday][hour], every channel summed. */
export function heatGrid(cells: readonly Cell[]): number[][] {
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const cell of cells) grid[cell.weekday]![cell.hour]! += volume(cell);
  return grid;
}

/** One row per hour (0-23) or weekday (0-6), one column per channel kind present. */
export function barsBy(
  cells: readonly Cell[],
  axis: 'hour' | 'weekday',
  kinds: readonly string[],
): Record<string, number>[] {
  const length = axis === 'hour' ? 24 : 7;
  return Array.from({ length }, (_, at) => {
    const row: Record<string, number> = { [axis]: at };
    for (const kind of kinds) row[kind] = 0;
    for (const cell of cells) if (cell[axis] === at) row[cell.kind] = (row[cell.kind] ?? 0) + volume(cell);
    return row;
  });
}

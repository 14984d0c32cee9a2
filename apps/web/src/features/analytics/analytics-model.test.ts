import type { DayStats } from '@atende/contract';
import { histogramQuantile } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { dayIn } from './analytics-api.ts';
import { barsBy, heatGrid, subjectParams } from './analytics-model.ts';

const cells: DayStats['cells'] = [
  { kind: 'whatsapp', weekday: 1, hour: 9, messages_in: 3, messages_out: 2, attended: 1 },
  { kind: 'email', weekday: 1, hour: 9, messages_in: 1, messages_out: 0, attended: 0 },
  { kind: 'whatsapp', weekday: 5, hour: 23, messages_in: 0, messages_out: 4, attended: 0 },
];

describe('contacts analytics', () => {
  it('turns the subject picker into the query: an attendant, a team, or the whole company', () => {
    expect(subjectParams('user:u1')).toEqual({ user_id: 'u1' });
    expect(subjectParams('team:t1')).toEqual({ team_id: 't1' });
    expect(subjectParams('company')).toEqual({});
  });

  it('sums cells into the heat map and into bars per channel', () => {
    const grid = heatGrid(cells);
    expect(grid[1]![9]).toBe(6);
    expect(grid[5]![23]).toBe(4);
    expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(10);
    const byHour = barsBy(cells, 'hour', ['email', 'whatsapp']);
    expect(byHour).toHaveLength(24);
    expect(byHour[9]).toEqual({ hour: 9, email: 1, whatsapp: 5 });
    expect(byHour[0]).toEqual({ hour: 0, email: 0, whatsapp: 0 });
    expect(barsBy(cells, 'weekday', ['whatsapp'])[5]).toEqual({ weekday: 5, whatsapp: 4 });
  });

  it('takes today in the company’s zone, and reads median and p90 from the histogram', () => {
    // 02:30 UTC on the 10th is still the 9th in São Paulo.
    expect(dayIn(new Date('2024-05-10T02:30:00Z'), 'America/Sao_Paulo')).toBe('2024-05-09');
    expect(dayIn(new Date('2024-05-10T03:00:00Z'), 'America/Sao_Paulo')).toBe('2024-05-10');
    const histogram = new Array<number>(26).fill(0);
    histogram[6] = 9; // [60, 90) seconds
    histogram[10] = 1; // [300, 450)
    expect(histogramQuantile(histogram, 0.5)).toBeGreaterThanOrEqual(60);
    expect(histogramQuantile(histogram, 0.5)).toBeLessThan(90);
    expect(histogramQuantile(histogram, 0.9)).toBeLessThanOrEqual(90);
    expect(histogramQuantile(histogram, 0.95)).toBeGreaterThanOrEqual(300);
    expect(histogramQuantile(new Array<number>(26).fill(0), 0.5)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { coalescePerKey } from './coalesce.ts';

describe('coalescePerKey', () => {
  it('runs a burst as one run now and one after it, and every call settles after a run that saw it', async () => {
    let state = 0;
    const seen: string[] = [];
    const run = coalescePerKey(20, async (key) => {
      seen.push(`${key}:${state}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const calls: Promise<void>[] = [];
    for (let i = 1; i <= 10; i++) {
      state = i;
      calls.push(run('a'));
    }
    calls.push(run('b'));
    await Promise.all(calls);
    // The first call ran at once; the nine during it shared one run, which saw the last state.
    expect(seen).toEqual(['a:1', 'b:10', 'a:10']);
  });

  it('runs again at once after a quiet gap, and hands a failure to the calls it covered', async () => {
    let runs = 0;
    const run = coalescePerKey(1, async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
    });
    await expect(run('a')).rejects.toThrow('boom');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await run('a');
    expect(runs).toBe(2);
  });
});

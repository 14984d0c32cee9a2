import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeat } from './heartbeat.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('beats every 30 s', async () => {
    const beat = vi.fn().mockResolvedValue({});
    const heartbeat = createHeartbeat({ beat, onLost: vi.fn() });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(beat).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(3);
    heartbeat.stop();
  });

  it('stops after more than 5 consecutive failures and reports the loss once', async () => {
    const beat = vi.fn().mockRejectedValue(new Error('offline'));
    const onLost = vi.fn();
    const heartbeat = createHeartbeat({ beat, onLost });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(onLost).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beat).toHaveBeenCalledTimes(6);
    expect(onLost).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(beat).toHaveBeenCalledTimes(6);
  });

  it('a success resets the count of consecutive failures', async () => {
    const onLost = vi.fn();
    const beat = vi
      .fn()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockRejectedValueOnce(new Error('3'))
      .mockResolvedValueOnce({})
      .mockRejectedValue(new Error('again'));
    const heartbeat = createHeartbeat({ beat, onLost });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(9 * 30_000);
    expect(onLost).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('retry: beats at once and, on success, resumes the timer', async () => {
    const beat = vi.fn().mockRejectedValue(new Error('offline'));
    const onLost = vi.fn();
    const onRestored = vi.fn();
    const heartbeat = createHeartbeat({ beat, onLost, onRestored });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(6 * 30_000);
    expect(onLost).toHaveBeenCalledTimes(1);

    await heartbeat.retry();
    expect(beat).toHaveBeenCalledTimes(7);
    expect(onRestored).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beat).toHaveBeenCalledTimes(7);

    beat.mockResolvedValue({});
    await heartbeat.retry();
    expect(onRestored).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beat).toHaveBeenCalledTimes(9);
    heartbeat.stop();
  });
});

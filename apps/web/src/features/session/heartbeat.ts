// Session heartbeat (spec §9): a beat every 30 s; more than 5 consecutive failures stop it until a retry.
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_MAX_FAILURES } from '@atende/contract';

export interface HeartbeatOptions {
  beat: () => Promise<unknown>;
  onLost: () => void;
  onRestored?: () => void;
  intervalMs?: number;
  maxFailures?: number;
}

export interface Heartbeat {
  start: () => void;
  stop: () => void;
  /** After the connection was lost: beat once now; on success forget the failures and resume the timer. */
  retry: () => Promise<void>;
  readonly failures: number;
}

export function createHeartbeat({
  beat,
  onLost,
  onRestored,
  intervalMs = HEARTBEAT_INTERVAL_MS,
  maxFailures = HEARTBEAT_MAX_FAILURES,
}: HeartbeatOptions): Heartbeat {
  let timer: ReturnType<typeof setInterval> | null = null;
  let failures = 0;
  let lost = false;

  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const tick = async (): Promise<void> => {
    try {
      await beat();
      failures = 0;
      if (lost) {
        lost = false;
        onRestored?.();
      }
    } catch {
      failures += 1;
      if (failures > maxFailures && !lost) {
        lost = true;
        stop();
        onLost();
      }
    }
  };

  const start = (): void => {
    if (timer === null) timer = setInterval(() => void tick(), intervalMs);
  };

  return {
    start,
    stop,
    retry: async () => {
      stop();
      try {
        await beat();
      } catch {
        // Still unreachable: stay stopped and keep telling the user.
        return;
      }
      failures = 0;
      if (lost) {
        lost = false;
        onRestored?.();
      }
      start();
    },
    get failures() {
      return failures;
    },
  };
}

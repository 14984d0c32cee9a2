// A provider's throughput limit (WhatsApp Cloud 80 messages a second per number, Telegram 30 a second per bot):
// sends beyond `perSecond` within any one-second window are refused as the provider refuses them, and counted,
// so a test can tell whether our sender kept to the pace.

export type Throughput = {
  /** Whether one more send fits in the last second (it is then counted as sent). */
  take(): boolean;
  /** How many sends were refused for going too fast. */
  readonly refused: number;
};

export function throughputLimit(perSecond: number | undefined, now: () => number = Date.now): Throughput {
  const accepted: number[] = [];
  let refused = 0;
  return {
    take() {
      if (perSecond === undefined) return true;
      const at = now();
      while (accepted.length > 0 && accepted[0]! <= at - 1000) accepted.shift();
      if (accepted.length >= perSecond) {
        refused++;
        return false;
      }
      accepted.push(at);
      return true;
    },
    get refused() {
      return refused;
    },
  };
}

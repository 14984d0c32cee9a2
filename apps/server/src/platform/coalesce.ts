// Work that only has to reflect the latest state (a count broadcast after each change, say) run as rarely as
// stays correct under a burst of changes.

type Waiter = { promise: Promise<void>; resolve(): void; reject(error: unknown): void };

/**
 * `work(key)` for a burst of calls with the same key: the first call runs at once; every call made while it
 * runs, or within `gapMs` of its start, shares one more run after that. A call resolves (or rejects) with a run
 * that started after it, so the last state is always worked on; runs of one key never overlap.
 */
export function coalescePerKey(
  gapMs: number,
  work: (key: string) => Promise<void>,
): (key: string) => Promise<void> {
  const queued = new Map<string, { next: Waiter | null }>();

  async function drain(key: string, slot: { next: Waiter | null }, first: Waiter): Promise<void> {
    for (let current: Waiter | null = first; current; current = slot.next, slot.next = null) {
      const started = Date.now();
      try {
        await work(key);
        current.resolve();
      } catch (error) {
        current.reject(error);
      }
      const rest = gapMs - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref());
    }
    queued.delete(key);
  }

  return (key) => {
    const slot = queued.get(key);
    if (slot) return (slot.next ??= waiter()).promise;
    const fresh = { next: null };
    queued.set(key, fresh);
    const first = waiter();
    void drain(key, fresh, first);
    return first.promise;
  };
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

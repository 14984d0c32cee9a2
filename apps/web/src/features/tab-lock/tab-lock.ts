// One active tab per browser (spec §4 "Multi-tab"): the active Live tab holds a Web Lock; a second tab finds
// it taken and shows open.page; "Usar Aqui" steals the lock, and the former holder learns it lost it.
import { create } from 'zustand';

const LOCK_NAME = 'atende.active-tab';

/** idle: this tab has not asked; active: holds the lock; inactive: another tab holds it. */
export type TabStatus = 'idle' | 'active' | 'inactive';

interface TabState {
  status: TabStatus;
}

export const useTabStore = create<TabState>()(() => ({ status: 'idle' }));

const setStatus = (status: TabStatus): void => useTabStore.setState({ status });

let releaseHeld: (() => void) | null = null;
let pendingClaim: Promise<boolean> | null = null;

const lockManager = (): LockManager | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;

function requestLock(steal: boolean): Promise<boolean> {
  const locks = lockManager();
  // Without Web Locks (very old browsers) every tab works on its own, as before this feature existed.
  if (!locks) {
    setStatus('active');
    return Promise.resolve(true);
  }
  return new Promise<boolean>((resolve) => {
    let acquired = false;
    const options: LockOptions = steal ? { steal: true } : { ifAvailable: true };
    locks
      .request(LOCK_NAME, options, (lock) => {
        if (!lock) {
          setStatus('inactive');
          resolve(false);
          return undefined;
        }
        acquired = true;
        setStatus('active');
        resolve(true);
        // Held until released (logout) or stolen by another tab.
        return new Promise<void>((release) => {
          releaseHeld = release;
        });
      })
      .then(
        () => {
          if (acquired) releaseHeld = null;
        },
        (error: unknown) => {
          releaseHeld = null;
          // AbortError: another tab chose "Usar Aqui" and stole the lock.
          if (acquired) setStatus('inactive');
          else {
            console.error('Active-tab lock request failed', error);
            setStatus('inactive');
            resolve(false);
          }
        },
      );
  });
}

/** Makes this tab the active one if no other tab is; resolves whether it is active. */
export function claimTab(): Promise<boolean> {
  if (useTabStore.getState().status === 'active') return Promise.resolve(true);
  pendingClaim ??= requestLock(false).finally(() => {
    pendingClaim = null;
  });
  return pendingClaim;
}

/** "Usar Aqui": takes the active role from whichever tab holds it. */
export function takeOverTab(): Promise<boolean> {
  if (useTabStore.getState().status === 'active') return Promise.resolve(true);
  return requestLock(true);
}

/** Gives the active role up (logout, session end) so another tab may take it without a prompt. */
export function releaseTab(): void {
  const release = releaseHeld;
  releaseHeld = null;
  setStatus('idle');
  release?.();
}

// A Web Locks stand-in shared by "tabs" (module instances) in one test: ifAvailable and steal semantics.
type Holder = { reject: (reason: unknown) => void };

export class FakeLockManager {
  private holders = new Map<string, Holder>();

  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    const held = this.holders.get(name);
    if (options.ifAvailable && held) return Promise.resolve(callback(null));
    if (options.steal && held) {
      this.holders.delete(name);
      held.reject(new DOMException('The lock was stolen', 'AbortError'));
    }
    return new Promise((resolve, reject) => {
      const holder: Holder = { reject };
      this.holders.set(name, holder);
      Promise.resolve(callback({ name, mode: 'exclusive' })).then((value) => {
        if (this.holders.get(name) === holder) this.holders.delete(name);
        resolve(value);
      }, reject);
    });
  }

  isHeld(name: string): boolean {
    return this.holders.has(name);
  }
}

// Calls waiting for news of a key (another call's answer or outcome), woken when it is announced
// or when their wait runs out: waiting costs no reads while nothing happens.

export class Waiters {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Wakes every call waiting on `key`. */
  wake(key: string): void {
    const woken = this.waiting.get(key);
    if (!woken) return;
    this.waiting.delete(key);
    for (const wake of woken) wake();
  }

  /** Resolves when `key` is announced, or after `ms` at most. */
  wait(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiting.get(key);
      if (!set) {
        set = new Set();
        this.waiting.set(key, set);
      }
      const mine = set;
      const done = () => {
        clearTimeout(timer);
        mine.delete(done);
        if (mine.size === 0 && this.waiting.get(key) === mine) this.waiting.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      mine.add(done);
    });
  }
}

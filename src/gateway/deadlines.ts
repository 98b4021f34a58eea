// Deadlines of the Redis commands in flight, checked by one timer for them all. A timer (and its
// closures) per command outlived the young generation under load and was promoted to the old one
// with every command: hundreds of megabytes of heap V8 then kept after a burst of misses.

interface Pending {
  due: number;
  fail(check: number): void;
}

export class Deadlines {
  /** In the order sent, which is the order due: one connection answers in the order sent, so a
   *  command is never due before the one ahead of it (see `dueAfter`). */
  private readonly pending = new Set<Pending>();
  private timer: NodeJS.Timeout | undefined;
  /** Numbers the checks: the commands one check fails are one observation of Redis, not several. */
  private checks = 0;
  private last: Pending | undefined;

  /** `ms` between checks: a command fails between its time and its time plus this. */
  constructor(private readonly checkMs: number) {}

  /** `ms` from now, or the time of the last command still waiting if that is later: its answer
   *  comes first, so a command behind a large value is given the large value's time. */
  dueAfter(ms: number): number {
    const own = Date.now() + ms;
    return this.last && this.pending.has(this.last) ? Math.max(own, this.last.due) : own;
  }

  /** Watches a command due at `due` (ms, Date.now's clock); the returned function settles it.
   *  `fail` is told the number of the check that failed it. */
  watch(due: number, fail: (check: number) => void): () => void {
    const entry: Pending = { due, fail };
    this.pending.add(entry);
    this.last = entry;
    this.timer ??= setInterval(() => this.check(), this.checkMs).unref();
    return () => {
      this.pending.delete(entry);
    };
  }

  private check(): void {
    const now = Date.now();
    const check = ++this.checks;
    for (const entry of this.pending) {
      if (entry.due > now) break;
      this.pending.delete(entry);
      // An answer that came in time may be waiting to be read behind a busy event loop:
      // setImmediate lets it be read first, so only a Redis that did not answer fails.
      setImmediate(() => entry.fail(check));
    }
    if (this.pending.size === 0) this.stop();
  }

  /** Fails every command waiting now (`fail` told check 0): Redis is taken for gone, no call waits on it. */
  failAll(): void {
    const all = [...this.pending];
    this.pending.clear();
    this.stop();
    for (const entry of all) entry.fail(0);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

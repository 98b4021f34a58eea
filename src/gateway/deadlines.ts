// Deadlines of the Redis commands in flight, checked by one timer for them all. A timer (and its
// closures) per command outlived the young generation under load and was promoted to the old one
// with every command: hundreds of megabytes of heap V8 then kept after a burst of misses.

interface Pending {
  due: number;
  fail(): void;
}

export class Deadlines {
  /** In the order sent, which is the order due: every command has the same time. */
  private readonly pending = new Set<Pending>();
  private timer: NodeJS.Timeout | undefined;

  /** `ms` between checks: a command fails between its time and its time plus this. */
  constructor(private readonly checkMs: number) {}

  /** Watches a command due at `due` (ms, Date.now's clock); the returned function settles it. */
  watch(due: number, fail: () => void): () => void {
    const entry: Pending = { due, fail };
    this.pending.add(entry);
    this.timer ??= setInterval(() => this.check(), this.checkMs).unref();
    return () => {
      this.pending.delete(entry);
    };
  }

  private check(): void {
    const now = Date.now();
    for (const entry of this.pending) {
      if (entry.due > now) break;
      this.pending.delete(entry);
      // An answer that came in time may be waiting to be read behind a busy event loop:
      // setImmediate lets it be read first, so only a Redis that did not answer fails.
      setImmediate(entry.fail);
    }
    if (this.pending.size === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

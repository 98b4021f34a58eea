// How long Redis takes to answer, as this instance sees it, and so how long a command may take
// before it counts as unanswered. A fixed 50 ms tripped on a Redis that was only busy (a loaded
// machine, a big answer ahead on the connection): the deadline follows the round trips observed,
// late answers included, so a Redis that slows down raises it, and one that stops answering is
// still found out within a few seconds.

/** Round trips kept: the recent past, forgotten after a few hundred commands. */
const WINDOW = 256;
/** The deadline is this many times the recent 99th percentile... */
const TIMES_P99 = 3;
/** ...recomputed every this many round trips (a sort of WINDOW numbers, not one per command). */
const EVERY = 16;
/** The longest any command waits, however slow Redis has been: past it Redis is not busy but gone. */
export const CEILING_MS = 2000;
/** Bytes a value may take per ms on its way to or from Redis, for the time a large value is given:
 *  1 MB/s, far below loopback or a LAN even on a loaded machine. */
const BYTES_PER_MS = 1000;

export class RoundTrips {
  private readonly samples: number[] = [];
  private next = 0;
  private since = 0;
  private current: number;

  /** `floorMs`: the least a command is given (REDIS_COMMAND_MS, or what the operator set). */
  constructor(private readonly floorMs: number) {
    this.current = floorMs;
  }

  /** The longest a command waits at all: the ceiling, or the floor when that is higher. */
  get ceilingMs(): number {
    return Math.max(this.floorMs, CEILING_MS);
  }

  /** A command's answer came `ms` after it was sent (in time or late). */
  record(ms: number): void {
    if (this.samples.length < WINDOW) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % WINDOW;
    // Late answers count at once: they are why the deadline must grow.
    if (++this.since >= EVERY || ms * TIMES_P99 > this.current) this.recompute();
  }

  private recompute(): void {
    this.since = 0;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    this.current = Math.min(this.ceilingMs, Math.max(this.floorMs, Math.ceil(p99 * TIMES_P99)));
  }

  /** The time a command is given now; `bytes` of value sent, or `large` for a value read whose size
   *  is not known before it comes (an answer's body): that one gets the ceiling. */
  deadlineMs(bytes = 0, large = false): number {
    if (large) return this.ceilingMs;
    return this.current + Math.ceil(bytes / BYTES_PER_MS);
  }
}

// One timer for every deadline of the add-in's gate. A sheet recalculating thousands of cells has
// thousands of callers waiting at once, each bounded; a timer of their own each (set, cleared when
// the answer comes first, as it nearly always does, and set again when a queued request is sent)
// put two or three timer calls on every request's path. Here the deadlines wait in a heap,
// earliest first, and one timer is armed at the earliest: when it fires it ends whoever is due and
// is armed again for the next. A deadline earlier than the armed one re-arms it; a caller that
// leaves before its deadline leaves the timer as it is (it fires, finds nothing due, and is armed
// for the next), so most callers cost no timer call at all. No timer stays armed while nothing
// waits.
//
// The deadlines are read on a monotonic clock (the gate's: performance.now), as the browser's own
// timers are, never on the time of day. A system clock stepped while callers wait (a time sync, a
// change by hand) would otherwise move every deadline at once: stepped forward, the next firing
// would find them all due and end every waiting caller as timed out; stepped back, they would wait
// that much longer. A timer of one's own per caller would have done neither.

/** setTimeout and clearTimeout, called as plain functions (a browser's refuse to run as another
 *  object's methods); tests count them. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

export const TIMERS: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** One bounded wait: `due` runs once its deadline has come, unless it was removed before. */
export interface Deadline {
  /** When it is due, on the board's clock (`time()`). */
  at: number;
  due(): void;
  /** Its place in the heap; -1 while it is not on the board. */
  slot: number;
}

export class DeadlineBoard {
  private readonly heap: Deadline[] = [];
  private timer: unknown;
  /** The deadline the timer is armed for; undefined while none is armed. */
  private armedFor: number | undefined;
  private firing = false;

  /** `clock`: monotonic milliseconds (never stepped, never going back), as the timers count them. */
  constructor(
    private readonly clock: () => number,
    private readonly timers: Timers,
  ) {}

  /** The board's time, on which deadlines are set: its monotonic clock's. */
  time(): number {
    return this.clock();
  }

  /** Deadlines waiting now (for tests). */
  get size(): number {
    return this.heap.length;
  }

  /** Puts `deadline` on the board, or moves it to its new `at` if it is already there. */
  set(deadline: Deadline): void {
    if (deadline.slot < 0) {
      deadline.slot = this.heap.length;
      this.heap.push(deadline);
    }
    this.up(deadline.slot);
    this.down(deadline.slot);
    this.arm();
  }

  /** Takes `deadline` off the board (it will not be due); nothing if it is not on it. */
  remove(deadline: Deadline): void {
    const slot = deadline.slot;
    if (slot < 0) return;
    deadline.slot = -1;
    const last = this.heap.pop() as Deadline;
    if (last !== deadline) {
      this.heap[slot] = last;
      last.slot = slot;
      this.up(slot);
      this.down(slot);
    }
    // Nothing waits: no timer stays armed (an earlier armed one is simply left to fire).
    if (this.heap.length === 0) this.disarm();
  }

  private disarm(): void {
    if (this.armedFor === undefined) return;
    this.timers.clear(this.timer);
    this.armedFor = undefined;
    this.timer = undefined;
  }

  /** Armed at the earliest deadline, unless already armed at or before it. */
  private arm(): void {
    if (this.firing) return;
    const first = this.heap[0];
    if (first === undefined) {
      this.disarm();
      return;
    }
    if (this.armedFor !== undefined && this.armedFor <= first.at) return;
    this.disarm();
    const at = first.at;
    this.armedFor = at;
    this.timer = this.timers.set(() => this.fire(at), Math.max(0, at - this.time()));
  }

  /** The timer armed for `at` fired: that moment has come, whatever a coarse clock says. */
  private fire(at: number): void {
    this.armedFor = undefined;
    this.timer = undefined;
    const reached = Math.max(this.time(), at);
    this.firing = true;
    try {
      while (this.heap.length > 0 && this.heap[0].at <= reached) {
        const first = this.heap[0];
        this.remove(first);
        first.due();
      }
    } finally {
      this.firing = false;
      this.arm();
    }
  }

  private up(slot: number): void {
    const heap = this.heap;
    const moving = heap[slot];
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (heap[parent].at <= moving.at) break;
      heap[slot] = heap[parent];
      heap[slot].slot = slot;
      slot = parent;
    }
    heap[slot] = moving;
    moving.slot = slot;
  }

  private down(slot: number): void {
    const heap = this.heap;
    const moving = heap[slot];
    const n = heap.length;
    for (;;) {
      const left = 2 * slot + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && heap[right].at < heap[left].at ? right : left;
      if (heap[child].at >= moving.at) break;
      heap[slot] = heap[child];
      heap[slot].slot = slot;
      slot = child;
    }
    heap[slot] = moving;
    moving.slot = slot;
  }
}

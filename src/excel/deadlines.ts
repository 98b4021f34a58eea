// One timer for every deadline of the add-in's gate. A sheet recalculating thousands of cells has
// thousands of callers waiting at once, each bounded; a timer of their own each (set, cleared when
// the answer comes first, as it nearly always does, and set again when a queued request is sent)
// put two or three timer calls on every request's path. Here the deadlines wait in a heap,
// earliest first, and one timer is armed at the earliest: when it fires it ends whoever is due and
// is armed again for the next. A deadline earlier than the armed one re-arms it; a caller that
// leaves before its deadline leaves the timer as it is (it fires, finds nothing due, and is armed
// for the next), so most callers cost no timer call at all. No timer stays armed while nothing
// waits.

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
  /** When it is due, on the board's time (`time()`). */
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
  /** The latest time read, and what is added to the clock since it was last seen going back. */
  private last = Number.NEGATIVE_INFINITY;
  private skew = 0;

  constructor(
    private readonly now: () => number,
    private readonly timers: Timers,
  ) {}

  /** The board's time, on which deadlines are set: the clock's, except that it never goes back. A
   *  clock set back (by hand, by a sync) would otherwise push every deadline as far into the
   *  future, where a timer of one's own would have fired on time. */
  time(): number {
    const t = this.now() + this.skew;
    if (t < this.last) this.skew += this.last - t;
    else this.last = t;
    return this.last;
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

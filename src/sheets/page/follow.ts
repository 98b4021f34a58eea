// When the sidebar asks the script for the selection. Sheets tells a sidebar nothing when the
// selection moves, and every ask is an Apps Script execution (google.script.run): the ~500 KB
// script loaded, and one of the person's ~30 simultaneous executions taken, the ones their
// formulas need while the sheet recalculates. So the page asks only when the selection can have
// changed since it last looked, and less and less often while it does not:
//   - at once when the person comes back to the sidebar (the pointer enters it, or it takes the
//     keyboard focus), and when the page is shown again: the cell it names is the one they left;
//   - 2 s after they leave it for the grid, then 4 s, 8 s, ... apart while nothing changes, up to
//     2 minutes apart: a click in the grid shows within seconds without coming back, and a
//     sidebar left alone costs one execution every 2 minutes;
//   - never while the page is hidden (another browser tab, the window minimised).
// A change seen while the person is in the grid, or the person leaving the sidebar, starts the
// backoff over. A failed ask (Google refused the execution: busy, a quota) counts as nothing
// changed, so it backs off too.

/** The first ask after the person leaves the sidebar or the selection changes. */
export const FOLLOW_FIRST_MS = 2000;
/** The longest wait between two asks while the page is shown and nothing changes. */
export const FOLLOW_MAX_MS = 120_000;

/** The page's timers (the real ones in the page; a test's fake ones). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export class SelectionFollower {
  /** The wait before the next ask. */
  private wait = FOLLOW_FIRST_MS;
  private timer: unknown;
  private asking = false;
  /** A reason to ask came while an ask was under way (it may have read the cell before a move). */
  private askAgain = false;
  /** The pointer or the keyboard focus is in the sidebar. */
  private here = false;
  /** The person left the sidebar during the ask under way: the backoff starts over after it. */
  private left = false;

  /** `ask` reads the selection and says whether it changed since the page last saw it; it asks
   *  nothing until `start`. */
  constructor(
    private readonly ask: () => Promise<boolean>,
    private readonly timers: Timers,
    private hidden: boolean,
  ) {}

  /** Following begins (the page read the selection as it opened): the first ask in 2 s. */
  start(): void {
    this.schedule();
  }

  /** The pointer entered the sidebar, or it took the keyboard focus. */
  back(): void {
    if (this.here) return;
    this.here = true;
    this.now();
  }

  /** The pointer left the sidebar, or it lost the keyboard focus: the person is in the grid. */
  away(): void {
    if (!this.here) return;
    this.here = false;
    this.left = true;
    this.wait = FOLLOW_FIRST_MS;
    this.schedule();
  }

  /** The page is shown (again). */
  shown(): void {
    if (!this.hidden) return;
    this.hidden = false;
    this.now();
  }

  /** The page is hidden: no ask until it is shown. */
  hide(): void {
    this.hidden = true;
    this.timers.clearTimeout(this.timer);
  }

  private now(): void {
    this.timers.clearTimeout(this.timer);
    if (this.asking) this.askAgain = true;
    else void this.run();
  }

  private schedule(): void {
    this.timers.clearTimeout(this.timer);
    if (!this.hidden && !this.asking) this.timer = this.timers.setTimeout(() => void this.run(), this.wait);
  }

  private async run(): Promise<void> {
    if (this.hidden) return;
    this.asking = true;
    this.askAgain = false;
    this.left = false;
    const changed = await this.ask().catch(() => false);
    this.asking = false;
    // A change read while the person is in the sidebar is the cell they left: no more are coming
    // until they leave it again, which starts the waits over then.
    this.wait = (changed && !this.here) || this.left ? FOLLOW_FIRST_MS : Math.min(this.wait * 2, FOLLOW_MAX_MS);
    if (this.askAgain) this.now();
    else this.schedule();
  }
}

/** The page's events that say the selection can have changed, handed to `follower`. */
export function watchPage(follower: SelectionFollower, win: Window, doc: Document): void {
  const root = doc.documentElement;
  root.addEventListener("mouseenter", () => follower.back());
  root.addEventListener("mouseleave", () => follower.away());
  win.addEventListener("focus", () => follower.back());
  win.addEventListener("blur", () => follower.away());
  doc.addEventListener("visibilitychange", () => (doc.visibilityState === "hidden" ? follower.hide() : follower.shown()));
}

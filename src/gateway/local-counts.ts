// A token's limits counted in this instance's memory, the increments sent to Redis in batches:
// a cache hit costs no Redis command for its limits. Each instance decides on its local view (the
// team-wide total Redis last returned plus its own unflushed increments); near a limit it counts
// synchronously, so one instance alone never lets one request too many through. The error across
// I instances is bounded in docs/gateway.md (Limits): at most (I − 1) × 2 × FLUSH_EVERY requests
// beyond a limit, the increments other instances hold unflushed (one batch in flight, one pending).
import type { Counter } from "./state";

/** A batch is sent after this many increments or FLUSH_MS, whichever comes first. */
export const FLUSH_EVERY = 32;
export const FLUSH_MS = 100;

interface Seen {
  window: number;
  /** The team-wide total Redis last returned for this window. */
  known: number;
  /** This instance's increments not yet sent. */
  pending: number;
  /** Sent in a batch Redis has not confirmed (in flight, or failed and to be sent again). */
  unconfirmed: number;
}

export interface Delta {
  key: string;
  window: number;
  delta: number;
}

const view = (s: Seen) => s.known + s.unconfirmed + s.pending;

export class LocalCounts {
  private readonly seen = new Map<string, Seen>();
  private unsent = 0;

  private entry(key: string, window: number): Seen {
    let s = this.seen.get(key);
    // Increments of a past window no longer matter to any limit: dropped, not sent.
    if (s?.window !== window) {
      s = { window, known: 0, pending: 0, unconfirmed: 0 };
      this.seen.set(key, s);
    }
    return s;
  }

  /** Counts locally as MemoryState.count does (stopping after the first past its limit), or
   *  undefined when a counter is within FLUSH_EVERY of its limit: then Redis must decide. */
  count(counters: readonly Counter[], alone: boolean): number[] | undefined {
    const entries = counters.map((c) => this.entry(c.key, c.window));
    if (!alone && counters.some((c, i) => c.limit > 0 && view(entries[i]) + 1 > c.limit - FLUSH_EVERY)) {
      return undefined;
    }
    // Requests, not increments: a counter holds at most FLUSH_EVERY unsent, whatever the number of limits.
    this.unsent++;
    const used: number[] = [];
    for (let i = 0; i < counters.length; i++) {
      entries[i].pending++;
      const n = view(entries[i]);
      used.push(n);
      if (counters[i].limit > 0 && n > counters[i].limit) break;
    }
    return used;
  }

  /** This instance's view of a counter in `window`: the team-wide total Redis last returned plus
   *  its own increments not yet confirmed. */
  seenIn(key: string, window: number): number {
    const s = this.seen.get(key);
    return s?.window === window ? view(s) : 0;
  }

  /** True when enough increments wait to send a batch now. */
  get full(): boolean {
    return this.unsent >= FLUSH_EVERY;
  }

  /** The increments to send, moved from pending to unconfirmed until `confirm`. */
  take(): Delta[] {
    const out: Delta[] = [];
    for (const [key, s] of this.seen) {
      if (s.pending > 0) out.push({ key, window: s.window, delta: s.pending });
      s.unconfirmed += s.pending;
      s.pending = 0;
    }
    this.unsent = 0;
    return out;
  }

  /** A batch Redis applied, with the team-wide totals it returned (which include it). */
  confirm(deltas: readonly Delta[], totals: readonly number[]): void {
    for (const [i, d] of deltas.entries()) {
      const s = this.seen.get(d.key);
      if (s?.window !== d.window) continue;
      s.unconfirmed -= d.delta;
      s.known = Math.max(s.known, totals[i] ?? 0);
    }
  }

  /** Redis's team-wide total after a synchronous count (kept for a count made alone later). */
  learn(key: string, window: number, total: number): void {
    const s = this.entry(key, window);
    s.known = Math.max(s.known, total);
  }
}

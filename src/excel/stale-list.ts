// The calls of this session answered with a stale answer (their refresh failed), for the task
// pane: Excel cannot mark a cell, so the pane lists each with the answer's age and the reason.
// One entry per call (the core's label, without the refresh value); a fresh answer removes it.
import type { Staleness } from "../../shared";

export const STALE_LIST_SIZE = 50;

export interface StaleCall extends Staleness {
  /** QUARTERLY(symbol=BBCA, n=4) */
  call: string;
  /** When the stale answer was last served (ms since the epoch). */
  servedAt: number;
}

export class StaleList {
  private readonly entries = new Map<string, StaleCall>();

  record(call: string, stale: Staleness, servedAt: number): void {
    this.entries.delete(call);
    this.entries.set(call, { call, ...stale, servedAt });
    if (this.entries.size > STALE_LIST_SIZE) this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(call: string): void {
    this.entries.delete(call);
  }

  reset(): void {
    this.entries.clear();
  }

  /** Newest first. */
  list(): StaleCall[] {
    return [...this.entries.values()].reverse();
  }
}

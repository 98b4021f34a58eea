// What a host hands the engine for each call (time, randomness, its limits, its shared back-off)
// and what the engine hands back: the cells, and whether they came from the cache or are stale.

import type { HostLimits } from "../answer/host-limits";
import type { Cell } from "../base/table";
import type { DisplayOptions } from "../input/options";
import type { Staleness } from "./cache-entry";
import type { PauseBoard } from "./pauses";
import type { RetryPolicy } from "./retry-policy";

export interface Env {
  now(): number;
  random(): number;
  policy?: Partial<RetryPolicy>;
  /** The host's grid and URL length (default: the command line's). */
  limits?: HostLimits;
  /** The runtime's shared back-off, one per runtime (none: each call backs off on its own). */
  pauses?: PauseBoard;
  /** Date columns come as the host's dates (its DateWriter) when a call does not say `dates=`:
   *  spreadsheets that can show them; ISO text where not set (the command line). */
  datesByDefault?: boolean;
  /** Answers fetched before this moment are not fresh (the host refreshed everything), though
   *  still there to be served stale. */
  refreshedAt?: number;
}

export interface CallResult<D> {
  cells: (Cell | D)[][];
  fromCache: boolean;
  attempts: number;
  /** Credits the provider bills for the answers this call fetched (0 from the cache): its
   *  requests' prices (rows/credits.ts), estimated in the spec edition. A host whose transport
   *  shares one fetch among calls (Excel) counts that fetch once, where it leaves, instead. */
  credits: number;
  /** The answer is a stale one (a refresh failed): the host must show its age and the reason. */
  stale?: Staleness;
  /** The call as the user reads it in a list of stale calls: QUARTERLY(symbol=BBCA, n=4). */
  label: string;
}

/** A call's display options with the host's default for date columns filled in. */
export const withHostDates = (display: DisplayOptions, env: Env): DisplayOptions =>
  display.dates ? display : { ...display, dates: env.datesByDefault ? "date" : "text" };

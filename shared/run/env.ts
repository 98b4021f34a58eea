// What a host hands the engine for each call (time, randomness, its limits, its shared back-off)
// and what the engine hands back: the cells, and whether they came from the cache or are stale.

import type { CellFormats, CellWriters, DateWriter, FormatGrid, NumberWriter } from "../answer/display";
import type { HostLimits } from "../answer/host-limits";
import type { Edition } from "../base/editions";
import { withFields } from "../base/own";
import type { Cell } from "../base/table";
import type { DisplayOptions } from "../input/options";
import type { Staleness } from "./cache-entry";
import type { PauseBoard } from "./pauses";
import type { RetryPolicy } from "./retry-policy";

export interface Env {
  /** The time of day (ms since the epoch): what dates are, answers' ages and freshness, the market's today. */
  now(): number;
  /** Milliseconds that only go forward (a time sync never steps them), for how long something
   *  takes: a call's deadline, what is left of it for a try, back-offs and the shared pauses are
   *  counted on it. Absent, they are counted on `now` (a host without one: Apps Script). */
  monotonic?(): number;
  random(): number;
  policy?: Partial<RetryPolicy>;
  /** The host's grid and URL length (default: the command line's). */
  limits?: HostLimits;
  /** The runtime's shared back-off, one per runtime (none: each call backs off on its own). */
  pauses?: PauseBoard;
  /** Date columns come as the host's dates (its DateWriter) when a call does not say `dates=`:
   *  spreadsheets that can show them; ISO text where not set (the command line). */
  datesByDefault?: boolean;
  /** How long past its freshness an answer is kept, and served when the service fails (default
   *  STALE_MAX_SECONDS): a host whose workbooks are opened again the next morning keeps it longer
   *  where it can store it that long (Sheets: docs/sheets.md). */
  staleSeconds?: number;
  /** Each answer is kept the moment it arrives, not once the whole call made sense of it: for a
   *  host whose calls share answers only through the cache while they run (Sheets: each cell an
   *  execution of its own), so that a call's first answer is there for the others while it waits
   *  for or fetches its next ones. An answer the call then cannot read is kept too, and the next
   *  calls fail on it the same way, without a request, until its lifetime ends. */
  keepAsFetched?: boolean;
  /** Answers fetched before this moment are not fresh (the host refreshed everything), though
   *  still there to be served stale. */
  refreshedAt?: number;
  /** Where an answer is shorter than asked, the note goes in a last row of the cells (the
   *  spreadsheets, unless `notes=false`); else only in CallResult.notes (the command line prints
   *  them on stderr). */
  notesInCells?: boolean;
  /** How this host writes a typed number with its number format (rows/number-formats.ts), in the
   *  cell type of its DateWriter: Excel with data types, a number that carries its format. None:
   *  the formats come beside the cells (CallResult.formats). */
  writeNumber?(value: number, format: string): unknown;
  /** The call's cells are left to its result's `show` (cells: []): a host that shares one call
   *  among formulas that differ only in display options (Excel) shows each variant once itself. */
  showLater?: boolean;
}

/** The host's clock for how long things take: its monotonic one where it has one, else `now`. */
export const monotonicNow = (env: Env): number => (env.monotonic ? env.monotonic() : env.now());

/** A call's answer under display options of the caller's choosing, each on its own: the requests,
 *  the decoding and the layout are the call's, done once; only the presentation is the variant's.
 *  `formatted` false: no number formats (a host that shows none). */
export type ShowAnswer<D> = (
  display: DisplayOptions,
  formatted?: boolean,
) => { cells: (Cell | D)[][]; formats?: FormatGrid; headers?: boolean };

export interface CallResult<D> {
  cells: (Cell | D)[][];
  /** The number format of each number cell whose column is typed (rows/number-formats.ts), in the
   *  shape of `cells` (note rows left out): what the host applies, never a changed value. None when
   *  no cell has one, or when the host's own writer put them in the cells (Env.writeNumber). */
  formats?: FormatGrid;
  /** Whether the first row of `cells` names the columns: the `headers` option as laid out (one
   *  value has none). What a front end that shows the cells as a table reads (the builder). */
  headers?: boolean;
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
  /** Where the answer is shorter than asked, and why (a window before the service's first day). */
  notes?: string[];
  /** Until when (ms) every answer the call used stays fresh, where all were fresh: until then
   *  the call would give the same answer, from the cache. None when one was stale or refused. */
  freshUntil?: number;
  /** When the oldest answer the call used was fetched from the service (ms), where it used any. */
  fetchedAt?: number;
  /** The answer under other display options (none for a batch or a grid, shown as they ran). */
  show?: ShowAnswer<D>;
  /** The edition the call spoke: the setting's, or for `auto` the one the server speaks. */
  edition: Edition;
}

/** A call's result in the edition it was given (the executor adds which one). */
export type CallOutcome<D> = Omit<CallResult<D>, "edition">;

/** The cells with a last row per note, as wide as the table (the spreadsheets' way to say it). */
export function withNotes<D>(cells: (Cell | D)[][], notes: readonly string[], env: Env, shown: boolean): (Cell | D)[][] {
  if (!env.notesInCells || !shown || notes.length === 0) return cells;
  const width = Math.max(1, ...cells.map((r) => r.length));
  return [...cells, ...notes.map((n) => [`note: ${n}`, ...new Array<Cell>(width - 1).fill(null)])];
}

/** How a call's cells are written on this host: its dates, and the numbers `formats` types, with
 *  the host's number writer where it has one. */
export const cellWriters = <D>(env: Env, date: DateWriter<D> | undefined, formats: CellFormats): CellWriters<D> => ({
  date,
  formats,
  number: env.writeNumber as NumberWriter<D> | undefined,
});

/** A call's display options with the host's default for date columns filled in. */
export const withHostDates = (display: DisplayOptions, env: Env): DisplayOptions =>
  display.dates ? display : withFields(display, { dates: env.datesByDefault ? ("date" as const) : ("text" as const) });

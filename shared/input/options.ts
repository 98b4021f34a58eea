// The options argument: "name=value; name=value" text, or a two-column range of names and
// values. It carries the endpoint's extra parameters and the common display options.

import { type CellValue, isBlank, type Scalar, unwrapCell } from "../base/cells";
import { MdqError, show } from "../base/errors";
import { hash53 } from "../base/hash";
import { hasOwn } from "../base/own";
import { anyValue, bool, choice, textList } from "./arg-kinds";
import type { ArgRule, ArgSpec, Signature } from "./arg-spec";
import { type ArgKind, parseArg } from "./kinds";

export interface DisplayOptions {
  headers: boolean;
  orient?: "rows" | "columns";
  fields?: string[];
  /** Date columns as ISO text or as the host's dates; not given: the host's default (Env.datesByDefault). */
  dates?: "text" | "date";
  /** Instead of the answer, where it came from: the request, when it was fetched, its credits. */
  explain?: boolean;
  /** A last row saying where the answer is shorter than asked (default true; spreadsheets only). */
  notes?: boolean;
}

/** How a call takes stale answers: `serve` (default) answers with them when a refresh fails,
 *  `error` shows the failure instead. */
export type StaleMode = "serve" | "error";

export const DISPLAY_OPTIONS: ArgSpec[] = [
  { name: "headers", kind: bool, help: "show the field names (default TRUE); FALSE gives values only" },
  {
    name: "orient",
    kind: choice(["rows", "columns"]),
    help: "layout: rows (one record per row) or columns (transposed, field names in the first column)",
  },
  { name: "fields", kind: textList("a comma list of column names"), help: "comma list of columns to keep, in order" },
  {
    name: "dates",
    kind: choice(["text", "date"]),
    help: "date columns as real spreadsheet dates (the default in Excel and Sheets) or as ISO text (the command line's default)",
  },
  { name: "refresh", kind: anyValue, help: "any value; change it to force a fresh fetch" },
  {
    name: "notes",
    kind: bool,
    help: "FALSE: no last row saying where an answer is shorter than asked (a window before the service's first day); the command line says it on stderr",
  },
  {
    name: "explain",
    kind: bool,
    help: "TRUE: instead of the answer, a small table of where it came from (the value as shown, its source: the quarters, row or report field read; each of the call's requests, what it asks for, when it was fetched, until when it is fresh, its credits; whether it is stale and why; the cell's credits, of a request shared with other cells its share beside the whole; bookkeeping such as the question of the server's edition apart)",
  },
  {
    name: "stale",
    kind: choice(["serve", "error"]),
    help: "when a refresh fails (rate limit, outage, no connection): serve (default) answers with the last good answer, marked stale; error shows the failure",
  },
];

/** Name → raw value pairs of the options argument. */
function optionPairs(cell: CellValue): Array<[string, Scalar]> {
  const options = unwrapCell(cell);
  if (isBlank(options)) return [];
  if (Array.isArray(options)) {
    return options
      .filter((row) => Array.isArray(row) && !isBlank(row[0]))
      .map((row) => {
        if (row.length < 2) throw new MdqError("bad_argument", "'options' as a range must have two columns: names and values");
        return [String(row[0]).trim(), row[1]];
      });
  }
  if (typeof options !== "string") {
    throw new MdqError("bad_argument", `'options' must be text such as "headers=false; n=5" or a two-column range (got ${show(options)})`);
  }
  return options
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf("=");
      if (at <= 0) throw new MdqError("bad_argument", `'options' must be name=value pairs separated by ';' (got ${show(part)})`);
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    });
}

/** The refresh generation a `refresh=` value asks for ("" for none), hashed: a cache entry keeps
 *  the one it was fetched under (run/cache-entry.ts), so a new value makes it not fresh. */
export const generationOf = (refresh: string | undefined) => (refresh === undefined ? "" : hash53(`refresh:${refresh}`));

export interface ParsedOptions {
  params: Record<string, string | undefined>;
  display: DisplayOptions;
  refresh?: string;
  stale?: StaleMode;
}

/** Each function's options by name, made at its first call: every distinct request of a
 *  recalculation reads its options. */
const allowedOf = new WeakMap<Signature, ReadonlyMap<string, ArgRule>>();
function allowedOptions(fn: Signature): ReadonlyMap<string, ArgRule> {
  let allowed = allowedOf.get(fn);
  if (!allowed) {
    allowed = new Map<string, ArgRule>([...fn.options, ...DISPLAY_OPTIONS].map((o) => [o.name, o]));
    allowedOf.set(fn, allowed);
  }
  return allowed;
}

/** Options that are not the endpoint's parameters: the display's and the refresh's. */
const NOT_PARAMS = new Set(DISPLAY_OPTIONS.map((o) => o.name));

export function parseOptions(fn: Signature, options: CellValue): ParsedOptions {
  const allowed = allowedOptions(fn);
  const values: Record<string, string | undefined> = {};
  for (const [rawName, raw] of optionPairs(options)) {
    const name = rawName.toLowerCase();
    const spec = allowed.get(name);
    if (!spec) {
      const label = show(rawName).slice(1, -1);
      throw new MdqError("bad_argument", `unknown option '${label}' for ${fn.name} (allowed: ${[...allowed.keys()].join(", ")})`);
    }
    if (hasOwn(values, name)) throw new MdqError("bad_argument", `option '${name}' is given twice`);
    values[name] = parseArg(name, spec.kind as ArgKind, raw);
  }
  // The endpoint's own parameters: every option but the display's and the refresh's. A loop, not
  // an object rest (ES2017 lowers it to a key-by-key copy that searches the excluded names).
  const params: Record<string, string | undefined> = {};
  for (const name in values) if (!NOT_PARAMS.has(name)) params[name] = values[name];
  const { headers, orient, fields, dates, refresh, stale, explain, notes } = values;
  return {
    params,
    refresh,
    stale: stale as StaleMode | undefined,
    display: {
      headers: headers !== "false",
      orient: orient as DisplayOptions["orient"],
      fields: fields?.split(","),
      dates: dates as DisplayOptions["dates"],
      explain: explain === "true",
      notes: notes !== "false",
    },
  };
}

/** The call's arguments with one more option, `name=value`, in its options argument (at `at`):
 *  text, a blank or a two-column range. */
export function withOption(args: readonly CellValue[], at: number, name: string, value: string | number): CellValue[] {
  const out = [...args];
  while (out.length < at) out.push(null);
  // Excel passes a scalar given to a matrix parameter as [[value]].
  const options = unwrapCell(out[at]);
  const pair = `${name}=${value}`;
  if (isBlank(options)) out[at] = pair;
  else if (Array.isArray(options)) out[at] = [...options, [name, value]];
  else if (typeof options === "string") out[at] = `${options}; ${pair}`;
  else out[at] = pair;
  return out;
}

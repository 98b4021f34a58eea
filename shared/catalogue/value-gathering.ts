// VALUE cells that share a request: a host that gathers the VALUE calls of one recalculation
// (Excel) asks which gathering a call belongs to and how far back it needs to reach, then runs
// every call of the gathering with the widest reach, so they all send the same request (one,
// shared in flight). Not a batch (run/batch.ts): each cell stays its own call.
import { type CellValue, isBlank, unwrapCell } from "../base/cells";
import { parsePeriod } from "../input/periods";
import { validate } from "../input/validate";
import type { FunctionSpec } from "../rows/function-spec";
import { datasetOf, isoDay, needOf, VALUE } from "./functions/value";

export interface Gathering {
  /** Calls of one group can share one request: one dataset of one company. */
  group: string;
  /** How far back this call needs its request to reach (quarters or days). */
  cover: number;
}

/** The gathering of a call and its reach; undefined for a call that shares by its URL alone (another
 *  function, a report, a reach given by the user, or arguments its own run will refuse). */
export function gatheringOf(fn: FunctionSpec, args: readonly CellValue[], now: number): Gathering | undefined {
  if (fn !== VALUE) return undefined;
  try {
    const { values } = validate(VALUE, args);
    if (values.cover !== undefined) return undefined;
    const d = datasetOf(values);
    const need = needOf(d, values, parsePeriod(values.period), isoDay(now));
    if (need.cover === undefined) return undefined;
    return { group: `${d.name}\u0000${(values.key ?? "").toUpperCase()}`, cover: need.cover };
  } catch {
    return undefined;
  }
}

/** The call's arguments with `cover` added to its options (text, a blank or a two-column range). */
export function withCover(args: readonly CellValue[], cover: number): CellValue[] {
  const at = VALUE.args.length;
  const out = [...args];
  while (out.length < at) out.push(null);
  // Excel passes a scalar given to a matrix parameter as [[value]].
  const options = unwrapCell(out[at]);
  const pair = `cover=${cover}`;
  if (isBlank(options)) out[at] = pair;
  else if (Array.isArray(options)) out[at] = [...options, ["cover", cover]];
  else if (typeof options === "string") out[at] = `${options}; ${pair}`;
  else out[at] = pair;
  return out;
}

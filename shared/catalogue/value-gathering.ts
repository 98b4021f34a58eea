// VALUE cells that share a request: a host that gathers the VALUE calls of one recalculation
// (Excel) asks which gathering a call belongs to and how far back it needs to reach, then runs
// every call of the gathering with the widest reach, so they all send the same request (one,
// shared in flight). Not a batch (run/batch.ts): each cell stays its own call.
import type { CellValue } from "../base/cells";
import { withOption } from "../input/options";
import { validate } from "../input/validate";
import type { FunctionSpec, Gathering } from "../rows/function-spec";

/** The gathering of a call and its reach; undefined for a call that shares by its URL alone (another
 *  function, a report, a reach given by the user, or arguments its own run will refuse). */
export function gatheringOf(fn: FunctionSpec, args: readonly CellValue[], now: number): Gathering | undefined {
  if (!fn.gathering) return undefined;
  try {
    return fn.gathering(validate(fn, args).values, now);
  } catch {
    return undefined;
  }
}

/** The call's arguments with `cover` added to its options (text, a blank or a two-column range):
 *  `fn`'s options follow its arguments. Takes the row rather than naming VALUE, so that a host's
 *  engine holds no row it has not loaded (src/excel/lazy-rows.ts). */
export const withCover = (fn: FunctionSpec, args: readonly CellValue[], cover: number): CellValue[] =>
  withOption(args, fn.args.length, "cover", cover);

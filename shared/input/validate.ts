// Cell arguments checked against a function's signature: the positional arguments, then the
// options argument, then the rule across them. A bad argument stops here, before any request.
import type { CellValue } from "../base/cells";
import { MdqError } from "../base/errors";
import type { Signature, Values } from "./arg-spec";
import { parseArg } from "./kinds";
import { parseOptions } from "./options";

/** A call's arguments as checked: the values to send, the display options and the cache choices. */
export type Checked = ReturnType<typeof validate>;

/** Positional arguments, then the options argument, checked against the function's signature. */
export function validate(fn: Signature, args: readonly CellValue[]) {
  const max = fn.args.length + 1;
  const extra = args.slice(max).some((a) => a !== undefined && a !== null && a !== "");
  if (extra)
    throw new MdqError(
      "bad_argument",
      `${fn.name} takes at most ${max} arguments: ${[...fn.args.map((a) => a.name), "options"].join(", ")}`,
    );
  const values: Values = {};
  fn.args.forEach((a, i) => {
    values[a.name] = parseArg(a.name, a.kind, args[i], a.required);
  });
  const options = parseOptions(fn, args[fn.args.length]);
  Object.assign(values, options.params);
  const problem = fn.check?.(values);
  if (problem) throw new MdqError("bad_argument", problem);
  return { values, display: options.display, refresh: options.refresh, stale: options.stale };
}

// Formula calls → the Excel bundle's functions, passed the way Excel passes them: every declared
// parameter present (null when left out), then the invocation object that lets a call be
// cancelled. The catalogue only supplies the number of parameters and the signature for a message.
import { findFunction, signature } from "../../shared";
import { CellError, type ExcelFunction, invocation } from "../excel/stand-ins";
import type { Run, Runner } from "./sheet";

const failed = (error: CellError): Run => ({ result: Promise.reject(error), cancel: () => undefined });

export function excelRunner(registered: ReadonlyMap<string, ExcelFunction>): Runner {
  return (name, args) => {
    const fn = registered.get(name);
    const spec = findFunction(name);
    if (!fn || !spec) return failed(new CellError("#NAME?", `there is no function MDQ.${name}. Pick one in the function builder.`));
    // The options argument follows the positional ones.
    const arity = spec.args.length + 1;
    if (args.length > arity)
      return failed(new CellError("#VALUE!", `MDQ.${name} takes at most ${arity} arguments: ${signature(spec, "excel")}.`));
    const inv = invocation();
    const padded = [...args, ...Array<null>(arity - args.length).fill(null)];
    return { result: fn(...padded, inv), cancel: () => inv.cancel() };
  };
}

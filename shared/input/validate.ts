// A row's own request from cell arguments, without the catalogue: arguments and options checked
// against the row, the path and the query in an edition's spelling. Apart from request.ts (which
// finds rows by name in the catalogue) so that a row built on other rows (VALUE) can use it
// without importing the catalogue back.
import type { CellValue } from "../base/cells";
import { type Edition, notOffered } from "../base/editions";
import { MdqError } from "../base/errors";
import type { Endpoint, FunctionSpec, Values } from "../rows/function-spec";
import { parseArg } from "./kinds";
import { parseOptions } from "./options";
import { ownValue } from "../base/own";
import { fillPath } from "../request/url";

/** The query arguments under the edition's parameter names, then the edition's own parameters. */
export function queryOf(fn: FunctionSpec, endpoint: Endpoint, values: Values): Values {
  const query: Values = {};
  for (const a of [...fn.args, ...fn.options]) {
    const name = ownValue(endpoint.params ?? {}, a.name);
    if ((a.at ?? "query") !== "query" || values[a.name] === undefined || name === null) continue;
    query[name ?? a.name] = values[a.name];
  }
  return { ...query, ...endpoint.query?.(values) };
}

/** Positional arguments, then the options argument, checked against the function's row. */
export function validate(fn: FunctionSpec, args: readonly CellValue[]) {
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

/** Another row's request for the given arguments in an edition, validated as the row's own call
 *  would be: what a function built on other rows (VALUE) sends, with their layouts. */
export function rowTarget(fn: FunctionSpec, args: readonly CellValue[], edition: Edition) {
  const offered = fn.editions[edition];
  if (!offered) throw notOffered(fn.name, edition, fn.instead);
  const { values } = validate(fn, args);
  const endpoint: Endpoint = { ...offered, ...offered.route?.(values) };
  const sent = { ...values, ...endpoint.rename?.(values) };
  return { values, sent, endpoint, target: { path: fillPath(endpoint.path, sent), query: queryOf(fn, endpoint, sent) } };
}

// A row's request in one edition: the endpoint its arguments route to, the values as that
// edition spells them, and the path and query they make.
import type { CellValue } from "../base/cells";
import { type Edition, notOffered } from "../base/editions";
import { badArgument } from "../base/errors";
import { withFields } from "../base/own";
import type { Values } from "../input/arg-spec";
import { validate } from "../input/validate";
import type { Endpoint, FunctionSpec } from "../rows/function-spec";
import { fillPath, queryOf, type Target } from "./url";

export interface Routed {
  /** The function in the edition, routed by the arguments. */
  endpoint: Endpoint;
  /** The values as this edition spells them on the wire (the endpoint's renames applied). */
  sent: Values;
  /** The row's own request (a load program may send more). */
  target: Target;
}

/** The row's endpoint, wire values and request in an edition; an edition without it refuses it. */
export function routeOf(fn: FunctionSpec, values: Values, edition: Edition): Routed {
  const offered = fn.editions[edition];
  if (!offered) throw notOffered(fn.name, edition, fn.instead);
  // Native copies (Object.assign, withFields), not spreads (base/own.ts: ES2017's lowering of a
  // spread is a slow copy): every distinct request of a recalculation is routed. The row's own
  // endpoint is never changed, so it is shared as it is where the arguments route nothing.
  const endpoint: Endpoint = offered.route ? Object.assign({}, offered, offered.route(values)) : offered;
  const sent: Values = withFields(values, endpoint.rename?.(values) ?? {});
  for (const [arg, allowed] of endpoint.choices ? Object.entries(endpoint.choices) : []) {
    const value = sent[arg];
    if (value === undefined) continue;
    // A list's items are each one of them; a single value may hold a comma ("Sand, Stone, Gravel").
    const list = [...fn.args, ...fn.options].find((a) => a.name === arg)?.kind.list;
    const items = list ? value.split(",") : [value];
    sent[arg] = items.map((item) => editionChoice(arg, item, allowed, edition)).join(",");
  }
  return {
    endpoint,
    sent,
    target: { path: fillPath(endpoint.path, sent), query: queryOf(fn, endpoint, sent), repeated: endpoint.repeated },
  };
}

/** At most this many of an edition's values are named in a message (a cell shows a sentence). */
const CHOICES_SAID = 8;

/** An item of an argument the edition takes a fixed set of, as the edition spells it. */
function editionChoice(arg: string, item: string, allowed: readonly string[], edition: Edition): string {
  const hit = allowed.find((choice) => choice.toLowerCase() === item.trim().toLowerCase());
  if (hit !== undefined) return hit;
  const named =
    allowed.length <= CHOICES_SAID
      ? allowed.join(", ")
      : `${allowed.slice(0, CHOICES_SAID).join(", ")} or ${allowed.length - CHOICES_SAID} more (the help lists them all)`;
  throw badArgument(arg, `one of ${named} in the ${edition} edition of the service`, item);
}

/** Another row's request for the given arguments in an edition, validated as the row's own call
 *  would be: what a function built on other rows (VALUE) sends, with their layouts. */
export function rowTarget(fn: FunctionSpec, args: readonly CellValue[], edition: Edition): Routed & { values: Values } {
  const { values } = validate(fn, args);
  return { values, ...routeOf(fn, values, edition) };
}

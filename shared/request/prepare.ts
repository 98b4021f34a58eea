// A row and the cell arguments → one checked call: its values, edition, endpoint, display options
// and its own request (URL, headers, cache key), built once. Everything a user typed is checked
// here, before any I/O: a bad argument costs no request.

import { CLI_LIMITS, type HostLimits } from "../answer/host-limits";
import type { CellValue } from "../base/cells";
import { type Edition, notOffered, resolveEdition } from "../base/editions";
import type { HttpRequest } from "../base/http";
import type { Values } from "../input/arg-spec";
import type { DisplayOptions, StaleMode } from "../input/options";
import { generationOf } from "../input/options";
import { type Checked, validate } from "../input/validate";
import type { Until } from "../rows/freshness";
import { asDecoded, type Endpoint, type FunctionSpec } from "../rows/function-spec";
import { checkFields, refuseKeyInArguments, urlTooLong } from "./guards";
import { routeOf } from "./route";
import { checkSettings, type Settings } from "./settings";
import { cacheKey, type Target, urlOf } from "./url";

export interface PreparedCall {
  fn: FunctionSpec;
  values: Values;
  /** The values as this edition spells them on the wire (the endpoint's renames applied). */
  sent: Values;
  edition: Edition;
  /** The function in that edition, routed by the arguments. */
  endpoint: Endpoint;
  display: DisplayOptions;
  /** The row's own request (a load program may send more). */
  target: Target;
  request: HttpRequest;
  cacheKey: string;
  /** The refresh generation the call asks for ("" for none), compared with a cache entry's. */
  generation: string;
  /** Whether a failed refresh may be answered with a stale entry. */
  stale: StaleMode;
  /** Seconds the answer stays fresh: the whole lifetime, or the floor of `until`'s. */
  ttl: number;
  /** What keeps the answer fresh beyond ttl (rows/freshness.ts). */
  until?: Until;
  /** Bytes of one answer past which reading stops. */
  maxAnswerBytes: number;
  /** The request of a target, with the same base URL and key: the row's own as built above,
   *  any other (a load program's pages, a lookup) built now. */
  requestFor(target: Target): { request: HttpRequest; cacheKey: string };
}

/** `checked`: the arguments as validate already checked them for this call (the edition question
 *  checks them before it is asked), so that a workbook's formulas are not checked twice. */
export function prepare(
  fn: FunctionSpec,
  args: readonly CellValue[],
  settings: Settings,
  limits: HostLimits = CLI_LIMITS,
  checked?: Checked,
): PreparedCall {
  refuseKeyInArguments(fn, args, settings.apiKey);
  const { values, display, refresh, stale } = checked ?? validate(fn, args);
  const { base, apiKey, maxAnswerBytes } = checkSettings(settings);
  const edition = resolveEdition(settings.edition, base);
  const { endpoint, sent, target } = routeOf(fn, values, edition);
  for (const arg of endpoint.unsupported ?? []) {
    if (values[arg] !== undefined) throw notOffered(`'${arg}' of ${fn.name}`, edition, "Leave it blank.");
  }
  if (display.fields && endpoint.layout === asDecoded) checkFields(display.fields, endpoint.response.columns);
  const build = (t: Target) => {
    const url = urlOf(base, t);
    if (url.length > limits.urlChars) throw urlTooLong(url.length, fn, sent, limits);
    return { request: { url, headers: { Authorization: apiKey, Accept: "application/json" } }, cacheKey: cacheKey(url, apiKey) };
  };
  const own = build(target);
  // The row's own target is the one object a load program passes on for its first request.
  const requestFor = (t: Target) => (t.path === target.path && t.query === target.query ? own : build(t));
  return {
    fn,
    values,
    sent,
    edition,
    endpoint,
    display,
    target,
    request: own.request,
    cacheKey: own.cacheKey,
    generation: generationOf(refresh),
    stale: stale === "error" || settings.stale === "error" ? "error" : "serve",
    ttl: fn.ttl,
    until: fn.until,
    maxAnswerBytes,
    requestFor,
  };
}

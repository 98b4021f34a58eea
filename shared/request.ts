// Arguments → a validated request. Everything a user typed is checked here, before any I/O:
// a bad argument costs no request. The URL is built by concatenation (new URL(path, base) would
// drop a base path), with the query sorted so equal requests have equal URLs and cache keys.

import { isLoopback, parseBaseUrl } from "./base-url";
import { findFunction } from "./catalogue";
import type { CellValue } from "./cells";
import type { DisplayOptions } from "./display";
import { MdqError, show } from "./errors";
import type { FunctionSpec, Route, Values } from "./function-spec";
import { parseArg } from "./kinds";
import { parseOptions } from "./options";
import { cacheKey } from "./policy";

export interface Settings {
  baseUrl: string;
  apiKey?: string;
}

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
}

export interface PreparedCall {
  fn: FunctionSpec;
  values: Values;
  route: Route;
  display: DisplayOptions;
  request: HttpRequest;
  cacheKey: string;
  /** Seconds the answer stays fresh. */
  ttl: number;
}

export function prepare(name: string, args: readonly CellValue[], settings: Settings): PreparedCall {
  const fn = findFunction(name);
  if (!fn) throw new MdqError("bad_argument", `there is no function ${show(name)}; see the function list`);
  const { values, display, refresh } = validate(fn, args);
  const route: Route = { path: fn.path, query: {}, response: fn.response, layout: fn.layout, ...fn.route?.(values) };
  const path = route.path.replace(/\{(\w+)\}/g, (_, arg: string) => encode(values[arg] ?? ""));
  const queryArgs = [...fn.args, ...fn.options].filter((a) => (a.at ?? "query") === "query");
  const query: Values = { ...route.query };
  for (const a of queryArgs) if (values[a.name] !== undefined) query[a.name] = values[a.name];
  const { base, apiKey } = checkSettings(settings);
  const url = base + path + queryString(query);
  return {
    fn,
    values,
    route,
    display,
    request: { url, headers: { Authorization: apiKey, Accept: "application/json" } },
    cacheKey: cacheKey(url, apiKey, refresh),
    ttl: fn.ttl,
  };
}

/** Positional arguments, then the options argument, checked against the function's row. */
function validate(fn: FunctionSpec, args: readonly CellValue[]) {
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
  return { values, display: options.display, refresh: options.refresh };
}

/** RFC 3986 strict: also encodes !'()* which encodeURIComponent leaves alone. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Sorted `?a=1&b=2`; commas stay readable, everything else is percent-encoded. */
export function queryString(query: Values): string {
  const pairs = Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k] as string).replace(/%2C/g, ",")}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** The base URL must be http(s) without credentials; plain http only to this computer. */
export function checkSettings(settings: Settings): { base: string; apiKey: string } {
  const raw = (settings.baseUrl ?? "").trim();
  const parsed = parseBaseUrl(raw);
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new MdqError(
      "bad_argument",
      `the base URL must be an address such as https://api.example.com (got ${show(raw)}). Fix it in MDQ settings.`,
    );
  }
  if (parsed.protocol === "http:" && !isLoopback(parsed.hostname)) {
    throw new MdqError(
      "bad_argument",
      `the base URL must use https:// for ${parsed.hostname}: MDQ never sends the API key over plain http except to this computer. Fix it in MDQ settings.`,
    );
  }
  const apiKey = (settings.apiKey ?? "").trim();
  if (!apiKey) {
    throw new MdqError(
      "missing_key",
      "no API key is set. Add your key in MDQ settings (Excel: the MDQ task pane; Sheets: menu MDQ > Set API key; command line: --api-key or MDQ_API_KEY).",
    );
  }
  if (/[\u0000-\u001f\u007f]/.test(apiKey) || apiKey.length > 512) {
    throw new MdqError("bad_argument", "the API key contains control characters or is too long: paste it again in MDQ settings.");
  }
  return { base: raw.replace(/\/+$/, ""), apiKey };
}

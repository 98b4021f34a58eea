// Arguments → a validated request. Everything a user typed is checked here, before any I/O:
// a bad argument costs no request. The URL is built by concatenation (new URL(path, base) would
// drop a base path), with the query sorted so equal requests have equal URLs and cache keys.

import { isLoopback, parseBaseUrl } from "../base/base-url";
import { findFunction } from "../catalogue/catalogue";
import type { CellValue } from "../base/cells";
import type { DisplayOptions } from "../answer/display";
import { type Edition, type EditionSetting, notOffered, resolveEdition } from "../base/editions";
import { badArgument, MdqError, show } from "../base/errors";
import { asDecoded, type Endpoint, type FunctionSpec, type Values } from "../rows/function-spec";
import { ANSWER_MB_RANGE, CLI_LIMITS, DEFAULT_ANSWER_MB, type HostLimits } from "../answer/host-limits";
import { fillPath, queryString } from "./url";
import { cacheKey } from "../run/retry-policy";
import { RUN, redactKey } from "../base/redact";
import type { KnownColumns } from "../answer/response";
import { queryOf, validate } from "../input/validate";
import { generationOf, type StaleMode } from "../run/cache-entry";

export interface Settings {
  baseUrl: string;
  apiKey?: string;
  /** Which edition of the service the base URL speaks; default auto (see editions.ts). */
  edition?: EditionSetting;
  /** The largest answer read, in MB (default DEFAULT_ANSWER_MB). */
  answerMb?: number;
  /** The host's rule for stale answers (the CLI's --stale); a call's `stale=error` overrides it. */
  stale?: StaleMode;
}

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
}

/** A path and query under the base URL. */
export interface Target {
  path: string;
  query: Values;
}

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
  /** Seconds the answer stays fresh. */
  ttl: number;
  /** Bytes of one answer past which reading stops. */
  maxAnswerBytes: number;
  /** Builds any request of this call, with the same base URL and key. */
  requestFor(target: Target): { request: HttpRequest; cacheKey: string };
}

export function prepare(name: string, args: readonly CellValue[], settings: Settings, limits: HostLimits = CLI_LIMITS): PreparedCall {
  const fn = findFunction(name);
  if (!fn) throw new MdqError("bad_argument", `there is no function ${show(name)}; see the function list`);
  refuseKeyInArguments(fn, args, settings.apiKey);
  const { values, display, refresh, stale } = validate(fn, args);
  const { base, apiKey, maxAnswerBytes } = checkSettings(settings);
  const edition = resolveEdition(settings.edition, base);
  const offered = fn.editions[edition];
  if (!offered) throw notOffered(fn.name, edition, fn.instead);
  const endpoint: Endpoint = { ...offered, ...offered.route?.(values) };
  for (const arg of endpoint.unsupported ?? []) {
    if (values[arg] !== undefined) throw notOffered(`'${arg}' of ${fn.name}`, edition, "Leave it blank.");
  }
  if (display.fields && endpoint.layout === asDecoded) checkFields(display.fields, endpoint.response.columns);
  const sent = { ...values, ...endpoint.rename?.(values) };
  const target = { path: fillPath(endpoint.path, sent), query: queryOf(fn, endpoint, sent) };
  const requestFor = (t: Target) => {
    const url = base + t.path + queryString(t.query);
    if (url.length > limits.urlChars) throw urlTooLong(url.length, fn, sent, limits);
    return { request: { url, headers: { Authorization: apiKey, Accept: "application/json" } }, cacheKey: cacheKey(url, apiKey) };
  };
  const staleMode: StaleMode = stale === "error" || settings.stale === "error" ? "error" : "serve";
  const generation = generationOf(refresh);
  return {
    fn,
    values,
    sent,
    edition,
    endpoint,
    display,
    target,
    ...requestFor(target),
    generation,
    stale: staleMode,
    ttl: fn.ttl,
    maxAnswerBytes,
    requestFor,
  };
}

/** A URL past what the host sends, named by the argument that made it long. */
function urlTooLong(length: number, fn: FunctionSpec, sent: Values, limits: HostLimits): MdqError {
  const longest = [...fn.args, ...fn.options]
    .filter((a) => (a.at ?? "query") !== "local" && sent[a.name] !== undefined)
    .sort((a, b) => (sent[b.name] as string).length - (sent[a.name] as string).length)[0];
  const cause = longest ? `'${longest.name}' makes the request` : "the request is";
  return new MdqError(
    "bad_argument",
    `${cause} ${length.toLocaleString("en-US")} characters long, more than ${limits.host} sends (${limits.urlChars.toLocaleString("en-US")}): split ${longest ? `'${longest.name}'` : "it"} over several calls.`,
  );
}

/** As many names as fit in `chars`, then "..." if some are left out: a message fits in a cell. */
function firstNames(names: string[], chars: number): string {
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    if (length + name.length > chars) return `${shown.join(", ")}, ...`;
    shown.push(name);
    length += name.length + 2;
  }
  return shown.join(", ");
}

/** `fields=` names the table cannot have, refused before the request where the row knows its columns. */
function checkFields(fields: string[], known: KnownColumns | undefined): void {
  if (!known) return;
  for (const field of fields) {
    const f = field.toLowerCase();
    const fits =
      known.names.some((n) => n.toLowerCase() === f || n.toLowerCase().startsWith(`${f}.`)) ||
      known.open.some((o) => f.startsWith(`${o.toLowerCase()}.`));
    if (!fits) {
      throw badArgument("fields", `a comma list of column names (available: ${firstNames(known.names, 160)})`, field);
    }
  }
}

/** A cell that holds the API key, or a piece of it that gives it away, is refused unshown: the key
 *  never goes into a URL (the service's logs) nor, quoted and cut, into a message. Only keys long
 *  enough to be told from ordinary text (the service's are 64 characters). */
function refuseKeyInArguments(fn: FunctionSpec, args: readonly CellValue[], apiKey: string | undefined): void {
  if (!apiKey || apiKey.trim().length < RUN) return;
  const names = [...fn.args.map((a) => a.name), "options"];
  args.forEach((arg, i) => {
    const texts = (Array.isArray(arg) ? arg.flat() : [arg]).filter((c): c is string => typeof c === "string");
    if (texts.some((text) => redactKey(text, apiKey) !== text)) {
      throw new MdqError(
        "bad_argument",
        `'${names[i] ?? "options"}' holds your API key (or part of it): MDQ never sends the key in a request. Remove it from the cell.`,
      );
    }
  });
}

/** The settings every call needs, checked: the same rules refuse a bad setting when it is saved. */
export function checkSettings(settings: Settings): { base: string; apiKey: string; maxAnswerBytes: number } {
  const base = checkBaseUrl(settings.baseUrl);
  const apiKey = (settings.apiKey ?? "").trim();
  if (!apiKey) {
    throw new MdqError(
      "missing_key",
      "no API key is set. Add your key in MDQ settings (Excel: the MDQ task pane; Sheets: menu MDQ > Set API key; command line: --api-key or MDQ_API_KEY).",
    );
  }
  checkApiKey(apiKey);
  return { base, apiKey, maxAnswerBytes: checkAnswerMb(settings.answerMb) * 1_048_576 };
}

/** The base URL must be http(s) without credentials, query or fragment; plain http only to this computer. */
export function checkBaseUrl(baseUrl: string | undefined): string {
  const raw = (baseUrl ?? "").trim();
  const parsed = parseBaseUrl(raw);
  // A "?" or "#" anywhere would swallow every path MDQ appends.
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password || /[?#]/.test(raw)) {
    throw new MdqError(
      "bad_argument",
      `the base URL must be an address such as https://api.example.com, without a query, fragment or user name (got ${show(raw)}). Fix it in MDQ settings.`,
    );
  }
  if (parsed.protocol === "http:" && !isLoopback(parsed.hostname)) {
    throw new MdqError(
      "bad_argument",
      `the base URL must use https:// for ${parsed.hostname}: MDQ never sends the API key over plain http except to this computer. Fix it in MDQ settings.`,
    );
  }
  // The paths of the catalogue carry their version (/v1/..., /v2/...): a base URL that ends in one
  // would double it (/v2/v2/...), so it is dropped.
  return raw.replace(/\/+$/, "").replace(/\/v[12]$/i, "");
}

/** A key MDQ can send: an HTTP header carries Latin-1 text without control characters. */
export function checkApiKey(apiKey: string): void {
  if (/[^\u0020-\u007e\u00a0-\u00ff]/.test(apiKey) || apiKey.length > 512) {
    throw new MdqError(
      "bad_argument",
      "the API key has characters an HTTP header cannot carry (control characters, or letters beyond Latin-1 such as a curly quote or a dash pasted from a document), or is too long: paste it again in MDQ settings.",
    );
  }
}

/** A whole-number setting within its range, `fallback` when not set; `what` names it in the
 *  message ("the answer limit", with `unit` "MB"). */
export function checkWholeSetting(
  n: number | undefined,
  range: { min: number; max: number },
  fallback: number,
  what: string,
  unit = "",
): number {
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < range.min || n > range.max) {
    throw new MdqError(
      "bad_argument",
      `${what} must be a whole number ${unit ? `of ${unit} ` : ""}from ${range.min} to ${range.max} (got ${show(n)}). Fix it in MDQ settings.`,
    );
  }
  return n;
}

/** The answer limit in MB: a whole number within ANSWER_MB_RANGE, default DEFAULT_ANSWER_MB. */
export const checkAnswerMb = (mb: number | undefined): number =>
  checkWholeSetting(mb, ANSWER_MB_RANGE, DEFAULT_ANSWER_MB, "the answer limit", "MB");

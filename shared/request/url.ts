// The one URL builder: a request's path and query as MDQ spells them (placeholders filled,
// parameters sorted and percent-encoded), the URL under a base, and the cache key of that URL.
// Equal requests have equal URLs and so equal cache keys, in every host and in the gateway.
import { badArgument } from "../base/errors";
import { hash53 } from "../base/hash";
import { ownValue } from "../base/own";
import type { ArgRule, Signature, Values } from "../input/arg-spec";
import type { Endpoint } from "../rows/function-spec";

/** A path and query under the base URL. */
export interface Target {
  path: string;
  query: Values;
  /** Parameters sent as the name repeated per comma-separated item (Endpoint.repeated). */
  repeated?: readonly string[];
}

/** `{arg}` placeholders filled with encoded values; one no argument fills stays (a load program fills it).
 *  A value of "." or ".." would be a step up the path (even as %2E): refused, never sent. */
export const fillPath = (template: string, values: Values) =>
  template.replace(/\{(\w+)\}/g, (whole, arg: string) => {
    const value = ownValue(values, arg);
    if (value !== undefined && /^\.{1,2}$/.test(value)) throw badArgument(arg, "a name or code, not a path step", value);
    return value === undefined ? whole : encode(value);
  });

/** RFC 3986 strict: also encodes !'()* which encodeURIComponent leaves alone. */
export const encode = (text: string) => {
  const encoded = encodeURIComponent(text);
  // Every distinct request builds its query: the replace (and its callback) only where it changes something.
  return STRICT.test(encoded) ? encoded.replace(STRICT_ALL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : encoded;
};
const STRICT = /[!'()*]/;
const STRICT_ALL = /[!'()*]/g;

/** Sorted `?a=1&b=2`; commas stay readable, everything else is percent-encoded. A `repeated`
 *  parameter is its name once per comma-separated item, in the order given (`?s=x&s=y`). */
export function queryString(query: Values, repeated: readonly string[] = []): string {
  const names = Object.keys(query).sort();
  let text = "";
  for (const name of names) {
    const value = query[name];
    if (value === undefined) continue;
    const items = repeated.includes(name) ? value.split(",") : [value];
    for (const item of items) {
      const encoded = encode(item);
      text += `${text ? "&" : "?"}${encode(name)}=${encoded.includes("%2C") ? encoded.replace(/%2C/g, ",") : encoded}`;
    }
  }
  return text;
}

/** The query arguments under the edition's parameter names, then the edition's own parameters. */
export function queryOf(fn: Signature, endpoint: Endpoint, values: Values): Values {
  const query: Values = {};
  const put = (a: ArgRule) => {
    const name = endpoint.params ? ownValue(endpoint.params, a.name) : undefined;
    if ((a.at ?? "query") !== "query" || values[a.name] === undefined || name === null) return;
    query[name ?? a.name] = values[a.name];
  };
  fn.args.forEach(put);
  fn.options.forEach(put);
  // The edition's own parameters last, over any of the same name, as a spread would put them
  // (Object.assign: the row's own names only, and no ES2017-lowered spread on every request).
  return endpoint.query ? Object.assign(query, endpoint.query(values)) : query;
}

/** The URL of a target under a base URL (checked, without a trailing slash): by concatenation, as
 *  new URL(path, base) would drop a base path. */
export const urlOf = (base: string, target: Target): string => base + target.path + queryString(target.query, target.repeated);

/** The cache key of a request: the canonical URL and whose key (hashed). Never the refresh value:
 *  the generation lives inside the entry (run/cache-entry.ts), so a refresh rewrites the key it had. */
export function cacheKey(url: string, apiKey: string): string {
  const key = `mdq:${hash53(`key:${apiKey}`)}:${url}`;
  // Apps Script's CacheService takes keys of at most 250 characters.
  return key.length <= 200 ? key : `mdq:${hash53(`key:${apiKey}`)}:h:${hash53(key)}${hash53(key.split("").reverse().join(""))}`;
}

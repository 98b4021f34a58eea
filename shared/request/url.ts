// The path and query of a request, as MDQ spells them: placeholders filled, parameters sorted and
// percent-encoded. Apart from request.ts so that catalogue rows can use it without importing the
// catalogue back (request.ts finds functions in it).
import { badArgument } from "../base/errors";
import type { Values } from "../rows/function-spec";
import { ownValue } from "../base/own";

/** `{arg}` placeholders filled with encoded values; one no argument fills stays (a load program fills it).
 *  A value of "." or ".." would be a step up the path (even as %2E): refused, never sent. */
export const fillPath = (template: string, values: Values) =>
  template.replace(/\{(\w+)\}/g, (whole, arg: string) => {
    const value = ownValue(values, arg);
    if (value !== undefined && /^\.{1,2}$/.test(value)) throw badArgument(arg, "a name or code, not a path step", value);
    return value === undefined ? whole : encode(value);
  });

/** RFC 3986 strict: also encodes !'()* which encodeURIComponent leaves alone. */
export const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Sorted `?a=1&b=2`; commas stay readable, everything else is percent-encoded. */
export function queryString(query: Values): string {
  const pairs = Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${encode(k)}=${encode(query[k] as string).replace(/%2C/g, ",")}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

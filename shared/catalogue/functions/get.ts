import { isEnvelope } from "../../answer/envelope";
import { tableOf } from "../../answer/flatten";
import { isObject, open } from "../../answer/response";
import { isBlank } from "../../base/cells";
import { MdqError, show } from "../../base/errors";
import { setOwn } from "../../base/own";
import { type Cell, longTable, type Table } from "../../base/table";
import { text } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import { endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** A path under the base URL: plain segments only, never `..`, a query or a fragment. */
function checkedPath(raw: string): string {
  const segments = raw.replace(/^\/+/, "").split("/");
  const last = segments.length - 1;
  const ok = segments.every((s, i) => (s === "" ? i === last : SEGMENT.test(s) && s !== "." && s !== ".."));
  if (!ok || segments[0] === "") {
    throw new MdqError(
      "bad_argument",
      `'path' must be a path such as v1/subsectors/ made of letters, digits, '-', '_', '.' (got ${show(raw)})`,
    );
  }
  return `/${segments.join("/")}`;
}

/** `a=1&b=2` → a map; names must be plain, values are encoded when the URL is built. */
function parsedQuery(raw: string | undefined): Values {
  const out: Values = {};
  if (!raw) return out;
  for (const pair of raw.replace(/^\?/, "").split("&").filter(Boolean)) {
    const at = pair.indexOf("=");
    const name = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? "" : pair.slice(at + 1);
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      throw new MdqError("bad_argument", `'query' must be name=value pairs joined by & (got ${show(raw)})`);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(value.replace(/\+/g, " "));
    } catch {
      throw new MdqError("bad_argument", `'query' has a badly encoded value for '${name}' (got ${show(raw)})`);
    }
    setOwn(out, name, decoded);
  }
  return out;
}

/** Any JSON: a list of records, one record, a list of values, or a value. A list that mixes
 *  values with records or lists reads each value as a record of one `value` field, so the
 *  flattener spreads them as it does any field (never JSON text in a cell). */
function autoLayout(data: unknown): Table {
  if (Array.isArray(data)) {
    if (data.every(isObject)) return tableOf(data);
    if (data.every((d) => d === null || typeof d !== "object"))
      return longTable(
        ["value"],
        data.map((d) => [d as Cell]),
      );
    return tableOf(data.map((d) => (isObject(d) ? d : { value: d })));
  }
  if (isObject(data)) return tableOf([data], "columns");
  return longTable(["value"], [[data as Cell]]);
}

/** Any path, any answer; the live edition's envelope gives its results. */
const anyPath = () =>
  endpoint({
    path: "/{path}",
    response: open,
    layout: (data: unknown) => autoLayout(isEnvelope(data) ? data.results : data),
    route: (v) => ({ path: checkedPath(v.path ?? ""), query: () => (isBlank(v.query) ? {} : parsedQuery(v.query)) }),
  });

export const GET: FunctionSpec = {
  name: "GET",
  group: "general",
  summary: "Any GET path of the service, shown as a table (for endpoints without a function of their own).",
  args: [
    { name: "path", kind: text, help: "path under the base URL, e.g. v1/subsectors/", required: true, at: "local" },
    { name: "query", kind: text, help: 'query text, e.g. "a=1&b=2"', at: "local" },
  ],
  options: [],
  editions: { spec: anyPath(), live: anyPath() },
  ttl: TTL.live,
  output:
    'A list of records as rows (nested fields dotted, nested lists of records as rows of their own; JSON text read as JSON, decimal text such as "0.7315" as a number); one record as a `field, value` table; a list of values as one `value` column. An envelope `{results, pagination}` gives its results (the first page).',
  example: ["v2/mining/sites/", "limit=2"],
};

// An incoming request → the canonical request the gateway forwards and caches: the path's
// segments re-encoded as the core encodes them, the query sorted by the core's queryString, so
// two front ends that ask for the same data share one cache entry whatever their spelling; a
// query parameter the path does not take (parameters.ts) is refused here, before any cost.
import { cacheKey, encode, queryString, type Values } from "../../shared";
import { Parameters } from "./parameters";

export type Canonical = { ok: true; path: string; segments: string[]; query: string } | { ok: false; status: number; message: string };

/** Past this the request is refused before anything else: no request of MDQ's is this long. */
export const MAX_URL_CHARS = 8192;

const API_PREFIX = /^\/v[12]\//;

/** Made on the first request: the catalogue's and the description's names, once. */
let parameters: Parameters | undefined;

export function canonical(rawUrl: string): Canonical {
  if (rawUrl.length > MAX_URL_CHARS) return { ok: false, status: 414, message: `the request is longer than ${MAX_URL_CHARS} characters` };
  const cut = rawUrl.indexOf("?");
  const rawPath = cut < 0 ? rawUrl : rawUrl.slice(0, cut);
  if (!API_PREFIX.test(rawPath))
    return { ok: false, status: 404, message: `no service path at ${rawPath.slice(0, 100)}: the service's paths start with /v1/ or /v2/` };
  let segments: string[];
  try {
    segments = rawPath
      .split("/")
      .filter((s) => s !== "")
      .map(decodeURIComponent);
  } catch {
    return { ok: false, status: 400, message: "malformed percent-encoding in the request path" };
  }
  if (segments.some((s) => s === "." || s === ".."))
    return { ok: false, status: 400, message: "a path step (. or ..) in the request path" };
  // A name given more than once is a list in the form the service's description declares
  // (`sections=a&sections=b`): its items are kept in their order.
  const query = new Map<string, string[]>();
  try {
    for (const [name, value] of new URLSearchParams(cut < 0 ? "" : rawUrl.slice(cut + 1)))
      query.set(name, [...(query.get(name) ?? []), value]);
  } catch {
    return { ok: false, status: 400, message: "malformed query string" };
  }
  const trailing = rawPath.endsWith("/") ? "/" : "";
  const path = `/${segments.map(encode).join("/")}${trailing}`;
  parameters ??= new Parameters();
  const refused = parameters.refusal(segments, path, query.keys());
  if (refused) return { ok: false, status: 400, message: refused };
  // No prototype: a parameter named __proto__ or constructor is a parameter like any other.
  const values: Values = Object.create(null);
  for (const [name, items] of query) values[name] = items.join(",");
  const repeated = [...query].filter(([, items]) => items.length > 1).map(([name]) => name);
  return { ok: true, path, segments, query: queryString(values, repeated) };
}

/** The cache key of a canonical request at an upstream: the core's, so never a token's. */
export const keyOf = (upstream: string, providerKey: string, pathAndQuery: string) => cacheKey(upstream + pathAndQuery, providerKey);

// User text is never a plain-object key: every Object.prototype name ("__proto__", "constructor",
// "toString", ...) sent as each path parameter, as the value of each query parameter an endpoint
// reads, and as a query parameter's name, is answered below 500 with a JSON body, in both editions,
// and the server answers normally afterwards. The parameters an endpoint reads are learned by
// running it once with valid values and recording what it asks its query for.
import http from "node:http";
import { EDITIONS, type Edition } from "../../src/sandbox/editions";
import type { Endpoint } from "../../src/sandbox/endpoint";
import { Query } from "../../src/sandbox/query";
import { ENDPOINTS } from "../../src/sandbox/routes";
import { LIVE_ENDPOINTS } from "../../src/sandbox/routes-live";
import { type Sandbox, startSandbox } from "../../src/sandbox/server";
import { request, TODAY } from "./helpers";

const NAMES = Object.getOwnPropertyNames(Object.prototype);
/** A new connection per request: a kept-alive socket can reach the server's keep-alive timeout
 *  (5 s) while a first request builds the day's facts of every company, and reusing it is then
 *  a reset, not an answer. */
const FRESH = new http.Agent({ keepAlive: false });
const TABLES: Record<Edition, Endpoint[]> = { spec: ENDPOINTS, live: LIVE_ENDPOINTS };

/** A path parameter value the endpoint knows, so a query parameter is what gets tested. */
function validParam(path: string, name: string): string {
  if (path.includes("/klse/")) return "1155";
  if (path.includes("/sgx/")) return "D05";
  if (name === "commodity_name") return "Coal";
  if (name === "index" || name === "index_code") return "lq45";
  if (name === "company_id") return "1";
  if (name === "slug") return "pt-adaro-energy-indonesia-tbk";
  if (name === "sub_sector") return "banks";
  if (path.includes("/mining/")) return "ADRO";
  // The listing performance covers companies listed after May 2005.
  return path.includes("listing-performance") ? "GOTO" : "BBCA";
}

const paramNames = (path: string) => path.match(/:[a-z_]+/g)?.map((p) => p.slice(1)) ?? [];
const fill = (path: string, values: Record<string, string>) => path.replace(/:([a-z_]+)/g, (_, n) => encodeURIComponent(values[n]));

/** The names a query is asked for: allow() lists them; reads catch any endpoint that skips it. */
class RecordingQuery extends Query {
  readonly asked = new Set<string>();
  allow(names: readonly string[]): this {
    for (const n of names) this.asked.add(n);
    return super.allow(names);
  }
  has(name: string): boolean {
    this.asked.add(name);
    return super.has(name);
  }
  str(name: string): string | undefined {
    this.asked.add(name);
    return super.str(name);
  }
}

function queryNames(endpoint: Endpoint, params: Record<string, string>): string[] {
  const q = new RecordingQuery("");
  try {
    endpoint.handle({ params, query: q, today: TODAY });
  } catch {
    // An endpoint that needs a parameter refuses the empty query after asking for it: recorded.
  }
  return [...q.asked];
}

/** Every request of the test for one endpoint: each path parameter and each query parameter set
 *  to each prototype name (the others valid), and each prototype name as a parameter's name. */
function requests(endpoint: Endpoint): string[] {
  const names = paramNames(endpoint.path);
  const valid = Object.fromEntries(names.map((n) => [n, validParam(endpoint.path, n)]));
  const base = fill(endpoint.path, valid);
  const out: string[] = [];
  for (const bad of NAMES) {
    for (const n of names) out.push(fill(endpoint.path, { ...valid, [n]: bad }));
    for (const q of queryNames(endpoint, valid)) out.push(`${base}?${q}=${encodeURIComponent(bad)}`);
    out.push(`${base}?${encodeURIComponent(bad)}=1`);
  }
  return out;
}

describe.each(EDITIONS)("the %s edition", (edition) => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: "127.0.0.1", today: TODAY, edition });
  });
  afterAll(() => sandbox.close());

  test.each(TABLES[edition].map((e) => [e.path, e] as const))("%s: prototype names never make a 500", async (_, endpoint) => {
    const failures: string[] = [];
    for (const path of requests(endpoint)) {
      const r = await request(sandbox.url, path, { agent: FRESH });
      if (r.status >= 500 || typeof r.body !== "object" || r.body === null) failures.push(`${path} -> ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    const after = await request(sandbox.url, edition === "spec" ? "/v1/subsectors/" : "/v2/subsectors/");
    expect(after.status).toBe(200);
  });
});

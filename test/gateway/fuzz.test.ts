// Hostile requests: random paths, queries and tokens (a bounded number of runs) never make the
// gateway answer 5xx, and none reaches the upstream without a valid token.
import http from "node:http";
import fc from "fast-check";
import { type CountingUpstream, countingUpstream, gateway, PROVIDER_KEY, type Started, tokenFile } from "./harness";

let upstream: CountingUpstream;
let g: Started;
let valid: string;
let revoked: string;

beforeAll(async () => {
  upstream = await countingUpstream();
  const tokens = tokenFile();
  valid = await tokens.add("ivan");
  revoked = await tokens.add("judy");
  await tokens.revoke("judy");
  g = await gateway(upstream.url, { tokenFile: tokens.path, limits: { perMinute: 0, perDay: 0 } });
});
afterAll(async () => {
  await g?.close();
  await upstream?.close();
});

/** A raw GET: the path exactly as given (fetch would resolve "..", this does not). */
function rawGet(path: string, authorization: string | undefined): Promise<number> {
  const { hostname, port } = new URL(g.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, path, method: "GET", headers: authorization === undefined ? {} : { Authorization: authorization } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const SEGMENTS = [
  "v1",
  "v2",
  "v3",
  "..",
  ".",
  "%2e%2e",
  "%2F",
  "%",
  "%zz",
  "%00",
  "news",
  "companies",
  "top",
  "index-daily",
  "lq45",
  "klse",
  "__proto__",
  "constructor",
  "BBCA",
  "x".repeat(300),
  "%E2%82%AC",
  "",
];
const NAMES = ["n", "limit", "offset", "__proto__", "constructor", "toString", "start", "a%26b", "%", "", "sector"];
const VALUES = ["1", "-1", "99999999999999999999", "", "%", "%ZZ", "lq45", "x".repeat(500), "a+b", "%00", "2025-13-45"];
const segment = fc.constantFrom(...SEGMENTS);
const pair = fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)).map(([n, v]) => `${n}=${v}`);
const request = fc.record({
  segments: fc.array(segment, { maxLength: 6 }),
  trailing: fc.boolean(),
  query: fc.array(pair, { maxLength: 4 }),
  token: fc.constantFrom("valid", "revoked", "provider", "random", "none", "empty", "bearer-valid", "long"),
  random: fc.string({ unit: fc.constantFrom(..."abcdefXYZ0189_-.:/ "), maxLength: 60 }),
});

test("random paths, queries and tokens: never a 5xx, never upstream without a valid token", async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      runs++;
      const path = `/${r.segments.join("/")}${r.trailing ? "/" : ""}${r.query.length ? `?${r.query.join("&")}` : ""}`;
      const authorization = {
        valid,
        revoked,
        provider: PROVIDER_KEY,
        random: r.random,
        none: undefined,
        empty: "",
        "bearer-valid": `Bearer ${valid}`,
        long: "t".repeat(5000),
      }[r.token];
      const before = upstream.seen.length;
      const status = await rawGet(path, authorization);
      expect(status).toBeLessThan(500);
      expect(status).toBeGreaterThanOrEqual(200);
      if (r.token !== "valid" && r.token !== "bearer-valid") {
        expect(status).toBe(401);
        expect(upstream.seen.length).toBe(before);
      }
    }),
    { numRuns: 300, seed: 16 },
  );
  expect(runs).toBe(300);
  // The runs did reach the upstream with the valid token: the property is not vacuous.
  expect(upstream.seen.length).toBeGreaterThan(0);
});

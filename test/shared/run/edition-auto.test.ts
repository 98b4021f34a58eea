// `auto` asks the server which edition it speaks (request/edition-auto.ts, run/call.ts): once per
// base URL, kept a day beside the answers; never at the provider's host, never for a set edition,
// never for a call whose arguments are refused; a 410 met later moves the base URL to live.
import type { Sent } from "../../../shared/base/http";
import { BASE_URL, failure, fixture, pathServer } from "../harness";

const BASE = BASE_URL;
const GONE: Sent = { status: 410, body: JSON.stringify({ error: "The /v1/ API was retired.", code: "v1_discontinued" }) };

const server = (answer: (path: string) => Sent) => pathServer(answer);

const QUARTERLY_SPEC = fixture("quarterly-bank.json");
const QUARTERLY_LIVE = fixture("live/financials-quarterly.json");
const live = (path: string): Sent => (path.startsWith("/v1/") ? GONE : { status: 200, body: QUARTERLY_LIVE });

const PROBE = "/v1/subsectors/";

test("a live server: asked once (410), then every call speaks live without asking", () => {
  const s = server(live);
  const first = s.call("QUARTERLY", ["BBCA", 2]);
  expect(first.edition).toBe("live");
  expect(s.paths).toEqual([PROBE, "/v2/financials/quarterly/BBCA/"]);
  expect(first.attempts).toBe(2);
  expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nlive$/);
  s.call("QUARTERLY", ["TLKM", 2]);
  // The spec edition's /v2/ mining paths, which a live service has in another shape, never decide.
  // (This server answers every path with a statement: the lookup's request is what is checked.)
  failure(() => s.call("MINING_COMPANY", ["ADRO"]));
  expect(s.paths.slice(2, 3)).toEqual(["/v2/financials/quarterly/TLKM/"]);
  expect(s.paths.slice(3).every((p) => p.startsWith("/v2/mining/"))).toBe(true);
  expect(s.paths.filter((p) => p === PROBE)).toHaveLength(1);
});

test("a spec server: the list answers, so spec, kept", () => {
  const s = server((path) => ({ status: 200, body: path === PROBE ? "[]" : QUARTERLY_SPEC }));
  expect(s.call("QUARTERLY", ["BBCA", 2]).edition).toBe("spec");
  s.call("QUARTERLY", ["TLKM", 2]);
  expect(s.paths).toEqual([PROBE, "/v1/financials/quarterly/BBCA/", "/v1/financials/quarterly/TLKM/"]);
  expect(s.cache.get(`edition of ${BASE}`)).toMatch(/\nspec$/);
});

test("no question at the provider's host, nor for a set edition", () => {
  const s = server((path) => ({ status: 200, body: path.startsWith("/v1/") ? QUARTERLY_SPEC : QUARTERLY_LIVE }));
  expect(s.call("QUARTERLY", ["BBCA", 2], { baseUrl: "https://api.sectors.app" }).edition).toBe("live");
  expect(s.call("QUARTERLY", ["BBCA", 2], { edition: "spec" }).edition).toBe("spec");
  expect(s.paths).toEqual(["/v2/financials/quarterly/BBCA/", "/v1/financials/quarterly/BBCA/"]);
  expect(s.cache.has(`edition of ${BASE}`)).toBe(false);
});

test("a bad argument costs no request, the question included", () => {
  const s = server(live);
  expect(failure(() => s.call("QUARTERLY", ["BBCA", "four"])).kind).toBe("bad_argument");
  expect(s.paths).toEqual([]);
});

test("a server in trouble answers nothing: the call goes on in spec, and the next call asks again", () => {
  let down = true;
  const s = server((path) => (down ? { status: 503, body: "{}" } : live(path)));
  expect(failure(() => s.call("QUARTERLY", ["BBCA", 2])).kind).toBe("server");
  // The question was tried once; the call itself tried its own request three times.
  expect(s.paths).toEqual([PROBE, ...Array(3).fill("/v1/financials/quarterly/BBCA/")]);
  expect(s.cache.has(`edition of ${BASE}`)).toBe(false);
  down = false;
  expect(s.call("QUARTERLY", ["BBCA", 2]).edition).toBe("live");
});

test("a server that moved to live after it was asked: the call's 410 moves it, and the call is answered", () => {
  let moved = false;
  const s = server((path) => (moved ? live(path) : { status: 200, body: path === PROBE ? "[]" : QUARTERLY_SPEC }));
  expect(s.call("QUARTERLY", ["BBCA", 2]).edition).toBe("spec");
  moved = true;
  const after = s.call("QUARTERLY", ["TLKM", 2]);
  expect(after.edition).toBe("live");
  expect(after.attempts).toBe(2);
  expect(s.paths.slice(2)).toEqual(["/v1/financials/quarterly/TLKM/", "/v2/financials/quarterly/TLKM/"]);
  s.call("QUARTERLY", ["ASII", 2]);
  expect(s.paths.slice(4)).toEqual(["/v2/financials/quarterly/ASII/"]);
});

test("a 410 to a call that set spec is shown, not papered over", () => {
  const s = server(live);
  expect(failure(() => s.call("QUARTERLY", ["BBCA", 2], { edition: "spec" })).kind).toBe("gone");
  expect(s.paths).toHaveLength(1);
});

test("explain=true lists the question apart from the call's requests, once, as bookkeeping, asked or kept", () => {
  const s = server(live);
  const rows = (cells: unknown[][], what: string) => cells.filter((r) => r[0] === what).map((r) => r[1]);
  const first = s.call("QUARTERLY", ["BBCA", 2, "", "", "explain=true"]).cells;
  expect(rows(first, "request")).toEqual(["GET /v2/financials/quarterly/BBCA/?n_quarters=2"]);
  expect(rows(first, "bookkeeping")).toEqual([`GET ${PROBE}`]);
  // After the call's own rows: what it is, and that it is not the cell's credits.
  const at = first.findIndex((r) => r[0] === "bookkeeping");
  expect(at).toBeGreaterThan(first.findIndex((r) => r[0] === "credits of this cell"));
  expect(first[at + 1]).toEqual(["asks for", "which edition the server speaks: live"]);
  expect(first[at + 2][1]).toMatch(/from the service$/);
  const again = s.call("QUARTERLY", ["TLKM", 2, "", "", "explain=true"]).cells;
  expect(rows(again, "request")).toEqual(["GET /v2/financials/quarterly/TLKM/?n_quarters=2"]);
  expect(rows(again, "bookkeeping")).toEqual([`GET ${PROBE}`]);
  const kept = again.findIndex((r) => r[0] === "bookkeeping");
  expect(again[kept + 2][1]).toMatch(/from the cache$/);
  expect(again[kept + 4]).toEqual(["credits", 0]);
});

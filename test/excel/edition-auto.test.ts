// `auto` in the built Excel bundle and the built Apps Script, against the sandbox as `npm start`
// serves it (the live edition at the root, the spec edition under /spec): the runtime asks once,
// formulas in flight together share the one question, and the answer is kept for the next ones;
// with the edition set to spec, the formulas are read at the /spec address the root names.
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { loadBundle } from "./load-bundle";

const KEY = "auto-edition-key-7c1e";
const PROBE = "/v1/subsectors/";
let sandbox: Running;
beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "both" });
});
afterAll(() => sandbox.close());

test("Excel: five formulas at once, at the root: one question (410), then live; DAILY answers", async () => {
  const urls: string[] = [];
  const counting = (url: string, init: RequestInit) => {
    urls.push(new URL(url).pathname);
    return fetch(url, init);
  };
  const excel = loadBundle(sandbox.url, { apiKey: KEY, stored: { [STORAGE_KEYS.edition]: "auto" }, globals: { fetch: counting } });
  const tables = await Promise.all(["BBCA", "TLKM", "ASII", "BMRI", "BBRI"].map((t) => excel.call("QUARTERLY", t, 2)));
  for (const t of tables) expect(t[0][0]).not.toMatch(/^#|MDQ:/);
  expect(urls.filter((u) => u === PROBE)).toHaveLength(1);
  expect(urls.filter((u) => u.startsWith("/v2/financials/quarterly/"))).toHaveLength(5);
  expect(urls.some((u) => u.startsWith("/v1/financials/"))).toBe(false);
  const daily = await excel.call("DAILY", "BBCA", "2025-06-02", "2025-06-05");
  expect(daily[1][0]).toBe("BBCA.JK");
  expect(urls.filter((u) => u === PROBE)).toHaveLength(1);
});

test("Sheets: the question is kept in CacheService; under /spec the spec edition answers", () => {
  const root = loadScript({ baseUrl: sandbox.url, apiKey: KEY, edition: "auto" });
  root.ctx.MDQ_QUARTERLY("BBCA", 2);
  root.ctx.MDQ_DAILY("BBCA", "2025-06-02", "2025-06-05");
  const paths = root.rec.requests.map((r) => new URL(r.url).pathname);
  expect(paths[0]).toBe(PROBE);
  expect(paths.slice(1).every((p) => p.startsWith("/v2/"))).toBe(true);
  expect(paths.filter((p) => p === PROBE)).toHaveLength(1);

  const spec = loadScript({ baseUrl: `${sandbox.url}/spec`, apiKey: KEY, edition: "auto" });
  const cells = spec.ctx.MDQ_QUARTERLY("BBCA", 2);
  expect(String(cells[0][0])).not.toMatch(/MDQ:/);
  expect(spec.rec.requests.map((r) => new URL(r.url).pathname)).toEqual(["/spec/v1/subsectors/", "/spec/v1/financials/quarterly/BBCA/"]);
});

// The spec edition set (the task pane's select, the Sheets menu's prompt) at the root, as a user
// who reads the README's edition table sets it: the root's 410 names /spec, and the call is read there.
test("Excel: spec set at the root: the formulas are read at /spec, once it answers as spec; a miner is never 'not found'", async () => {
  const urls: string[] = [];
  const counting = (url: string, init: RequestInit) => {
    urls.push(new URL(url).pathname);
    return fetch(url, init);
  };
  const excel = loadBundle(sandbox.url, { apiKey: KEY, stored: { [STORAGE_KEYS.edition]: "spec" }, globals: { fetch: counting } });
  const first = await excel.call("QUARTERLY", "BBCA", 2);
  expect(first[0][0]).not.toMatch(/^#|MDQ:/);
  expect(urls).toEqual(["/v1/financials/quarterly/BBCA/", `/spec${PROBE}`, "/spec/v1/financials/quarterly/BBCA/"]);
  // Kept: the next formulas go straight to /spec, a mining company included.
  const miner = await excel.call("MINING_COMPANY", "ADRO");
  expect(JSON.stringify(miner)).not.toMatch(/MDQ:|#N\/A/);
  expect(urls.slice(3).every((u) => u.startsWith("/spec/"))).toBe(true);
});

test("Sheets: spec set at the root: read at /spec, and kept in CacheService for the next formula", () => {
  const root = loadScript({ baseUrl: sandbox.url, apiKey: KEY, edition: "spec" });
  expect(String(root.ctx.MDQ_QUARTERLY("BBCA", 2)[0][0])).not.toMatch(/MDQ:/);
  expect(String(root.ctx.MDQ_MINING_PERFORMANCE("ADRO")[0][0])).not.toMatch(/MDQ:/);
  const paths = root.rec.requests.map((r) => new URL(r.url).pathname);
  expect(paths.slice(0, 3)).toEqual(["/v1/financials/quarterly/BBCA/", `/spec${PROBE}`, "/spec/v1/financials/quarterly/BBCA/"]);
  expect(paths.slice(3).every((p) => p.startsWith("/spec/v2/mining/"))).toBe(true);
});

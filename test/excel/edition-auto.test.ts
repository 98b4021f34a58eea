// `auto` in the built Excel bundle and the built Apps Script, against the sandbox as `npm start`
// serves it (the live edition at the root, the spec edition under /spec): the runtime asks once,
// formulas in flight together share the one question, and the answer is kept for the next ones.
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

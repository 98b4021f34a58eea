// Hostile input and hostile answers through the built Excel bundle (npm run build first): limits
// checked before a request, settings refused when they are saved, serial dates as Excel shows
// them, answers past the limit refused, and one back-off for all cells under a 429 storm.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type FaultServer, startFaultServer } from "../../scripts/harness/fault-server";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

let sandbox: TestServer;
let faults: FaultServer;
beforeAll(async () => {
  sandbox = await startCountingSandbox();
  faults = await startFaultServer();
});
afterAll(async () => {
  await sandbox.close();
  await faults.close();
});

/** The sandbox's hits during `run`. */
async function hitsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = sandbox.hits.length;
  await run();
  return sandbox.hits.slice(before);
}

const tickers = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26), 65 + (Math.floor(i / 676) % 26))}A`,
  );

describe("limits checked before any request", () => {
  test("a 10,000-ticker range: #VALUE! naming 'tickers', nothing sent", async () => {
    const excel = loadBundle(sandbox.url);
    const range = tickers(10_000).map((t) => [t]);
    let error: Awaited<ReturnType<typeof cellError>> | undefined;
    const hits = await hitsDuring(async () => (error = await cellError(excel.call("NEWS", range))));
    expect(hits).toEqual([]);
    expect(error?.code).toBe("#VALUE!");
    expect(error?.message).toMatch(/'tickers' makes the request [\d,]+ characters long, more than Excel sends \(8,192\)/);
  });

  test("INDEX before 2019-01-02 and unknown fields= names: #VALUE!, nothing sent; a known field works", async () => {
    const excel = loadBundle(sandbox.url);
    const errors: Array<Awaited<ReturnType<typeof cellError>>> = [];
    const hits = await hitsDuring(async () => {
      errors.push(await cellError(excel.call("INDEX", "lq45", "2018-11-01", "2018-12-31")));
      errors.push(await cellError(excel.call("INDEX", "lq45", "2025-06-01", "2025-06-20", [["fields=close"]])));
    });
    expect(hits).toEqual([]);
    expect(errors.map((e) => e.code)).toEqual(["#VALUE!", "#VALUE!"]);
    expect(errors[0].message).toMatch(/'end' must be 2019-01-02 or later/);
    expect(errors[1].message).toMatch(
      /'fields' must be a comma list of column names \(available: index_code, date, price\) \(got "close"\)/,
    );
    const cells = await excel.call("INDEX", "lq45", "2025-06-01", "2025-06-20", [["fields=price"]]);
    expect(cells[0]).toEqual(["price"]);
  });

  test("Excel serials 1-60 are the days Excel shows, its 1900-02-29 included", async () => {
    const excel = loadBundle(sandbox.url);
    const said = async (serial: number) => (await cellError(excel.call("INDEX", "lq45", null, serial))).message;
    expect(await said(1)).toMatch(/\(got 1900-01-01\)/);
    expect(await said(59)).toMatch(/\(got 1900-02-28\)/);
    expect(await said(60)).toMatch(/'end' must be a date .*\(got 60\)|1900-02-29/);
    expect(await said(61)).toMatch(/\(got 1900-03-01\)/);
  });

  test('"Öl & Gas" is sent as ol-gas', async () => {
    const excel = loadBundle(sandbox.url);
    const hits = await hitsDuring(() => excel.call("COMPANIES", "Öl & Gas").catch(() => undefined));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/sub_sector=ol-gas(&|$)/);
  });
});

test('SGX_COMPANIES("Constructor"): one request, answered as any unknown sector is, never a server error', async () => {
  const excel = loadBundle(sandbox.url);
  let outcome: unknown;
  const hits = await hitsDuring(async () => {
    outcome = await excel.call("SGX_COMPANIES", "Constructor").catch((e: { code: string; message?: string }) => e);
  });
  expect(hits).toHaveLength(1);
  expect(hits[0]).toMatch(/sector=constructor(&|$)/);
  const unknown = await excel.call("SGX_COMPANIES", "No Such Sector").catch((e: { code: string; message?: string }) => e);
  expect(outcome).toEqual(unknown);
});

describe("blank cells that older desktop builds pass as 0 (office-js#4702)", () => {
  test('n_quarters, report_date and approx of 0 are blanks: a table, the very request of QUARTERLY("BBCA")', async () => {
    const excel = loadBundle(sandbox.url);
    const hits = await hitsDuring(async () => expect((await excel.call("QUARTERLY", "BBCA", 0, 0, 0)).length).toBeGreaterThan(1));
    expect(hits).toHaveLength(1);
    // The blank call is answered from the cache of the zeros' call: one and the same request.
    expect(await hitsDuring(() => excel.call("QUARTERLY", "BBCA"))).toEqual([]);
    expect(excel.addin.runtime().stats().fromCache).toBe(1);
    // approx of 0 is not approx=false; FALSE still is.
    const approx = await hitsDuring(async () => {
      await excel.call("QUARTERLY", "BBCA", 4, null, 0);
      await excel.call("QUARTERLY", "BBCA", 4, null, false);
    });
    expect(approx).toHaveLength(2);
    expect(approx[0]).not.toMatch(/approx/);
    expect(approx[1]).toMatch(/approx=false/);
  });

  test("INDEX with start and end of 0: the default window, not #VALUE!", async () => {
    const excel = loadBundle(sandbox.url);
    const cells = await excel.call("INDEX", "lq45", 0, 0);
    expect(cells).toEqual(await loadBundle(sandbox.url).call("INDEX", "lq45"));
  });

  test("0 cells in a tickers range and in a two-column options range are skipped", async () => {
    const excel = loadBundle(sandbox.url);
    const hits = await hitsDuring(async () => {
      await excel.call("NEWS", [["BBCA"], [0], ["TLKM"], [0]]);
      await excel.call("FILINGS", "BBCA", null, null, [
        ["n", 5],
        [0, 0],
        ["transaction_type", 0],
      ]);
    });
    expect(hits).toHaveLength(2);
    expect(decodeURIComponent(hits[0])).toMatch(/BBCA(\.JK)?,TLKM(\.JK)?(&|$)/);
    expect(hits[1]).toMatch(/[?&]n=5(&|$)/);
    expect(hits[1]).not.toMatch(/transaction_type/);
  });

  test("a real 0 where the argument takes 0 (an offset) is still sent", async () => {
    const excel = loadBundle(sandbox.url);
    const hits = await hitsDuring(() => excel.call("MINING_LICENSES", null, "Coal", null, 5, 0));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(/[?&]offset=0(&|$)/);
  });
});

describe("settings refused when they are saved", () => {
  test.each([
    ["a base URL ending in ?", { baseUrl: "https://api.example.com/?" }, /without a query, fragment or user name/],
    ["a base URL ending in #", { baseUrl: "https://api.example.com/#" }, /without a query, fragment or user name/],
    ["a key beyond Latin-1", { apiKey: "sk-live-2024€-0123456789" }, /characters an HTTP header cannot carry/],
    ["an answer limit of 0 MB", { answerMb: 0 }, /the answer limit must be a whole number of MB from 1 to 200/],
  ])("%s", async (_, change, message) => {
    const excel = loadBundle(sandbox.url);
    const before = new Map(excel.storage.items);
    const rt = excel.addin.runtime();
    await expect(rt.saveSettings({ baseUrl: "https://api.example.com", apiKey: "k", ...change })).rejects.toThrow(message);
    expect(excel.storage.items).toEqual(before);
    // The key is never in what the task pane would show.
    await rt.saveSettings({ baseUrl: "https://api.example.com", apiKey: "sk-live-2024€-0123456789" }).catch((e: Error) => {
      expect(e.message).not.toContain("sk-live");
    });
  });
});

describe("answers past the limit", () => {
  let big: http.Server;
  let bigUrl: string;
  const requests: string[] = [];
  beforeAll(async () => {
    // 3 MB of records, gzipped or not as asked.
    const body = JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ id: i, note: "x".repeat(90) })));
    big = http.createServer((req, res) => {
      requests.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(body);
    });
    await new Promise<void>((r) => big.listen(0, "127.0.0.1", r));
    bigUrl = `http://127.0.0.1:${(big.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => big.close(() => r())));

  test("the answer limit set in the task pane refuses a 3 MB answer at 2 MB, once; at the default it is a table", async () => {
    const strict = loadBundle(bigUrl, { stored: { [STORAGE_KEYS.answerMb]: "2" } });
    const error = await cellError(strict.call("GET", "v1/records/"));
    expect(error.code).toBe("#N/A");
    expect(error.message).toBe(
      "MDQ: the answer is larger than MDQ accepts (2 MB): narrow it with fields=, n= or dates, or raise the answer limit in the MDQ settings task pane (Home > MDQ settings).",
    );
    expect(requests).toHaveLength(1);
    const cells = await loadBundle(bigUrl).call("GET", "v1/records/");
    expect(cells).toHaveLength(30_001);
  });
});

describe("results within Excel's limits", () => {
  let wide: http.Server;
  let wideUrl: string;
  let sent = 0;
  beforeAll(async () => {
    // `rows` records of 60 numeric fields: 12,000 of them are an 11 MB answer (within the 25 MB
    // answer limit) that would make a 6.8 MB result, past the 5 MB Excel takes from one function.
    wide = http.createServer((req, res) => {
      sent++;
      const rows = Number(new URL(req.url ?? "/", "http://x").searchParams.get("rows"));
      const record = (i: number) =>
        Object.fromEntries(
          Array.from({ length: 60 }, (_, c) => [`c${String(c).padStart(2, "0")}`, 100_000 + ((i * 61 + c) % 900_000) / 100]),
        );
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(Array.from({ length: rows }, (_, i) => record(i))));
    });
    await new Promise<void>((r) => wide.listen(0, "127.0.0.1", r));
    wideUrl = `http://127.0.0.1:${(wide.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => wide.close(() => r())));

  test("12,000 × 60 cells (6.8 MB as JSON) are #N/A naming fields=, n= and dates; 5,000 × 60 are a table", async () => {
    const excel = loadBundle(wideUrl);
    const error = await cellError(excel.call("GET", "v1/wide/", "rows=12000"));
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(
      /^MDQ: the answer would make a result of 6\.8 MB, more than Excel takes from one function \(5 MB\): narrow it with fields=, n= or dates\.$/,
    );
    expect(sent).toBe(1);
    const cells = await excel.call("GET", "v1/wide/", "rows=5000");
    expect(cells).toHaveLength(5001);
    expect(cells[0]).toHaveLength(60);
    // The same answer, fewer columns: fields= brings it under the limit.
    const picked = await excel.call("GET", "v1/wide/", "rows=12000", "fields=c00,c01,c02");
    expect(picked).toHaveLength(12_001);
  });
});

test("a 429 storm over 50 distinct cells: their first requests, then one per pause the service asks for", async () => {
  // Every request answers 429 with Retry-After: 1. Each cell's deadline is 4 s.
  const excel = loadBundle(`${faults.url}/429-retry-after`, { deadlineMs: 4000 });
  const days = Array.from({ length: 50 }, (_, i) => `2025-0${1 + Math.floor(i / 28)}-${String((i % 28) + 1).padStart(2, "0")}`);
  const started = Date.now();
  const errors = await Promise.all(days.map((day) => cellError(excel.call("INDEX", "lq45", "", day))));
  const seconds = (Date.now() - started) / 1000;
  for (const e of errors) {
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/rate limit was reached/);
  }
  const requests = faults.hits["429-retry-after"];
  // At most the distinct calls, plus one per pause of 1 s that passed.
  expect(requests).toBeLessThanOrEqual(50 + Math.ceil(seconds));
  expect(excel.addin.runtime().stats().requests).toBe(requests);
});

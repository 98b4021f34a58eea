// Range in, table out, through the built script: a range of tickers is one execution, its
// requests leave in ONE UrlFetchApp.fetchAll, and the answer is one table, the key first and a
// block per key; a key the service does not know gets an error row; more than 50 keys, or a bad
// key, is refused before any request.
import { loadScript, plain } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { IDX_COMPANIES } from "../../src/sandbox/data/idx-companies";

const KEY = "sheets-batch-key-2a9d";
let sandbox: Running;

beforeAll(async () => {
  sandbox = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
});
afterAll(() => sandbox.close());

/** A column range as Sheets passes it: one row per cell. */
const column = (values: string[]) => values.map((v) => [v]);

test('=MDQ_QUARTERLY(A2:A51, 1, ..., "fields=revenue,earnings") is one execution and 50 fetches in one fetchAll', () => {
  const known = IDX_COMPANIES.slice(0, 45).map((c) => c.symbol);
  // 45 companies the sandbox knows, then five well-formed tickers it does not know.
  const unknown = Array.from(
    { length: 50 - known.length },
    (_, i) => `ZZ${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
  );
  const tickers = [...known, ...unknown];
  expect(tickers).toHaveLength(50);
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const table = plain(ctx.MDQ_QUARTERLY(column(tickers), 1, "", "", "fields=revenue,earnings; dates=text")) as unknown[][];
  expect(rec.fetchAlls).toEqual([50]);
  expect(rec.requests).toHaveLength(50);
  expect(table[0]).toEqual(["ticker", "date", "revenue", "earnings", "error"]);
  // One block per key, in the order given: a quarter for each known company, an error row for the others.
  expect(table.slice(1).map((row) => row[0])).toEqual(tickers);
  for (const row of table.slice(1, known.length + 1)) {
    expect(row[1]).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(typeof row[2]).toBe("number");
    expect(row[4]).toBe("");
  }
  for (const row of table.slice(known.length + 1)) expect(row[4]).toMatch(/^MDQ: .*not found|no data|unknown/i);
  // The answers are cached one per key: the same range again asks only the keys that failed.
  ctx.MDQ_QUARTERLY(column(tickers), 1, "", "", "fields=revenue,earnings");
  expect(rec.requests.length).toBe(50 + unknown.length);
});

test("a comma list works like a range; the table is each key's own rows, its key column first and once", () => {
  const { ctx, rec } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const both = plain(ctx.MDQ_INDEX("lq45, idx30", "2025-06-02", "2025-06-06")) as unknown[][];
  expect(rec.fetchAlls).toEqual([2]);
  const lq45 = plain(ctx.MDQ_INDEX("lq45", "2025-06-02", "2025-06-06", "orient=rows")) as unknown[][];
  expect(rec.requests).toHaveLength(2); // from the cache
  // INDEX's own `index_code` column is the key column: one header per column.
  expect(lq45[0][0]).toBe("index_code");
  expect(both[0]).toEqual(lq45[0]);
  expect(new Set(both[0]).size).toBe(both[0].length);
  expect(both.slice(1, lq45.length)).toEqual(lq45.slice(1));
  expect(both.slice(lq45.length).every((row) => row[0] === "IDX30")).toBe(true);
});

test("51 keys, or one bad key, are refused before any request, naming the argument", () => {
  const { rec, errorOf } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  const many = Array.from({ length: 51 }, (_, i) => `A${String(i).padStart(3, "0")}`.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)]));
  expect(errorOf("MDQ_QUARTERLY", column(many), 1)).toMatch(
    /^MDQ: 'ticker' names 51 keys, more than the 50 one call takes \(no request was sent\)/,
  );
  expect(errorOf("MDQ_QUARTERLY", column(["BBCA", "B@D!"]), 1)).toMatch(/^MDQ: 'ticker' must be .*\(got "B@D!"\)/);
  expect(rec.requests).toHaveLength(0);
});

test("when every key fails, the call fails with the first key's error", () => {
  const { errorOf } = loadScript({ baseUrl: sandbox.url, apiKey: KEY });
  expect(errorOf("MDQ_QUARTERLY", column(["ZZZA", "ZZZB"]), 1)).toMatch(/and so did every one of the 2 keys of 'ticker'/);
});

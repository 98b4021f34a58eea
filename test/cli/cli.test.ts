// The built `mdq` command end to end, spec edition: a recording proxy on 127.0.0.1 in front of
// the sandbox sees every request the command sends; the JSON output is the spreadsheet table.

import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { CATALOGUE } from "../../shared/catalogue/catalogue";
import { KLSE_SECTORS } from "../../src/sandbox/data/klse-companies";
import { startSandbox } from "../../src/sandbox/server";
import { type RecordingProxy, startRecordingProxy } from "./proxy";
import { SPEC_EDITION } from "./spec-edition";

const BIN = join(__dirname, "..", "..", "dist", "cli", "mdq.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const run = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH, ...SPEC_EDITION, ...env }, timeout: 40_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let proxy: RecordingProxy;
let proxyUrl: string;
let seen: RecordingProxy["seen"];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, apiKey: "test-key", today: "2025-06-30" });
  proxy = await startRecordingProxy(sandbox.url);
  proxyUrl = proxy.url;
  seen = proxy.seen;
});

afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

beforeEach(() => (seen.length = 0));

const call = (args: string[]) => run([...args, "--base-url", proxyUrl, "--api-key", "test-key", "--format", "json"]);

/** One call per function, the path the service must see (or the paths, in any order: requests sent
 *  side by side), and a check of the printed table. */
const CALLS: Array<[string[], string | string[], (t: unknown[][]) => void]> = [
  [
    ["FILINGS", "BBCA", "", "", "n=3"],
    "/v1/filings/?n=3&tickers=BBCA.JK",
    (t) => expect(t[0]).toEqual(expect.arrayContaining(["title", "tickers", "price", "price_transaction.prices"])),
  ],
  [
    ["NEWS", "TLKM", "", "", "n=2"],
    "/v1/news/?n=2&tickers=TLKM.JK",
    (t) => expect(t[0]).toEqual(expect.arrayContaining(["title", "dimension.future"])),
  ],
  [
    ["COMPANIES", "banks", "market_cap", "true"],
    "/v1/companies/?desc=true&sort_by=market_cap&sub_sector=banks",
    (t) => expect(t[0]).toEqual(["symbol", "company_name", "sorted_by"]),
  ],
  [
    ["QUARTERLY", "BBCA", "4"],
    "/v1/financials/quarterly/BBCA/?n_quarters=4",
    (t) => {
      expect(t[0][0]).toBe("date");
      expect(t[0]).toHaveLength(5);
      expect(t.map((r) => r[0])).toEqual(expect.arrayContaining(["symbol", "revenue", "financials_sector_metrics.net_interest_income"]));
      const dates = t[0].slice(1) as string[];
      expect([...dates].sort()).toEqual(dates);
    },
  ],
  [
    ["SEGMENTS", "TLKM"],
    "/v1/company/get-segments/TLKM/",
    (t) => expect(t[0]).toEqual(["symbol", "financial_year", "source", "target", "value"]),
  ],
  [
    ["INDEX", "lq45", "2025-01-01", "2025-01-31"],
    "/v1/index-daily/lq45/?end=2025-01-31&start=2025-01-01",
    (t) => {
      expect(t[0]).toEqual(["index_code", "date", "price"]);
      expect(t[1][0]).toBe("LQ45");
    },
  ],
  [
    ["SGX_COMPANIES", "financial-services"],
    "/v1/sgx/companies/?sector=financial-services",
    (t) => expect(t.map((r) => r[0])).toEqual(expect.arrayContaining(["D05", "O39", "U11"])),
  ],
  [
    ["KLSE_REPORT", "1155"],
    "/v1/klse/company/report/1155/",
    (t) => {
      expect(t[0]).toEqual(["field", "value"]);
      expect(t).toContainEqual(["symbol", "1155"]);
    },
  ],
  [
    ["KLSE_TOP", "pe"],
    "/v1/klse/companies/top/?classifications=pe",
    (t) => {
      expect(t[0]).toEqual(["classification", "rank", "symbol", "company_name", "value"]);
      expect(t[1].slice(0, 2)).toEqual(["pe", 1]);
    },
  ],
  [
    ["MINING_COMPANIES", "", "Coal", "5"],
    "/v2/mining/companies/?commodity=Coal&limit=5",
    (t) => expect(t[0]).toEqual(["id", "name", "idx_ticker", "company_type", "key_operation"]),
  ],
  [
    ["MINERAL_COMPANIES", "", "Nickel"],
    "/v2/mineral-companies/?commodity=Nickel",
    (t) => expect(t[0]).toEqual(["id", "name", "idx_ticker", "company_type", "key_operation"]),
  ],
  [
    ["MINING_COMPANY", "1"],
    "/v2/mining/companies/1/",
    (t) => expect(t.map((r) => r[0])).toEqual(expect.arrayContaining(["field", "name", "aggregates.mining_site_count"])),
  ],
  [
    ["MINING_FINANCIALS", "ITMG"],
    "/v2/mining/companies/ITMG.JK/financials/",
    (t) => expect(t[0].some((c) => String(c).startsWith("revenue_breakdown."))).toBe(true),
  ],
  [
    ["MINING_PERFORMANCE", "1"],
    "/v2/mining/companies/1/performance/",
    (t) =>
      expect(t[0]).toEqual(["year", "commodity_type", "commodity_sub_type", "commodity_stats.unit", "commodity_stats.production_volume"]),
  ],
  [
    ["MINING_LICENSES", "", "Coal", "", "5"],
    "/v2/mining/licenses/?commodity=Coal&limit=5",
    (t) => expect(t[0]).toEqual(["id", "license_number", "province", "city", "permit_expiry_date", "commodity", "company_name"]),
  ],
  [
    ["MINING_SITES", "", "Coal", "", "production", "5"],
    "/v2/mining/sites/?limit=5&mineral_type=Coal&sort_by=production",
    (t) => expect(t[0]).toEqual(["id", "name", "year", "mineral_type", "company_id", "production_volume"]),
  ],
  [
    ["GLOBAL_COMMODITY", "Nickel"],
    "/v2/mining/global-commodity/?commodity_type=Nickel",
    (t) => expect(t[0].some((c) => String(c).startsWith("production_volume."))).toBe(true),
  ],
  [
    ["SALES_DESTINATION", "ITMG"],
    "/v2/sales-destination/?ticker=ITMG.JK",
    (t) => expect(t[0]).toEqual(["year", "country", "revenue", "percentage_of_total_revenue", "volume", "percentage_of_sales_volume"]),
  ],
  [["VALUE", "BBCA", "revenue", "-2"], "/v1/financials/quarterly/BBCA/?n_quarters=2", (t) => expect(t).toEqual([[expect.any(Number)]])],
  [["LIST", "index_members", "index=lq45"], "/v1/index/lq45/", (t) => expect(t[0]).toEqual(["symbol", "company_name"])],
  [
    ["LIST", "companies_with_segments"],
    "/v1/companies/list_companies_with_segments/",
    (t) => {
      expect(t[0]).toEqual(["symbol", "financial_year"]);
      expect(t).toContainEqual(["BBCA.JK", 2024]);
    },
  ],
  [["GET", "v1/sgx/sectors/"], "/v1/sgx/sectors/", (t) => expect(t[0]).toEqual(["value"])],
  [
    // One market: its sectors, then each sector's companies (the spec edition lists them no other way).
    ["SEARCH", "petronas chem", "klse"],
    ["/v1/klse/sectors/", ...KLSE_SECTORS.map((s) => `/v1/klse/companies/?sector=${s}`)],
    (t) =>
      expect(t).toEqual([
        ["symbol", "name", "market", "sector"],
        ["5183", "Petronas Chemicals Group Berhad", "KLSE", "basic-materials"],
      ]),
  ],
];

describe("mdq <FUNCTION> against a server that speaks the spec", () => {
  test("every function of the spec edition is exercised", () => {
    expect(new Set(CALLS.map(([args]) => args[0]))).toEqual(new Set(CATALOGUE.filter((f) => f.editions.spec).map((f) => f.name)));
  });

  test.each(CALLS)("%j", async (args, path, check) => {
    const result = await call(args);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const paths = typeof path === "string" ? [path] : [...path].sort();
    expect([...seen].sort((a, b) => (a.url < b.url ? -1 : 1))).toEqual(paths.map((url) => ({ url, auth: "test-key" })));
    const table = JSON.parse(result.stdout) as unknown[][];
    expect(new Set(table.map((r) => r.length)).size).toBe(1);
    check(table);
  });
});

describe("failures", () => {
  test("a bad argument exits 2 and sends nothing", async () => {
    const result = await call(["FILINGS", "BBCA", "", "", "n=50"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("MDQ error: 'n' must be a whole number from 1 to 30 (got \"50\")\n");
    expect(seen).toHaveLength(0);
  });

  test("a live-only function exits 2, sends nothing and names what the spec edition offers instead", async () => {
    const result = await call(["MINING_SITE", "pit-hatari"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^MDQ error: MINING_SITE is not offered by the spec edition of the service\. MINING_SITES lists the sites/,
    );
    expect(seen).toHaveLength(0);
  });

  test("an unknown function exits 2", async () => {
    const result = await call(["QUARTERLYX", "BBCA"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^MDQ error: there is no function "QUARTERLYX"/);
  });

  test("a refused key exits 1 with one line and no stack, never echoing the key", async () => {
    const result = await run(["QUARTERLY", "BBCA", "--base-url", proxyUrl, "--api-key", "wrong-key-xyz"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^MDQ error: the API key was refused \(401\)/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toContain("wrong-key-xyz");
  });

  test("an unknown ticker exits 1 with the service's reason", async () => {
    const result = await call(["QUARTERLY", "ZZZZ"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^MDQ error: not found \(404\)/);
  });

  test("a refused connection names the host and what to check", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const result = await run(["INDEX", "lq45"], { MDQ_BASE_URL: `http://127.0.0.1:${port}`, MDQ_API_KEY: "k" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^MDQ error: could not reach 127.0.0.1:${port} \\(connection refused\\)\\. Check the base URL and your connection`),
    );
    expect(result.stderr).not.toContain("npm start");
  });

  test("the key is never sent over plain http to another computer: exit 2, no connection", async () => {
    const result = await run(["INDEX", "lq45", "--base-url", "http://api.example.com", "--api-key", "secret-key-42"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^MDQ error: the base URL must use https:\/\/ for api.example.com/);
    expect(result.stderr).not.toContain("secret-key-42");
  });

  test("every Object.prototype name is an argument, never a flag: the key stays in its header", async () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    const results = await Promise.all(
      names.map((name) => run(["MINING_COMPANIES", name, "--api-key", "test-key", "--base-url", proxyUrl, "--format", "json"])),
    );
    // No company has such a name: the service's empty answer, for each name sent as typed.
    for (const r of results) expect(r.stderr).toMatch(/^MDQ error: no data for this request/);
    const keywords = seen.map((s) => new URL(s.url, "http://x").searchParams.get("keyword"));
    expect(keywords.sort()).toEqual([...names].sort());
    expect(seen.every((s) => s.auth === "test-key" && !s.url.includes("test-key"))).toBe(true);
  });

  test("settings that cannot work are refused before anything is sent (exit 2)", async () => {
    for (const baseUrl of [`${proxyUrl}/?`, `${proxyUrl}#`]) {
      const result = await run(["INDEX", "lq45", "--base-url", baseUrl, "--api-key", "test-key"]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/without a query, fragment or user name/);
    }
    const limit = await run(["INDEX", "lq45", "--answer-mb", "0"], { MDQ_BASE_URL: proxyUrl, MDQ_API_KEY: "test-key" });
    expect(limit.code).toBe(2);
    expect(limit.stderr).toBe(
      "MDQ error: the answer limit must be a whole number of MB from 1 to 200 (got 0). Fix it with --answer-mb or the MDQ_ANSWER_MB variable.\n",
    );
    expect(seen).toHaveLength(0);
  });

  test("a configured base URL without a key is refused before sending", async () => {
    const result = await run(["INDEX", "lq45"], { MDQ_BASE_URL: "https://api.example.com" });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("MDQ error: no API key is set. Add your key with --api-key or the MDQ_API_KEY variable.\n");
  });

  test("a base URL on this computer without a key gets the sandbox's demo key", async () => {
    // This sandbox takes another key: the demo key reaches it, and is refused.
    const result = await run(["INDEX", "lq45"], { MDQ_BASE_URL: proxyUrl });
    expect(seen.map((r) => r.auth)).toEqual(["demo"]);
    expect(result.stderr).toMatch(/^MDQ error: the API key was refused \(401\)/);
  });
});

describe("environment, formats and help", () => {
  test("MDQ_BASE_URL and MDQ_API_KEY configure the command; csv and table formats", async () => {
    const env = { MDQ_BASE_URL: proxyUrl, MDQ_API_KEY: "test-key" };
    const csv = await run(["INDEX", "lq45", "2025-01-01", "2025-01-10", "--format", "csv"], env);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split("\n")[0]).toBe("index_code,date,price");
    const table = await run(["INDEX", "lq45", "2025-01-01", "2025-01-10", "--format=table"], env);
    expect(table.stdout.split("\n")[0]).toMatch(/^index_code\s+date\s+price$/);
  });

  test("with nothing configured it uses the local sandbox and says so", async () => {
    const result = await run(["INDEX", "lq45"]);
    expect(result.stderr).toContain("using the local sandbox at http://127.0.0.1:8787");
  });

  test("functions and help come from the catalogue", async () => {
    const list = await run(["functions"]);
    expect(list.code).toBe(0);
    for (const fn of CATALOGUE) expect(list.stdout).toContain(fn.name);
    const help = await run(["help", "quarterly"]);
    expect(help.stdout).toContain("mdq QUARTERLY ticker [n_quarters] [report_date] [approx] [options]");
    expect(help.stdout).toContain("n_quarters");
  });
});

// The common display options on real resources (headers, orient, fields, dates) and the
// "no data" answer for empty results, through the real pipeline.

import { present } from "../../../shared/answer/display";
import { CLI_LIMITS, EXCEL_LIMITS, SHEETS_LIMITS } from "../../../shared/answer/host-limits";
import type { MdqError } from "../../../shared/base/errors";
import { failure, fixture, run, serve } from "../harness";

const COMPANIES = [
  ["symbol", "company_name", "sorted_by"],
  ["BKPA.JK", "Bank Kapuas Tbk", 412000000000000],
  ["BMLK.JK", "Bank Maluku Tbk", 98500000000.5],
  ["BSRY.JK", "Bank Sriwijaya Tbk", null],
];
const companies = (options: unknown) => run("COMPANIES", ["banks", "", "", options as string], "companies.json").cells;

describe("headers", () => {
  test("headers=false drops the header row", () => {
    expect(companies("headers=false")).toEqual(COMPANIES.slice(1));
  });

  test("headers=FALSE, and a real FALSE from a two-column options range, do the same", () => {
    expect(companies("headers=FALSE")).toEqual(COMPANIES.slice(1));
    expect(companies([["headers", false]] as unknown as string)).toEqual(COMPANIES.slice(1));
  });

  test("headers=true is the default", () => {
    expect(companies("headers=true")).toEqual(COMPANIES);
    expect(companies("")).toEqual(COMPANIES);
  });

  test("a field, value table without headers keeps only the values", () => {
    const { cells } = run("MINING_PERFORMANCE", [11, "", "headers=false; orient=columns"], "mining-performance.json");
    expect(cells).toEqual([
      [2025, 2023],
      ["Coal", "Nickel"],
      ["Thermal Coal", "Laterite Ore"],
      ["Mt", "kt"],
      [31.4, null],
    ]);
  });

  test("QUARTERLY without headers: the quarters only, the date row still heading them", () => {
    const { cells } = run("QUARTERLY", ["BKPA", 3, "", "", "headers=false; fields=date,revenue"], "quarterly-bank.json");
    expect(cells).toEqual([
      ["2025-06-30", "2025-09-30", "2025-12-31"],
      [27000027000, 27000054000, 27000081000],
    ]);
  });
});

describe("orient", () => {
  test("orient=columns transposes a record list: field names down the first column", () => {
    expect(companies("orient=columns")).toEqual([
      ["symbol", "BKPA.JK", "BMLK.JK", "BSRY.JK"],
      ["company_name", "Bank Kapuas Tbk", "Bank Maluku Tbk", "Bank Sriwijaya Tbk"],
      ["sorted_by", 412000000000000, 98500000000.5, null],
    ]);
  });

  test("orient=columns of a single record gives a field, value table", () => {
    const one = JSON.stringify([JSON.parse(fixture("companies.json"))[0]]);
    expect(serve("COMPANIES", ["banks", "", "", "orient=columns"], one).cells).toEqual([
      ["field", "value"],
      ["symbol", "BKPA.JK"],
      ["company_name", "Bank Kapuas Tbk"],
      ["sorted_by", 412000000000000],
    ]);
  });

  test("orient=rows of a long table changes nothing", () => {
    const a = run("SALES_DESTINATION", ["BRSG"], "sales-destination.json").cells;
    expect(run("SALES_DESTINATION", ["BRSG", "orient=rows"], "sales-destination.json").cells).toEqual(a);
  });

  test("orient=columns with headers=false: transposed values only", () => {
    expect(companies("orient=columns; headers=false")).toEqual([
      ["BKPA.JK", "BMLK.JK", "BSRY.JK"],
      ["Bank Kapuas Tbk", "Bank Maluku Tbk", "Bank Sriwijaya Tbk"],
      [412000000000000, 98500000000.5, null],
    ]);
  });
});

describe("fields", () => {
  test("picks and orders columns", () => {
    expect(companies("fields=sorted_by,symbol")).toEqual([
      ["sorted_by", "symbol"],
      [412000000000000, "BKPA.JK"],
      [98500000000.5, "BMLK.JK"],
      [null, "BSRY.JK"],
    ]);
  });

  test("names are case-insensitive and spaces around commas are ignored", () => {
    expect(companies("fields=SYMBOL , Company_Name")).toEqual(COMPANIES.map((r) => r.slice(0, 2)));
  });

  test("a dotted prefix picks all its children: dimension picks the eight scores", () => {
    const { cells } = run("NEWS", ["", "", "", "fields=id,dimension"], "news.json");
    expect(cells).toEqual([
      [
        "id",
        "dimension.future",
        "dimension.dividend",
        "dimension.ownership",
        "dimension.technical",
        "dimension.valuation",
        "dimension.financials",
        "dimension.management",
        "dimension.sustainability",
      ],
      ["7701", 2, 0, 0, 1, 0, 1, 0, 3],
      ["7702", 0, 1, 0, 0, 2, 3, 0, 0],
    ]);
  });

  test("a dotted name picks one child; a prefix is not a partial word match", () => {
    const { cells } = run("MINING_FINANCIALS", ["BRSG", "", "fields=year,revenue_breakdown.Coal,revenue"], "mining-financials.json");
    expect(cells).toEqual([
      ["year", "revenue_breakdown.Coal", "revenue"],
      [2025, 1700.5, 1850.75],
      [2024, 1600, 1720.5],
    ]);
  });

  test("a column named twice (directly and through its prefix) appears once", () => {
    const { cells } = run(
      "MINING_FINANCIALS",
      ["BRSG", "", "fields=cost_of_revenue_breakdown.Fuel,cost_of_revenue_breakdown"],
      "mining-financials.json",
    );
    expect(cells[0]).toEqual(["cost_of_revenue_breakdown.Fuel", "cost_of_revenue_breakdown.Royalty"]);
  });

  test("fields on QUARTERLY keep the statement layout", () => {
    const { cells } = run(
      "QUARTERLY",
      ["BKPA", 3, "", "", "fields=date,earnings,financials_sector_metrics.gross_loan"],
      "quarterly-bank.json",
    );
    expect(cells).toEqual([
      ["date", "2025-06-30", "2025-09-30", "2025-12-31"],
      ["earnings", 13490013490, 13490026980, 13490040470],
      ["financials_sector_metrics.gross_loan", 900000900000, 900001800000, 900002700000],
    ]);
  });

  test("fields on a field, value table keep the field, value header", () => {
    const { cells } = run("KLSE_REPORT", ["7123", "", "fields=name,dividend.payout_ratio"], "klse-report.json");
    expect(cells).toEqual([
      ["field", "value"],
      ["name", "Tanjung Padi Berhad"],
      ["dividend.payout_ratio", 0.55],
    ]);
  });

  test("an unknown field is a bad argument that names it and lists what is available", () => {
    const e = failure(() => companies("fields=symbol,market_value"));
    expect(e.kind).toBe("bad_argument");
    expect(e.message).toBe(
      `MDQ: 'fields' must be a comma list of column names (available: symbol, company_name, sorted_by) (got "market_value")`,
    );
  });

  test("a field the service dropped as unknown cannot be picked", () => {
    const e = failure(() => run("FILINGS", ["", "", "", "fields=idx_investor_slug"], "filings.json"));
    expect(e.kind).toBe("bad_argument");
    expect(e.message).toContain(`(got "idx_investor_slug")`);
    expect(e.message).toContain(
      "available: id, created_at, title, body, source, timestamp, sector, sub_sector, tags, tickers, transaction_type, holding_before, holding_after, amount_transaction, ...)",
    );
  });

  test("an unknown option name is an error, not ignored", () => {
    const e = failure(() => companies("field=symbol"));
    expect(e.kind).toBe("bad_argument");
    expect(e.message).toMatch(
      /^MDQ: unknown option 'field' for COMPANIES \(allowed: sub_industry, headers, orient, fields, dates, refresh, notes, explain, stale\)$/,
    );
  });
});

describe("dates", () => {
  const asDate = (iso: string) => ({ date: iso });

  test("dates=date converts the date and timestamp columns with the host's writer, nothing else", () => {
    const { cells } = run("FILINGS", ["", "", "", "dates=date; fields=id,created_at,timestamp,title"], "filings.json", asDate);
    expect(cells).toEqual([
      ["id", "created_at", "timestamp", "title"],
      ["9101", { date: "2026-03-02T08:15:30.123456Z" }, { date: "2026-03-02T15:40:00Z" }, "Budi Santoso Buys Shares of Kopi Nusantara Tbk"],
      ["9102", { date: "2026-03-03T01:02:03.000001Z" }, { date: "2026-03-03T09:00:00Z" }, "PT Dana Abadi Sells Shares of Baja Timur Tbk"],
      ["9103", { date: "2026-03-04T11:11:11.111111Z" }, { date: "2026-03-04T12:00:00Z" }, "Sari Wulandari Buys Shares of Bank Kapuas Tbk"],
    ]);
  });

  test("an empty date cell stays empty; permit_expiry_date is a date column", () => {
    const { cells } = run(
      "MINING_LICENSES",
      ["", "", "", "", "", "dates=date; fields=id,permit_expiry_date"],
      "mining-licenses.json",
      asDate,
    );
    expect(cells).toEqual([
      ["id", "permit_expiry_date"],
      ["5501", { date: "2027-01-15" }],
      ["5502", null],
    ]);
  });

  test("QUARTERLY's date row becomes dates, the field names stay text", () => {
    const { cells } = run("QUARTERLY", ["BKPA", 3, "", "", "dates=date; fields=date,revenue"], "quarterly-bank.json", asDate);
    expect(cells).toEqual([
      ["date", { date: "2025-06-30" }, { date: "2025-09-30" }, { date: "2025-12-31" }],
      ["revenue", 27000027000, 27000054000, 27000081000],
    ]);
  });

  test("a writer that cannot convert a value leaves the text", () => {
    const { cells } = run("INDEX", ["lq45", "", "", "dates=date"], "index-daily.json", (iso) =>
      iso.endsWith("03") ? undefined : `serial:${iso}`,
    );
    expect(cells.map((r) => r[1])).toEqual(["date", "serial:2026-02-02", "2026-02-03", "serial:2026-02-04"]);
  });

  test("dates=text (the default) never calls the writer", () => {
    const writer = jest.fn(asDate);
    const { cells } = run("INDEX", ["lq45", "", ""], "index-daily.json", writer);
    expect(writer).not.toHaveBeenCalled();
    expect(cells[1]).toEqual(["LQ45", "2026-02-02", 812.45]);
    expect(run("INDEX", ["lq45", "", "", "dates=text"], "index-daily.json", writer).cells).toEqual(cells);
    expect(writer).not.toHaveBeenCalled();
  });

  test("dates=date without a writer (the command line) keeps ISO text", () => {
    expect(run("INDEX", ["lq45", "", "", "dates=date"], "index-daily.json").cells).toEqual(
      run("INDEX", ["lq45"], "index-daily.json").cells,
    );
  });
});

describe("no data", () => {
  const noData = (name: string, args: unknown[], body: string): MdqError => failure(() => serve(name, args as string[], body));
  const MESSAGE = "MDQ: no data for this request. Check the arguments (dates, ticker, filters).";

  test.each([
    ["FILINGS", [], fixture("empty-list.json")],
    ["NEWS", [], "[]"],
    ["COMPANIES", ["banks"], "[]"],
    ["QUARTERLY", ["BKPA"], "[]"],
    ["INDEX", ["lq45"], "[]"],
    ["MINING_SITES", [], "[]"],
    ["GLOBAL_COMMODITY", ["Gold"], "[]"],
    ["LIST", ["tags"], "[]"],
    ["GET", ["v1/tags/"], "[]"],
    ["SALES_DESTINATION", ["BRSG"], "{}"],
    ["SEGMENTS", ["KOPI"], JSON.stringify({ symbol: "KOPI.JK", financial_year: 2024, revenue_breakdown: [] })],
    ["KLSE_TOP", [], JSON.stringify({ dividend_yield: [], revenue: [], earnings: [], market_cap: [], pe: [] })],
    ["KLSE_REPORT", ["7123", "historical_revenue"], JSON.stringify({ symbol: "7123", financials: { historical_revenue: [] } })],
    ["MINING_COMPANY", [11], "{}"],
    ["GET", ["v1/one/"], "{}"],
  ])("%s %j with an empty answer is no_data, never a blank", (name, args, body) => {
    const e = noData(name, args, body);
    expect(e.kind).toBe("no_data");
    expect(e.message).toBe(MESSAGE);
  });
});

describe("one table shown under several hosts' limits", () => {
  // One table (Excel shows up to five variants of one answer) shown under each host's limits in
  // turn: each host's limits are read on their own, nothing of one carried to the next.
  const table = { columns: ["name", "text"], rows: [["a", "x".repeat(40_000)]], orient: "rows" as const };
  const tight = { ...SHEETS_LIMITS, cellChars: 1000 };

  test("whole for one host, refused by another, cut for a third, in any order and again", () => {
    for (let round = 0; round < 2; round++) {
      expect((present(table, { headers: false }, SHEETS_LIMITS)[0][1] as string).length).toBe(40_000);
      expect(() => present(table, { headers: true }, EXCEL_LIMITS)).toThrow(/more than Excel takes in a cell/);
      expect((present(table, { headers: false, orient: "columns" }, tight)[1][0] as string).length).toBe(1000);
      expect(() => present(table, { headers: false }, CLI_LIMITS)).not.toThrow();
    }
  });
});

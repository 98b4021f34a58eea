// VALUE through the core with fixtures as the service's answers and a fixed clock: every period
// form, fields a company does not report, periods outside the data, both editions, what is
// refused before any request, the answers kept, and the groups a host gathers cells in.

import type { CellValue } from "../../../shared/base/cells";
import { findFunction, functionNamed } from "../../../shared/catalogue/catalogue";
import { MEASURES } from "../../../shared/catalogue/functions/quarterly";
import { DATASETS, datasetFields } from "../../../shared/catalogue/functions/value-datasets";
import { RATIOS } from "../../../shared/catalogue/functions/value-quarters";
import { gatheringOf, withCover } from "../../../shared/catalogue/value-gathering";
import { parseArg } from "../../../shared/input/kinds";
import { period } from "../../../shared/input/periods";
import { BASE_URL } from "../harness";
import { NOW, value } from "./value-calls";

const bank = (p: CellValue, field = "revenue", options?: string) =>
  value(["BKPA", field, p, ...(options ? [options] : [])], { spec: "quarterly-bank.json" });

describe("the period argument", () => {
  test.each([
    ["2024Q4", "2024Q4"],
    ["q4 2024", "2024Q4"],
    ["2024-q1", "2024Q1"],
    ["FY2024", "2024"],
    ["fy 2023", "2023"],
    [2024, "2024"],
    ["2024", "2024"],
    ["2024-12-31", "2024-12-31"],
    [45657, "2024-12-31"],
    [new Date(Date.UTC(2024, 11, 31)), "2024-12-31"],
    [-1, "-1"],
    ["-2", "-2"],
    ["LAST", "-1"],
    ["latest", "-1"],
    ["", undefined],
    ["H1 2024", "2024H1"],
    ["1h2024", "2024H1"],
    ["2024-H2", "2024H2"],
    ["9M 2024", "20249M"],
    ["TTM", "TTM"],
    ["ltm", "TTM"],
    ["TTM 2024Q3", "TTM2024Q3"],
    ["ttm Q3 2024", "TTM2024Q3"],
    ["CY2024", "CY2024"],
    ["cy 2024q3", "CY2024Q3"],
    ["CY H1 2024", "CY2024H1"],
    ["H1 FY2024", "2024H1"],
    ["FY2024Q3", "2024Q3"],
    ["TTM CY2024Q3", "TTMCY2024Q3"],
  ] as Array<[CellValue, string | undefined]>)("%j reads as %j", (cell, canonical) => {
    expect(parseArg("period", period, cell)).toBe(canonical);
  });

  test.each(["2024Q5", "yesterday", "2024-02-30", "Q2", "+1", "H3 2024", "TTM 2024", "10M 2024", "CY", "CY-1", "TTM CY2024"])(
    "%j is refused, naming the argument and what is allowed",
    (cell) => {
      expect(() => parseArg("period", period, cell)).toThrow(
        /'period' must be a fiscal quarter \(2024Q4\), year \(FY2024\) or H1, H2 or 9M of one \(H1 2024\), a calendar one with CY \(CY2024, CY2024Q4\), TTM \(TTM 2024Q3\), a date/,
      );
    },
  );
});

describe("quarterly statements (spec)", () => {
  // A step back asks the latest quarters alone; a fiscal period or a date asks the fiscal dates too.
  test.each([
    [-1, 27000081000, 1],
    ["LAST", 27000081000, 1],
    ["", 27000081000, 1],
    [-2, 27000054000, 1],
    [-3, 27000027000, 1],
    ["2025Q3", 27000054000, 2],
    ["Q2 2025", 27000027000, 2],
    ["H2 2025", 27000054000 + 27000081000, 2],
    ["CY H2 2025", 27000054000 + 27000081000, 1],
    ["2025-09-30", 27000054000, 2],
    [46022, 27000081000, 2], // 2025-12-31 as an Excel date
  ] as Array<[CellValue, number, number]>)("period %j gives %d, one number in one cell, from %d request(s)", (p, expected, requests) => {
    const out = bank(p);
    expect(out.error).toBeUndefined();
    expect(out.cells).toEqual([[expected]]);
    expect(out.urls).toHaveLength(requests);
  });

  test("a date is the quarter that holds it, exactly: never the quarter before when its own is missing", () => {
    // The fixture's rows are dated at their quarters' ends: 2025-11-15 is in 2025Q4, which is there.
    expect(bank("2025-11-15").value).toBe(27000081000);
    expect(bank("2025-04-15").value).toBe(27000027000);
    const out = bank("2025-02-15");
    expect(out.error?.kind).toBe("no_data");
    expect(out.value).toBeUndefined();
    expect(bank("2025-03-31").error?.message).toMatch(
      /have no 2025Q1, the quarter that holds 2025-03-31 .*no other quarter is shown in its place/,
    );
  });

  test("a bank metric by its dotted name", () => {
    expect(bank(-1, "financials_sector_metrics.interest_income").value).toBe(30000090000);
  });

  test("a field the company does not report is no_data (#N/A) naming the field, never 0 or a blank", () => {
    const out = value(["KOPI", "financials_sector_metrics.interest_income", -1], { spec: "quarterly-nonbank.json" });
    expect(out.cells).toBeUndefined();
    expect(out.error?.kind).toBe("no_data");
    expect(out.error?.message).toContain("'financials_sector_metrics.interest_income'");
    expect(out.error?.message).toContain("KOPI");
  });

  test.each([["2024Q4"], [-4], ["2020-01-01"]])("a period outside the data (%j) says what the data covers", (p) => {
    const out = bank(p);
    expect(out.error?.kind).toBe("no_data");
    expect(out.error?.message).toMatch(/have no .*cover (CY)?2025Q2 to (CY)?2025Q4/);
  });

  test.each([["2019"], ["H1 2024"], ["TTM 2024Q2"]])(
    "a period of quarters outside the data (%j) says which quarters the data covers",
    (p) => {
      const out = bank(p);
      expect(out.error?.kind).toBe("no_data");
      expect(out.error?.message).toMatch(/have no .*: they cover 2025Q2 to 2025Q4 \(3 quarters\)/);
    },
  );

  test.each([
    [2025, "2025Q1"],
    ["FY2025", "2025Q1"],
    ["TTM", "2025Q1"],
    ["9M 2025", "2025Q1"],
  ] as Array<[CellValue, string]>)(
    "%j with a quarter missing is #N/A naming it, never a partial sum; a stock needs only its last quarter",
    (p, gap) => {
      const out = bank(p);
      expect(out.error?.kind).toBe("no_data");
      expect(out.error?.message).toContain(`have no ${gap}`);
      expect(out.error?.message).toContain("never a partial sum");
      // A stock over the same quarters is its last quarter's level, which is there.
      const last = p === "9M 2025" ? "2025Q3" : "2025Q4";
      expect(bank(p, "total_assets").value).toBe(bank(last, "total_assets").value);
      expect(typeof bank(last, "total_assets").value).toBe("number");
    },
  );

  test("recent quarters are asked as the latest N, older ones by report date, whichever costs fewer credits", () => {
    // Today is in 2026Q1: 2025Q4 is the latest quarter; the fixture's 28 quarters run from 2019Q1.
    const urls = (p: CellValue, options?: string) =>
      value(["LONG", "revenue", p, ...(options ? [options] : [])], { spec: "quarterly-long.json" }).urls.map((u) =>
        u.slice(BASE_URL.length),
      );
    const dates = "/v1/company/get_quarterly_financial_dates/LONG/";
    const latest = (n: number) => `/v1/financials/quarterly/LONG/?n_quarters=${n}`;
    const on = (date: string) => `/v1/financials/quarterly/LONG/?approx=false&report_date=${date}`;
    expect(urls(-1)).toEqual([latest(1)]);
    expect(urls(-25)).toEqual([latest(25)]);
    expect(urls("TTM")).toEqual([latest(4)]);
    expect(urls(-1, "change=qoq")).toEqual([latest(2)]);
    expect(urls(-1, "cover=40")).toEqual([latest(40)]);
    // A fiscal year asks the fiscal dates; its four quarters are the latest four: one request of 4.
    expect(urls("FY2025")).toEqual([dates, latest(4)]);
    expect(urls("FY2025", "change=yoy")).toEqual([dates, latest(8)]);
    // FY2020: 4 credits by report date, not the 24 since.
    expect(urls("FY2020")).toEqual([dates, on("2020-03-31"), on("2020-06-30"), on("2020-09-30"), on("2020-12-31")]);
    // A calendar year needs no fiscal dates while the latest N are cheaper...
    expect(urls("CY2025")).toEqual([latest(4)]);
    // ...and asks them when its quarters by report date cost less than the latest N.
    expect(urls("CY2020")).toEqual([dates, on("2020-03-31"), on("2020-06-30"), on("2020-09-30"), on("2020-12-31")]);
    // ROE reaches the opening balance too: the quarter before the period's first.
    expect(urls("FY2020", "")).toHaveLength(5);
    expect(value(["LONG", "roe", "FY2020"], { spec: "quarterly-long.json" }).urls).toHaveLength(6);
  });

  test("a step back further than one request reaches is refused before any request", () => {
    const out = bank(-150);
    expect(out.urls).toEqual([]);
    expect(out.error?.kind).toBe("bad_argument");
    expect(out.error?.message).toBe(
      "MDQ: 'period' must be within the latest 100 quarters, the most one request of the statements returns (this one needs 150) (got \"-150\")",
    );
  });

  test("a quarter older than the company's statements says what they cover, after asking only the fiscal dates", () => {
    const out = bank("1990Q1");
    expect(out.urls).toHaveLength(1);
    expect(out.error?.message).toMatch(/have no 1990Q1: they cover 2025Q2 to 2025Q4 \(3 quarters\)/);
  });

  test("a field missing from the answer is kept in the cache: the next cell asks nothing", () => {
    const cache = new Map<string, string>();
    expect(value(["KOPI", "financials_sector_metrics.interest_income", -2], { spec: "quarterly-nonbank.json" }, cache).urls).toHaveLength(
      1,
    );
    const again = value(["KOPI", "revenue", -2], { spec: "quarterly-nonbank.json" }, cache);
    expect(again).toMatchObject({ value: 1400000000000, urls: [] });
  });
});

describe("refused before any request", () => {
  test.each([
    [["BBCA", "bogus"], "bad_argument", /'field' must be a field of the quarterly statements/],
    [["BBCA", ""], "bad_argument", /'field' is required/],
    [["", "revenue"], "bad_argument", /'key' is required/],
    [["1155", "revenue"], "bad_argument", /'key' must be a 4-letter IDX ticker/],
    [["BBCA", "revenue", "2024Q9"], "bad_argument", /'period' must be/],
    [["BBCA", "close", -1], "unsupported", /VALUE from the daily prices \(DAILY\) is not offered by the spec edition/],
    [["BBCA", "overview.market_cap"], "unsupported", /company report \(COMPANY_REPORT\) is not offered by the spec edition/],
    [["ITMG", "revenue", "2024Q1", "dataset=mining_financials"], "bad_argument", /'period' must be a year/],
    [["BBCA", "revenue", "", "dataset=bonds"], "bad_argument", /'dataset' must be one of quarterly, daily/],
  ] as Array<[CellValue[], string, RegExp]>)("%j", (args, kind, message) => {
    const out = value(args, { spec: "quarterly-bank.json" });
    expect(out.urls).toEqual([]);
    expect(out.error?.kind).toBe(kind);
    expect(out.error?.message).toMatch(message);
  });

  test("a field the live edition names otherwise (mining amounts in USD)", () => {
    const out = value(["BRSG", "revenue", 2024, "dataset=mining_financials"], { live: true });
    expect(out.urls).toEqual([]);
    expect(out.error?.message).toMatch(/in the live edition \(assets_usd, revenue_usd, cost_of_revenue_usd, net_profit_usd\)/);
  });
});

describe("the live edition", () => {
  test("quarterly statements by the same names", () => {
    expect(value(["KOPI", "revenue", "2026Q2"], { live: true }).value).toBe(1820000000000);
    expect(value(["KOPI", "earnings", "2026-06-30"], { live: true }).value).toBe(214000000000);
    // 2026-07-01 is in 2026Q3, which is not reported: never the quarter before in its place.
    expect(value(["KOPI", "earnings", "2026-07-01"], { live: true }).error?.message).toContain("have no 2026Q3");
  });

  test("daily prices: the latest, a date, an older date's three weeks; a window back from today", () => {
    const latest = value(["KOPI", "close", -1], { live: true });
    expect(latest.value).toBe(1244);
    expect(latest.urls[0]).toBe(`${BASE_URL}/v2/daily/KOPI/?start=2025-12-22`);
    expect(value(["KOPI", "close", -2], { live: true }).value).toBe(1235);
    expect(value(["KOPI", "volume", "2026-09-10"], { live: true }).value).toBe(18800000);
    // A quarter is all its days (value-daily.test.ts); an older date reads the three weeks up to it.
    const old = value(["KOPI", "market_cap", "2024-09-30"], { live: true });
    expect(old.urls[0]).toBe(`${BASE_URL}/v2/daily/KOPI/?end=2024-09-30&start=2024-09-09`);
  });

  test("KLSE report: a period is the segment the field's name lacks; -1 is the latest year", () => {
    expect(value(["7123", "financials.historical_revenue", 2024], { live: true }).value).toBe(1705000000);
    expect(value(["7123", "financials.historical_revenue", -1], { live: true }).value).toBe(1760000000);
    expect(value(["7123", "valuation.pe"], { live: true }).value).toBe(14.1);
    const missing = value(["7123", "financials.historical_earnings", 2025], { live: true });
    expect(missing.error?.kind).toBe("no_data");
    expect(missing.error?.message).toContain("'financials.historical_earnings'");
    const outside = value(["7123", "financials.historical_revenue", 2019], { live: true });
    expect(outside.error?.message).toMatch(/no 'financials.historical_revenue' for 2019: it is given for 2023, 2024, 2025, TTM/);
  });

  test("company report: one section asked; yearly lists by year", () => {
    const pe = value(["KOPI", "valuation.historical_valuation.pe", 2025], { live: true });
    expect(pe.value).toBe(15.8);
    expect(pe.urls[0]).toBe(`${BASE_URL}/v2/company/report/KOPI/?sections=valuation`);
    expect(value(["KOPI", "overview.market_cap"], { live: true }).value).toBe(24880000000000);
    expect(value(["KOPI", "overview.market_cap", 2024], { live: true }).error?.message).toMatch(
      /'period' must be blank for 'overview.market_cap'/,
    );
  });

  test("SGX report by a 3-character symbol", () => {
    expect(value(["K7Q", "overview.market_cap"], { live: true }).value).toBe(8120000000);
  });

  test("mining financials by year with dataset=", () => {
    const out = value(["BRSG", "revenue_usd", 2024, "dataset=mining_financials"], { live: true });
    expect(out.value).toBe(1720500000);
    const yearly = out.urls.filter((u) => u.includes("/financials/"));
    expect(yearly).toHaveLength(1);
    expect(yearly[0]).toContain("year=2024");
    expect(value(["BRSG", "revenue_breakdown.coal_sales", "FY2024", "dataset=mining_financials"], { live: true }).value).toBe(1600000000);
  });
});

describe("cells gathered into one request", () => {
  test("one company's quarterly fields are one group; the reach is the latest quarters each period asks in one request", () => {
    const a = gatheringOf(functionNamed("VALUE"), ["BBCA", "revenue", -1], NOW);
    const b = gatheringOf(functionNamed("value"), ["bbca", "total_assets", "FY2025"], NOW);
    const c = gatheringOf(functionNamed("VALUE"), ["BBCA", "revenue", "TTM", "change=yoy"], NOW);
    expect(a?.group).toBe(b?.group);
    expect([a?.cover, b?.cover, c?.cover]).toEqual([1, 4, 8]);
    expect(gatheringOf(functionNamed("VALUE"), ["BBRI", "revenue", -1], NOW)?.group).not.toBe(a?.group);
    // An old quarter goes by its report date: it asks no latest quarters of its own, but joins the
    // group so that those its company's other cells ask for serve it where they reach.
    expect(gatheringOf(functionNamed("VALUE"), ["BBCA", "total_assets", "2023Q1"], NOW)).toEqual({ group: a?.group, cover: 0 });
  });

  test("no group for another function, a report, a reach given by the user or a refused call", () => {
    expect(gatheringOf(functionNamed("QUARTERLY"), ["BBCA", 4], NOW)).toBeUndefined();
    expect(gatheringOf(functionNamed("VALUE"), ["BBCA", "overview.market_cap"], NOW)).toBeUndefined();
    expect(gatheringOf(functionNamed("VALUE"), ["BBCA", "revenue", -1, "cover=24"], NOW)).toBeUndefined();
    expect(gatheringOf(functionNamed("VALUE"), ["BBCA", "bogus"], NOW)).toBeUndefined();
  });

  test("the widest reach is added to any form of options", () => {
    expect(withCover(functionNamed("VALUE"), ["BBCA", "revenue"], 16)).toEqual(["BBCA", "revenue", null, "cover=16"]);
    expect(withCover(functionNamed("VALUE"), ["BBCA", "revenue", -1, "refresh=1"], 16)).toEqual([
      "BBCA",
      "revenue",
      -1,
      "refresh=1; cover=16",
    ]);
    // Excel passes a text given to a matrix parameter as [[text]], and a blank one as [[null]].
    expect(withCover(functionNamed("VALUE"), ["BBCA", "revenue", -1, [["refresh=1"]]], 16)).toEqual([
      "BBCA",
      "revenue",
      -1,
      "refresh=1; cover=16",
    ]);
    expect(withCover(functionNamed("VALUE"), ["BBCA", "revenue", -1, [[null]]], 16)).toEqual(["BBCA", "revenue", -1, "cover=16"]);
    expect(withCover(functionNamed("VALUE"), ["BBCA", "revenue", -1, [["refresh", 1]]], 16)[3]).toEqual([
      ["refresh", 1],
      ["cover", 16],
    ]);
    const widened = value(withCover(functionNamed("VALUE"), ["BKPA", "revenue", -1], 48), { spec: "quarterly-bank.json" });
    expect(widened).toMatchObject({ value: 27000081000, urls: [`${BASE_URL}/v1/financials/quarterly/BKPA/?n_quarters=48`] });
  });
});

describe("the pick list of fields", () => {
  const fieldArg = findFunction("VALUE")?.args.find((a) => a.name === "field");

  test("is every field the datasets' schemas name, and the statements' ratios, from the catalogue", () => {
    const expected = new Set([...DATASETS.filter((d) => !d.sections).flatMap(datasetFields), ...RATIOS.keys()]);
    expect(new Set(fieldArg?.kind.suggestions)).toEqual(expected);
    expect(fieldArg?.kind.suggestions).toEqual(
      expect.arrayContaining(["revenue", "financials_sector_metrics.gross_loan", "close", "revenue_usd"]),
    );
  });

  test("offers no field VALUE would refuse before a request", () => {
    for (const field of fieldArg?.kind.suggestions ?? []) {
      const dataset = /_usd$|^assets$|^net_profit$/.test(field) ? "; dataset=mining_financials" : "";
      // The mining amounts in USD are the live edition's names.
      const live = /_usd$/.test(field);
      const out = live
        ? value(["BRSG", field, -1, `cover=24${dataset}`], { live: true })
        : value(["BKPA", field, -1, `cover=24${dataset}`], { spec: "quarterly-bank.json" });
      expect({ field, refused: out.error?.kind === "bad_argument" }).toEqual({ field, refused: false });
    }
  });
});

test("every field of the quarterly statements is typed a flow or a stock (what a year of it means)", () => {
  const quarterly = DATASETS.find((d) => d.name === "quarterly")!;
  const untyped = datasetFields(quarterly).filter((f) => !MEASURES.has(f));
  expect(untyped).toEqual([]);
  expect(MEASURES.get("revenue")).toBe("flow");
  expect(MEASURES.get("total_assets")).toBe("stock");
  expect(MEASURES.get("financials_sector_metrics.net_interest_income")).toBe("flow");
  expect(MEASURES.get("financials_sector_metrics.total_deposit")).toBe("stock");
});

describe("statement fields the live edition does not report", () => {
  test.each([
    ["net_income", "use earnings"],
    ["capital_expenditure", "use realized_capital_goods_investment"],
    ["diluted_shares_outstanding", "has no equivalent there"],
  ])("%s is refused before any request, naming the edition and what to use (%s)", (field, advice) => {
    const out = value(["BBCA", field, -1], { live: true });
    expect(out.error?.kind).toBe("bad_argument");
    expect(out.error?.message).toContain(`'${field}' is not in the live edition's quarterly statements`);
    expect(out.error?.message).toContain(advice);
    expect(out.urls).toEqual([]);
    // The spec edition reports it: the same call is not refused there.
    expect(value(["BKPA", field, -1], { spec: "quarterly-bank.json" }).error?.kind).not.toBe("bad_argument");
  });

  test("a spec field the live edition reports under another name is read there", () => {
    expect(value(["BBCA", "pretax_income", -1], { live: true }).value).toBe(
      value(["BBCA", "earnings_before_tax", -1], { live: true }).value,
    );
    expect(typeof value(["BBCA", "earnings_before_tax", -1], { live: true }).value).toBe("number");
  });
});

describe("ratios and changes of the statements, from the one answer", () => {
  // The bank fixture's quarters: 2025Q2, 2025Q3, 2025Q4.
  const raw = (p: CellValue, field: string) => bank(p, field).value as number;

  test("a ratio is its two fields over the same quarters: flows summed, a stock at the end", () => {
    expect(raw("2025Q4", "net_margin")).toBeCloseTo(raw("2025Q4", "earnings") / raw("2025Q4", "revenue"), 12);
    expect(raw("H2 2025", "net_margin")).toBeCloseTo(
      (raw("2025Q3", "earnings") + raw("2025Q4", "earnings")) / (raw("2025Q3", "revenue") + raw("2025Q4", "revenue")),
      12,
    );
    // ROA: the period's earnings over the average of its opening and closing assets, annualised.
    const average = (raw("2025Q2", "total_assets") + raw("2025Q4", "total_assets")) / 2;
    expect(raw("H2 2025", "roa")).toBeCloseTo(((raw("2025Q3", "earnings") + raw("2025Q4", "earnings")) / average) * 2, 12);
    // The fiscal dates, then the latest three quarters (the opening balance is the third).
    expect(bank("H2 2025", "roa").urls).toHaveLength(2);
  });

  test("change=qoq against the quarter before; yoy needs the year-earlier quarters and names what is missing", () => {
    const out = bank("2025Q4", "revenue");
    const qoq = value(["BKPA", "revenue", "2025Q4", "change=qoq"], { spec: "quarterly-bank.json" });
    expect(qoq.value).toBeCloseTo((raw("2025Q4", "revenue") - raw("2025Q3", "revenue")) / raw("2025Q3", "revenue"), 12);
    expect(qoq.urls).toHaveLength(2);
    expect(typeof out.value).toBe("number");
    const yoy = value(["BKPA", "revenue", "2025Q4", "change=yoy"], { spec: "quarterly-bank.json" });
    expect(yoy.error?.kind).toBe("no_data");
    expect(yoy.error?.message).toContain("have no 2024Q4");
  });

  test("bad uses are refused before any request, naming the argument and the value", () => {
    const year = value(["BKPA", "revenue", "2025", "change=qoq"], { spec: "quarterly-bank.json" });
    expect(year.error?.kind).toBe("bad_argument");
    expect(year.error?.message).toContain("'change' must be yoy for a year");
    expect(year.urls).toEqual([]);
    const daily = value(["BBCA", "close", -1, "change=yoy"], { spec: "quarterly-bank.json" });
    expect(daily.error?.message).toContain("'change' is for the quarterly statements");
    const bad = value(["BKPA", "revenue", -1, "change=mom"], { spec: "quarterly-bank.json" });
    expect(bad.error?.message).toMatch(/'change' must be one of yoy, qoq \(got "mom"\)/);
  });
});

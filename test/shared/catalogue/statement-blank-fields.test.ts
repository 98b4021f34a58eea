// QUARTERLY leaves out the fields a company's template never fills (blank in every quarter shown)
// unless `all=true`: what is kept (a 0, a value in one quarter, a field named in `fields=`), a
// batch's shared fields, both editions, the reports' yearly statements, the option's checks, and
// VALUE reading the whole statement.
import { withoutBlankFields } from "../../../shared/answer/blank-fields";
import type { CellValue } from "../../../shared/base/cells";
import type { MdqError } from "../../../shared/base/errors";
import type { Table } from "../../../shared/base/table";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL, FIXTURE_NOW, firstColumn, fixture, run, serveLive } from "../harness";
import { value } from "./value-calls";

/** QUARTERLY in the spec edition, a ticker starting BK answered with the bank fixture (its three
 *  quarters whatever the count asked) and any other with the non-bank one: the cells or the error,
 *  and the URLs fetched. */
function quarterly(args: CellValue[]): { cells?: unknown[][]; error?: MdqError; urls: string[] } {
  const urls: string[] = [];
  const answer = (url: string) => {
    urls.push(url);
    return { status: 200, body: fixture(url.includes("/BK") ? "quarterly-bank.json" : "quarterly-nonbank.json") };
  };
  const handle = (effect: Effect): EffectResult =>
    effect.type === "fetch"
      ? answer(effect.request.url)
      : effect.type === "fetchAll"
        ? effect.fetches.map((f) => answer(f.request.url))
        : undefined;
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "spec" as const };
  try {
    const { cells } = runSync(
      callFunction(functionNamed("QUARTERLY"), args, settings, { now: () => FIXTURE_NOW, random: () => 0.5 }),
      handle,
    );
    return { cells, urls };
  } catch (e) {
    return { error: e as MdqError, urls };
  }
}

const isBlank = (cell: unknown) => cell === null || cell === "";
/** The rows of a statement (field names first) that are blank in every quarter. */
const blankRows = (cells: unknown[][]) => cells.filter((row) => row.slice(1).every(isBlank)).map((row) => row[0]);

describe("QUARTERLY without the fields blank in every quarter", () => {
  const bank = run("QUARTERLY", ["BKPA", 3], "quarterly-bank.json");
  const every = run("QUARTERLY", ["BKPA", 3, "", "", "all=true"], "quarterly-bank.json");

  test("by default no row is blank in every quarter; all=true gives them back, from the same request", () => {
    expect(blankRows(bank.cells)).toEqual([]);
    expect(blankRows(every.cells)).toEqual(expect.arrayContaining(["cost_of_revenue", "gross_profit", "premium_income", "ebitda"]));
    expect(firstColumn(bank.cells)).toEqual(firstColumn(every.cells).filter((f) => !blankRows(every.cells).includes(f)));
    // `all` picks the layout only: never sent, so both read one answer.
    expect(every.urls).toEqual(bank.urls);
    expect(bank.urls[0]).not.toContain("all");
  });

  test("all=false is the default; the option takes TRUE in any case and a spreadsheet's boolean", () => {
    expect(run("QUARTERLY", ["BKPA", 3, "", "", "all=false"], "quarterly-bank.json").cells).toEqual(bank.cells);
    expect(run("QUARTERLY", ["BKPA", 3, "", "", "all=TRUE"], "quarterly-bank.json").cells).toEqual(every.cells);
    expect(run("QUARTERLY", ["BKPA", 3, "", "", [["all", true]]], "quarterly-bank.json").cells).toEqual(every.cells);
  });

  test("a row of zeros, or with a value in one quarter only, is kept", () => {
    expect(bank.cells.find((r) => r[0] === "non_operating_income_or_loss")).toEqual(["non_operating_income_or_loss", 0, 0, 0]);
    const kopi = run("QUARTERLY", ["KOPI", 2], "quarterly-nonbank.json").cells;
    expect(kopi.find((r) => r[0] === "total_debt")).toEqual(["total_debt", null, 800000000000]);
  });

  test("a field named in fields= is shown even when blank in every quarter, by its name or its parent's", () => {
    const named = run("QUARTERLY", ["BKPA", 3, "", "", "fields=date,cost_of_revenue,revenue"], "quarterly-bank.json").cells;
    expect(named).toEqual([
      ["date", "2025-06-30", "2025-09-30", "2025-12-31"],
      ["cost_of_revenue", null, null, null],
      ["revenue", 27000027000, 27000054000, 27000081000],
    ]);
    const metrics = run("QUARTERLY", ["BKPA", 3, "", "", "fields=financials_sector_metrics"], "quarterly-bank.json").cells;
    expect(firstColumn(metrics)).toContain("financials_sector_metrics.total_earning_assets");
    expect(firstColumn(metrics)).toContain("financials_sector_metrics.other_interest_bearing_liabilities");
  });

  test("orient=rows leaves out the same fields", () => {
    const rows = run("QUARTERLY", ["BKPA", 3, "", "", "orient=rows"], "quarterly-bank.json").cells;
    expect(rows[0]).toEqual(firstColumn(bank.cells));
  });

  test("the live edition's statements the same way", () => {
    const live = serveLive("QUARTERLY", ["KOPI", 2]).cells;
    const all = serveLive("QUARTERLY", ["KOPI", 2, "", "", "all=true"]).cells;
    expect(blankRows(live)).toEqual([]);
    expect(blankRows(all)).toEqual(["financials_sector_metrics"]);
    expect(firstColumn(live)).toEqual(firstColumn(all).filter((f) => f !== "financials_sector_metrics"));
  });
});

describe("a batch of statements", () => {
  test("a field left out only when blank for every key: one the others fill keeps its place for all", () => {
    const { cells, urls } = quarterly(["BKPA,KOPI", 2]);
    expect(urls).toHaveLength(2);
    const [head, ...rows] = cells as unknown[][];
    // The bank reports no cost_of_revenue, the other company does: the column stays, in its place.
    expect(head.slice(0, 6)).toEqual(["ticker", "date", "symbol", "revenue", "cost_of_revenue", "gross_profit"]);
    const column = (name: unknown) => rows.map((r) => r[head.indexOf(name)]);
    expect(column("cost_of_revenue")).toEqual([null, null, null, 850000000000, 900000000000]);
    // Blank for both (the insurers' premiums): left out; every column left has a value.
    expect(head).not.toContain("premium_income");
    for (const name of head) expect(column(name).some((c) => !isBlank(c))).toBe(true);
    const all = quarterly(["BKPA,KOPI", 2, "", "", "all=true"]).cells as unknown[][];
    expect(all[0]).toEqual(expect.arrayContaining(["premium_income", "financials_sector_metrics.total_earning_assets"]));
    expect(all[0].filter((name) => head.includes(name))).toEqual(head);
  });

  test("fields= names a field blank for every key: it is shown", () => {
    const { cells } = quarterly(["BKPA,BKPB", 1, "", "", "fields=premium_income,revenue"]);
    expect(cells?.[0]).toEqual(["ticker", "date", "premium_income", "revenue"]);
    expect(cells?.slice(1).map((r) => r[2])).toEqual(new Array(6).fill(null));
  });
});

/** A live report answered with BODY: its cells. */
function liveReport(name: string, args: CellValue[], body: unknown): unknown[][] {
  const handle = (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body: JSON.stringify(body) } : undefined);
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "live" as const };
  return runSync(callFunction(functionNamed(name), args, settings, { now: () => FIXTURE_NOW, random: () => 0.5 }), handle).cells;
}

describe("the reports' yearly statements", () => {
  const year = (y: number, gross: number | null) => ({ year: y, revenue: 100 + y, gross_profit: gross, net_debt: null, tax: 0 });
  const report = {
    symbol: "BBCA.JK",
    financials: { historical_financials: [year(2023, null), year(2024, 40)] },
    ownership: { major_shareholders: [{ name: "A", share_percentage: 0.5, note: null }] },
  };

  test("COMPANY_REPORT's historical_financials: a field blank in every year left out, all=true or fields= shows it", () => {
    const args = ["BBCA", "financials", "historical_financials"];
    expect(liveReport("COMPANY_REPORT", args, report)[0]).toEqual(["year", "revenue", "gross_profit", "tax"]);
    expect(liveReport("COMPANY_REPORT", [...args, "all=true"], report)[0]).toEqual(["year", "revenue", "gross_profit", "net_debt", "tax"]);
    expect(liveReport("COMPANY_REPORT", [...args, "fields=year,net_debt"], report)).toEqual([
      ["year", "net_debt"],
      [2023, null],
      [2024, null],
    ]);
  });

  test("SGX_REPORT's historical_financials (years as keys) the same way", () => {
    const sgx = {
      symbol: "D05",
      financials: { historical_financials: { "2023": { revenue: 1, net_debt: null }, "2024": { revenue: 2, net_debt: null } } },
    };
    const args = ["D05", "financials", "historical_financials"];
    expect(liveReport("SGX_REPORT", args, sgx)[0]).toEqual(["year", "revenue"]);
    expect(liveReport("SGX_REPORT", [...args, "all=true"], sgx)[0]).toEqual(["year", "revenue", "net_debt"]);
  });

  test("other lists and the field, value view keep their blanks: one record's blank is no template", () => {
    const holders = liveReport("COMPANY_REPORT", ["BBCA", "ownership", "major_shareholders"], report);
    expect(holders[0]).toContain("note");
    const fields = liveReport("COMPANY_REPORT", ["BBCA", "financials"], report).map((r) => r[0]);
    expect(fields).toContain("financials.historical_financials.2024.net_debt");
  });
});

describe("the all= option", () => {
  test.each([["maybe"], ["2"], ["yes please"]])(
    "all=%s is refused before any request, naming the option, the value and TRUE or FALSE",
    (bad) => {
      const { error, urls } = quarterly(["BKPA", 3, "", "", `all=${bad}`]);
      expect(error?.kind).toBe("bad_argument");
      expect(error?.message).toContain("'all'");
      expect(error?.message).toContain(`"${bad}"`);
      expect(error?.message).toMatch(/TRUE or FALSE/);
      expect(urls).toEqual([]);
    },
  );
});

describe("VALUE reads the whole statement", () => {
  test.each([["cost_of_revenue"], ["ebitda"], ["financials_sector_metrics.total_earning_assets"]])(
    "a field blank in every quarter (%s) is still no_data naming it, never a missing row's error",
    (field) => {
      const out = value(["BKPA", field, -1], { spec: "quarterly-bank.json" });
      expect(out.error?.kind).toBe("no_data");
      expect(out.error?.message).toContain(`BKPA does not report '${field}'`);
    },
  );

  test("a field with values beside them reads as before", () => {
    expect(value(["BKPA", "revenue", -1], { spec: "quarterly-bank.json" }).value).toBe(27000081000);
  });
});

describe("withoutBlankFields", () => {
  const table: Table = {
    columns: ["date", "a", "zero", "text", "blank", "empty", "one"],
    rows: [
      ["2025-03-31", 1, 0, "x", null, "", null],
      [null, 2, 0, "", null, "", 5],
    ],
    orient: "columns",
    key: "date",
  };

  test("an unmarked table is left as it is", () => {
    expect(withoutBlankFields(table)).toBe(table);
  });

  test("a marked one loses the columns null or empty in every record; zeros, text and a single value stay", () => {
    const out = withoutBlankFields({ ...table, omitBlank: true });
    expect(out.columns).toEqual(["date", "a", "zero", "text", "one"]);
    expect(out.rows).toEqual([
      ["2025-03-31", 1, 0, "x", null],
      [null, 2, 0, "", 5],
    ]);
  });

  test("the key column and named columns stay, whatever they hold; a table without records stays whole", () => {
    const blankKey: Table = { ...table, columns: ["date", "a"], rows: [[null, 1]], omitBlank: true };
    expect(withoutBlankFields(blankKey).columns).toEqual(["date", "a"]);
    expect(withoutBlankFields({ ...table, omitBlank: true }, ["BLANK"]).columns).toContain("blank");
    const none: Table = { ...table, rows: [], omitBlank: true };
    expect(withoutBlankFields(none)).toBe(none);
  });
});

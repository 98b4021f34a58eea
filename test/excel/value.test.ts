// VALUE through the built Excel bundle (npm run build first) against the counting sandbox: a model
// of 500 cells (10 companies x 50 quarterly fields, over several periods) costs one request per
// company on its first recalculation and none on the second; every period form gives what the
// statement shows; a field a company does not report is #N/A naming it; both editions.
// The catalogue first: it loads the rows in the order their imports of each other need.
import { LIVE_ABSENT } from "../../shared/catalogue/functions/quarterly";
import { DATASETS, datasetFields } from "../../shared/catalogue/functions/value-datasets";
import { latestQuartersFor } from "../../shared/input/periods";
import { STORAGE_KEYS } from "../../src/excel/settings";
import { cellError, loadBundle } from "./load-bundle";
import { startCountingSandbox, type TestServer } from "./servers";

const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BBTN", "BNGA", "TLKM", "ASII", "UNVR"];
const FIELDS = datasetFields(DATASETS[0]).slice(0, 50);
/** Each field's column of the model asks for another period: the group must reach the widest. */
const PERIODS = [-1, "2024Q4", "FY2024", -2, "2024-06-30", "LAST", "2019Q1"];

const servers: Partial<Record<"spec" | "live", TestServer>> = {};
beforeAll(async () => {
  servers.spec = await startCountingSandbox("2025-06-30", "spec");
  servers.live = await startCountingSandbox("2025-06-30", "live");
});
afterAll(async () => {
  await servers.spec?.close();
  await servers.live?.close();
});

const excelFor = (edition: "spec" | "live") =>
  loadBundle((servers[edition] as TestServer).url, { stored: { [STORAGE_KEYS.edition]: edition } });

/** Every cell of the model at once, as Excel calls them in a recalculation: values or cell errors. */
async function recalculate(excel: ReturnType<typeof excelFor>) {
  const cells = COMPANIES.flatMap((key) => FIELDS.map((field, i) => excel.call("VALUE", key, field, PERIODS[i % PERIODS.length])));
  return Promise.all(
    cells.map((c) =>
      c.then(
        (rows) => ({ value: rows[0][0], rows }),
        (e) => ({ error: e as { code: string; message: string } }),
      ),
    ),
  );
}

describe.each(["spec", "live"] as const)("the %s edition", (edition) => {
  test("500 VALUE cells over 10 companies: per company its fiscal dates, its latest quarters once and each older quarter once, for fewer credits than the quarters back to 2019Q1; 0 on the second", async () => {
    const server = servers[edition] as TestServer;
    const excel = excelFor(edition);
    const before = server.hits.length;
    const first = await recalculate(excel);
    const hits = server.hits.slice(before);
    expect(new Set(hits).size).toBe(hits.length);
    for (const company of COMPANIES) {
      const own = hits.filter((h) => h.includes(`/${company}/`));
      expect(own.filter((h) => h.includes("/get_quarterly_financial_dates/"))).toHaveLength(1);
      expect(own.filter((h) => h.includes("n_quarters="))).toHaveLength(1);
      expect(
        own
          .filter((h) => !h.includes("n_quarters=") && !h.includes("/get_quarterly_financial_dates/"))
          .every((h) => h.includes("report_date=")),
      ).toBe(true);
    }
    // The credits the provider bills: the latest N cost N, a report date or the fiscal dates 1. The
    // cells used to ask every company for all its quarters back to 2019Q1 in one request.
    const credits = hits.reduce((sum, h) => sum + Number(/n_quarters=(\d+)/.exec(h)?.[1] ?? 1), 0);
    expect(credits).toBeLessThan(
      COMPANIES.length * latestQuartersFor({ type: "quarter", year: 2019, quarter: 1 }, new Date().toISOString()),
    );
    // Each cell is one value, or #N/A naming its field: never 0 for a field not reported, never blank.
    for (const [i, cell] of first.entries()) {
      if ("error" in cell) {
        // #N/A where the company does not report the field; #VALUE! (refused, nothing sent) where
        // the edition's statements have no such field at all (the live edition's net_income).
        const absentInEdition =
          edition === "live" && !LIVE_ABSENT.get(FIELDS[i % FIELDS.length])?.reads && LIVE_ABSENT.has(FIELDS[i % FIELDS.length]);
        expect(cell.error.code).toBe(absentInEdition ? "#VALUE!" : "#N/A");
        expect(cell.error.message).toContain(`'${FIELDS[i % FIELDS.length]}'`);
      } else {
        expect(cell.rows).toEqual([[expect.any(Number)]]);
      }
    }
    expect(first.filter((c) => "value" in c).length).toBeGreaterThan(300);
    const again = server.hits.length;
    const second = await recalculate(excel);
    expect(server.hits.length - again).toBe(0);
    expect(second).toEqual(first);
  });

  test("a 10-key column x 20-field row is one labelled grid, the single cells' values, for each key's fiscal dates and its four quarters, then none", async () => {
    const server = servers[edition] as TestServer;
    const excel = excelFor(edition);
    const fields = FIELDS.filter((f) => !LIVE_ABSENT.has(f)).slice(0, 20);
    const grid = () =>
      excel.call(
        "VALUE",
        COMPANIES.map((c) => [c]),
        [fields],
        [["FY2024"]],
      );
    const before = server.hits.length;
    const cells = (await grid()) as unknown[][];
    const hits = server.hits.slice(before);
    expect(new Set(hits).size).toBe(hits.length);
    expect(hits.length).toBeLessThanOrEqual(COMPANIES.length * 5);
    expect(cells).toHaveLength(11);
    expect(cells[0].slice(0, 21)).toEqual(["2024", ...fields]);
    const errorAt = cells[0].indexOf("error");
    for (const [r, key] of COMPANIES.entries()) {
      const row = cells[r + 1];
      expect(row[0]).toBe(key);
      for (const [c, field] of fields.entries()) {
        const one = await excel.call("VALUE", key, field, "FY2024").then(
          (v) => v[0][0],
          () => "",
        );
        // A cell without a value is blank in the grid (its row's error column says why).
        expect({ key, field, value: row[c + 1] }).toEqual({ key, field, value: one });
        if (one === "") expect(String(row[errorAt])).toContain(`${field}:`);
      }
    }
    const again = server.hits.length;
    expect(await grid()).toEqual(cells);
    expect(server.hits.length - again).toBe(0);
  });

  test("every period form gives the quarter the statement shows", async () => {
    const excel = excelFor(edition);
    const rows = (await excel.call("QUARTERLY", "BBRI", 12, null, null, "orient=rows; fields=date,revenue; headers=false")) as Array<
      [string, number]
    >;
    const [latestDate, latest] = rows[rows.length - 1];
    const [previousDate, previous] = rows[rows.length - 2];
    const quarter = `${previousDate.slice(0, 4)}Q${Math.ceil(Number(previousDate.slice(5, 7)) / 3)}`;
    // A year of a flow (revenue) is the sum of its four quarters, never its last quarter.
    const sumOf2024 = rows.filter(([d]) => d.startsWith("2024")).reduce((sum, [, v]) => sum + v, 0);
    const serial = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25569;
    const cases: Array<[unknown, number]> = [
      [-1, latest],
      ["LAST", latest],
      [null, latest],
      [-2, previous],
      [quarter, previous],
      [previousDate, previous],
      [serial(latestDate), latest], // a date cell
      [2024, sumOf2024],
      ["FY2024", sumOf2024],
    ];
    for (const [period, expected] of cases)
      expect({ period, got: await excel.call("VALUE", "BBRI", "revenue", period) }).toEqual({ period, got: [[expected]] });
  });

  test("a field not reported and a period outside the data are #N/A saying so", async () => {
    const excel = excelFor(edition);
    const missing = await cellError(excel.call("VALUE", "TLKM", "financials_sector_metrics.interest_income", -1));
    expect(missing.code).toBe("#N/A");
    expect(missing.message).toMatch(/^MDQ: TLKM does not report 'financials_sector_metrics.interest_income'/);
    const outside = await cellError(excel.call("VALUE", "BBRI", "revenue", "2009Q1"));
    expect(outside.code).toBe("#N/A");
    expect(outside.message).toMatch(/have no 2009Q1: they cover/);
    const bad = await cellError(excel.call("VALUE", "BBRI", "revenue", "2024Q7"));
    expect(bad.code).toBe("#VALUE!");
    expect(bad.message).toMatch(/'period' must be a fiscal quarter/);
  });
});

test("a dataset the spec edition lacks is #VALUE! before any request", async () => {
  const server = servers.spec as TestServer;
  const before = server.hits.length;
  const error = await cellError(excelFor("spec").call("VALUE", "BBCA", "close", -1));
  expect(error.code).toBe("#VALUE!");
  expect(error.message).toMatch(/VALUE from the daily prices \(DAILY\) is not offered by the spec edition/);
  expect(server.hits.length).toBe(before);
});

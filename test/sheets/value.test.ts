// VALUE through the built Apps Script bundle (npm run build first) against the sandbox, both
// editions: a 500-cell model (10 companies x 50 quarterly fields) costs one UrlFetch per company,
// then none (the script cache); every period form; a field not reported is an error naming it.
import "../../shared/catalogue/catalogue"; // loads the rows in the order their imports of each other need
import { loadScript } from "../../scripts/harness/load-sheets";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { DATASETS, datasetFields } from "../../shared/catalogue/functions/value-datasets";

const KEY = "sheets-value-key-5d21";
const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BBTN", "BNGA", "TLKM", "ASII", "UNVR"];
const FIELDS = datasetFields(DATASETS[0]).slice(0, 50);
const PERIODS = [-1, "2024Q4", "FY2024", -2, "2024-06-30", "LAST", "2023Q1"];

const servers: Partial<Record<"spec" | "live", Running>> = {};
beforeAll(async () => {
  servers.spec = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  servers.live = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
});
afterAll(() => Promise.all([servers.spec?.close(), servers.live?.close()]));

const scriptFor = (edition: "spec" | "live") => loadScript({ baseUrl: (servers[edition] as Running).url, apiKey: KEY, edition });

/** Each cell as Sheets runs it: its value, or the message of the error it shows. */
function recalculate(script: ReturnType<typeof scriptFor>): Array<{ value: unknown } | { error: string }> {
  return COMPANIES.flatMap((key) =>
    FIELDS.map((field, i) => {
      try {
        return { value: JSON.parse(JSON.stringify(script.ctx.MDQ_VALUE(key, field, PERIODS[i % PERIODS.length]))) };
      } catch (e) {
        return { error: (e as Error).message };
      }
    }),
  );
}

describe.each(["spec", "live"] as const)("the %s edition", (edition) => {
  test("500 VALUE cells over 10 companies: 10 UrlFetch calls, then 0", () => {
    const script = scriptFor(edition);
    const first = recalculate(script);
    expect(script.rec.requests).toHaveLength(10);
    for (const [i, cell] of first.entries()) {
      if ("error" in cell) expect(cell.error).toContain(`'${FIELDS[i % FIELDS.length]}'`);
      else expect(cell.value).toEqual([[expect.any(Number)]]);
    }
    expect(first.filter((c) => "value" in c).length).toBeGreaterThan(300);
    const second = recalculate(script);
    expect(script.rec.requests).toHaveLength(10);
    expect(second).toEqual(first);
  });

  test("every period form, a date cell included, gives the quarter the statement shows", () => {
    const script = scriptFor(edition);
    const rows = JSON.parse(
      JSON.stringify(script.ctx.MDQ_QUARTERLY("BBRI", 12, "", "", "orient=rows; fields=date,revenue; headers=false; dates=text")),
    ) as Array<[string, number]>;
    const [latestDate, latest] = rows[rows.length - 1];
    const [previousDate, previous] = rows[rows.length - 2];
    const quarter = `${previousDate.slice(0, 4)}Q${Math.ceil(Number(previousDate.slice(5, 7)) / 3)}`;
    // A year of a flow (revenue) is the sum of its four quarters, never its last quarter.
    const sumOf2024 = rows.filter(([d]) => d.startsWith("2024")).reduce((sum, [, v]) => sum + v, 0);
    const cases: Array<[unknown, number]> = [
      [-1, latest],
      ["LAST", latest],
      ["", latest],
      [-2, previous],
      [quarter, previous],
      [previousDate, previous],
      [script.dateCell(latestDate), latest],
      [2024, sumOf2024],
      ["FY2024", sumOf2024],
    ];
    for (const [period, expected] of cases) {
      expect({ period: String(period), got: JSON.parse(JSON.stringify(script.ctx.MDQ_VALUE("BBRI", "revenue", period))) }).toEqual({
        period: String(period),
        got: [[expected]],
      });
    }
  });

  test("a field not reported, a period outside the data and a bad period are errors saying so", () => {
    const script = scriptFor(edition);
    expect(script.errorOf("MDQ_VALUE", "TLKM", "financials_sector_metrics.interest_income", -1)).toMatch(
      /TLKM does not report 'financials_sector_metrics.interest_income'/,
    );
    expect(script.errorOf("MDQ_VALUE", "BBRI", "revenue", "2001Q1")).toMatch(/have no 2001Q1: they cover/);
    const before = script.rec.requests.length;
    expect(script.errorOf("MDQ_VALUE", "BBRI", "revenue", "2024Q7")).toMatch(/'period' must be a quarter/);
    expect(script.rec.requests.length).toBe(before);
  });
});

test("a dataset the spec edition lacks is refused before any UrlFetch", () => {
  const script = scriptFor("spec");
  expect(script.errorOf("MDQ_VALUE", "BBCA", "close", -1)).toMatch(
    /VALUE from the daily prices \(DAILY\) is not offered by the spec edition/,
  );
  expect(script.rec.requests).toHaveLength(0);
});

test("Sheets runs each cell on its own: a model reaching past six years costs one more request per company", () => {
  const script = scriptFor("spec");
  for (const key of COMPANIES.slice(0, 3)) {
    script.errorOf("MDQ_VALUE", key, "revenue", -1);
    script.errorOf("MDQ_VALUE", key, "revenue", "2019Q1");
  }
  expect(script.rec.requests.map((r) => r.url.split("?")[1])).toEqual(Array(3).fill(["n_quarters=24", "n_quarters=48"]).flat());
});

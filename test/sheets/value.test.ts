// VALUE through the built Apps Script bundle (npm run build first) against the sandbox, both
// editions: a 500-cell model (10 companies x 50 quarterly fields) run as Sheets runs it, every cell
// an execution with a fresh global scope, 30 at once (scripts/harness/executions.ts), costs one
// UrlFetch per company of exactly the quarters its cells name (the credits), then none (the script
// cache); every period form; a field not reported is an error naming it; a cell reaching further
// back widens its company's shared reach.
import { type Cell, type Executions, startExecutions } from "../../scripts/harness/executions";
import { loadScript } from "../../scripts/harness/load-sheets";
import { layModel } from "../../scripts/harness/model-sheet";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { DATASETS, datasetFields } from "../../shared/catalogue/functions/value-datasets";
import { POLL_MS } from "../../src/sheets/flights";
import { GATHER_MS } from "../../src/sheets/reach";

const KEY = "sheets-value-key-5d21";
const COMPANIES = ["BBCA", "BBRI", "BMRI", "BBNI", "BRIS", "BBTN", "BNGA", "TLKM", "ASII", "UNVR"];
const FIELDS = datasetFields(DATASETS[0]).slice(0, 50);
const PERIODS = [-1, "2024Q4", "FY2024", -2, "2024-06-30", "LAST", "2023Q1"];

const servers: Partial<Record<"spec" | "live", Running>> = {};
const runners: Executions[] = [];
beforeAll(async () => {
  servers.spec = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30" });
  servers.live = await startSandboxWorker({ apiKey: KEY, today: "2025-06-30", edition: "live" });
});
afterEach(() => Promise.all(runners.splice(0).map((r) => r.close())));
afterAll(() => Promise.all([servers.spec?.close(), servers.live?.close()]));

const scriptFor = (edition: "spec" | "live") =>
  loadScript({ baseUrl: (servers[edition] as Running).url, apiKey: KEY, edition, virtualTime: true });

/** Cells as Sheets runs them: executions side by side, each with a fresh global scope. */
function sheetsFor(edition: "spec" | "live"): Executions {
  const runner = startExecutions({ baseUrl: (servers[edition] as Running).url, apiKey: KEY, edition });
  runners.push(runner);
  return runner;
}

/** The model, company by company: its 50 fields, each field's column another period. */
const MODEL: Cell[] = COMPANIES.flatMap((key) => FIELDS.map((field, i): Cell => ["MDQ_VALUE", [key, field, PERIODS[i % PERIODS.length]]]));

/** Each cell's value, or the message of the error it shows. */
const shown = (outcomes: Array<{ value?: unknown; error?: string }>) =>
  outcomes.map((o) => (o.error !== undefined ? { error: o.error } : { value: o.value }));

/** The company and the quarters each request asked for. */
const asked = (runner: Executions) =>
  runner.rec.requests.map((r) => [r.url.split("/").at(-2), new URL(r.url).searchParams.get("n_quarters")]);

describe.each(["spec", "live"] as const)("the %s edition", (edition) => {
  test("500 VALUE cells over 10 companies, 30 executions at once: one request per company of the quarters its cells name, then none", async () => {
    const runner = sheetsFor(edition);
    const outcomes = await runner.run(MODEL);
    const first = shown(outcomes);
    // The cells that start together gather their reach for GATHER_MS; a cell that fetches then ends
    // with its answer, a cell that waits for its company's a poll later.
    expect(Math.max(...outcomes.map((o) => o.endedAt - o.startedAt))).toBe(GATHER_MS + POLL_MS);
    // One request per company, of the quarters from the oldest a cell names (2023Q1) to the last
    // ended on the script's clock (2025Q1): 9 quarters, the credits the provider bills.
    expect(asked(runner).sort()).toEqual(COMPANIES.map((c) => [c, "9"]).sort());
    expect(runner.rec.bodies.reduce((n, b) => n + JSON.parse(b).length, 0)).toBe(90);
    // Each cell shows what it shows when the cells run one after another in one scope.
    const script = scriptFor(edition);
    const oneByOne = MODEL.map(([, args]) => {
      try {
        return { value: JSON.parse(JSON.stringify(script.ctx.MDQ_VALUE(...args))) };
      } catch (e) {
        return { error: (e as Error).message };
      }
    });
    expect(first).toEqual(oneByOne);
    for (const [i, cell] of first.entries()) {
      if ("error" in cell) expect(cell.error).toContain(`'${FIELDS[i % FIELDS.length]}'`);
      else expect(cell.value).toEqual([[expect.any(Number)]]);
    }
    expect(first.filter((c) => "value" in c).length).toBeGreaterThan(300);
    const second = shown(await runner.run(MODEL));
    expect(runner.rec.requests).toHaveLength(10);
    expect(second).toEqual(first);
  }, 300_000);

  test("a 10-key column x 20-field row is one labelled grid, the single cells' values, for 10 URL fetches, then none", () => {
    const script = scriptFor(edition);
    const fields = FIELDS.slice(0, 25)
      .filter((f) => !/net_income|pretax_income|diluted_shares/.test(f))
      .slice(0, 20);
    const grid = () =>
      JSON.parse(
        JSON.stringify(
          script.ctx.MDQ_VALUE(
            COMPANIES.map((c) => [c]),
            [fields],
            "FY2024",
          ),
        ),
      ) as unknown[][];
    const cells = grid();
    expect(script.rec.requests.length).toBeLessThanOrEqual(10);
    expect(cells).toHaveLength(11);
    expect(cells[0].slice(0, 21)).toEqual(["2024", ...fields]);
    const fetched = script.rec.requests.length;
    for (const [r, key] of COMPANIES.entries()) {
      for (const [c, field] of fields.entries()) {
        let one: unknown = "";
        try {
          one = JSON.parse(JSON.stringify(script.ctx.MDQ_VALUE(key, field, "FY2024")))[0][0];
        } catch {
          // A cell without a value is blank in the grid; its row's error column says why.
        }
        expect({ key, field, value: cells[r + 1][c + 1] }).toEqual({ key, field, value: one });
      }
    }
    // The single cells found the grid's answers in the cache; so does the grid again.
    expect(grid()).toEqual(cells);
    expect(script.rec.requests.length).toBe(fetched);
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
    expect(script.errorOf("MDQ_VALUE", "BBRI", "revenue", "2009Q1")).toMatch(/have no 2009Q1: they cover/);
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

test.each(["company", "field"] as const)(
  "a model on its sheet, cells started by %s: the first cell to gather reads the sheet once, so each company is one fetch of the quarters its cells name",
  async (order) => {
    const runner = sheetsFor("spec");
    const model = { companies: COMPANIES, fields: FIELDS, periods: PERIODS };
    const outcomes = await runner.run(layModel(runner.rec, model, "1", order));
    expect(outcomes.filter((o) => o.error && !/does not report/.test(o.error))).toEqual([]);
    expect(asked(runner).sort()).toEqual(COMPANIES.map((c) => [c, "9"]).sort());
    // One read of the sheet (its formulas and its values) for the whole model.
    expect(runner.rec.sheetReads).toBe(2);
    // Only the company whose cell read the sheet gathers for a window; the others start at their plan.
    expect(outcomes.filter((o) => o.endedAt - o.startedAt > POLL_MS).length).toBeLessThanOrEqual(30);
    const before = runner.rec.requests.length;
    await runner.run(layModel(runner.rec, model, "2", order));
    expect(asked(runner).slice(before).sort()).toEqual(COMPANIES.map((c) => [c, "9"]).sort());
  },
  300_000,
);

test("cells that start together gather one reach; a cell reaching further later widens it for every later cell", async () => {
  const runner = sheetsFor("spec");
  const companies = COMPANIES.slice(0, 3);
  const cells = (periods: unknown[], refresh: string) =>
    companies.flatMap((key) => periods.map((period): Cell => ["MDQ_VALUE", [key, "revenue", period, `refresh=${refresh}`]]));
  // Together: the latest, the one before, and 2024Q4 (two quarters back on the script's clock,
  // whose last ended quarter is 2025Q1): one request of 2 quarters per company.
  const narrow = await runner.run(cells([-1, -2, "2024Q4"], "1"));
  expect(narrow.filter((o) => o.error)).toEqual([]);
  expect(asked(runner)).toEqual(companies.map((c) => [c, "2"]));
  // Later, a cell reaching back to 2019Q1 (25 quarters) widens its company's reach, once.
  const before = runner.rec.requests.length;
  const wide = await runner.run(cells(["2019Q1", -1], "1"));
  expect(wide.filter((o) => o.error)).toEqual([]);
  expect(asked(runner).slice(before)).toEqual(companies.map((c) => [c, "25"]));
  // Refresh all: every cell asks the widened reach, one request per company.
  const after = runner.rec.requests.length;
  const again = await runner.run(cells([-1, "2019Q1", -2, "2024Q4"], "2"));
  expect(asked(runner).slice(after)).toEqual(companies.map((c) => [c, "25"]));
  expect(again.map((o) => o.value)).toEqual(
    [...companies.keys()].flatMap((i) => [narrow[3 * i], wide[2 * i], narrow[3 * i + 1], narrow[3 * i + 2]].map((o) => o.value)),
  );
});

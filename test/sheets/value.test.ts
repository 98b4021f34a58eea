// VALUE through the built Apps Script bundle (npm run build first) against the sandbox, both
// editions: a 500-cell model (10 companies x 50 quarterly fields) run as Sheets runs it, every cell
// an execution with a fresh global scope, 30 at once (scripts/harness/executions.ts), costs one
// UrlFetch per company of exactly the quarters its cells name (the credits), then none (the script
// cache); every period form; a field not reported is an error naming it; a cell reaching further
// back widens its company's shared reach.
import { AT_ONCE, type Cell, type Executions, startExecutions } from "../../scripts/harness/executions";
import { loadScript } from "../../scripts/harness/load-sheets";
import { layModel } from "../../scripts/harness/model-sheet";
import { type Running, startSandboxWorker } from "../../scripts/harness/workers";
import { DATASETS, datasetFields } from "../../shared/catalogue/functions/value-datasets";
import { POLL_MS } from "../../src/sheets/flights";
import { GATHER_MS } from "../../src/sheets/reach";
import { SHEETS_LIMIT_MS } from "../../src/sheets/settings";

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

/** The company and the quarters each request of the latest quarters asked for. */
const asked = (runner: Executions) =>
  runner.rec.requests
    .filter((r) => new URL(r.url).searchParams.has("n_quarters"))
    .map((r) => [r.url.split("/").at(-2), new URL(r.url).searchParams.get("n_quarters")]);

/** Each request as path and query, from the `from`-th on. */
const sent = (runner: Executions, from = 0) => runner.rec.requests.slice(from).map((r) => new URL(r.url).pathname + new URL(r.url).search);

/** Every request sent once (`repeats`: at most so many sent twice); each company's fiscal dates once
 *  and its latest quarters in at most one request; the rest report dates. */
function sharedOnce(urls: string[], companies: readonly string[], repeats = 0): void {
  expect(urls.length - new Set(urls).size).toBeLessThanOrEqual(repeats);
  urls = [...new Set(urls)];
  for (const company of companies) {
    const own = urls.filter((u) => u.includes(`/${company}/`));
    expect(own.filter((u) => u.includes("/get_quarterly_financial_dates/")).length).toBeLessThanOrEqual(1);
    expect(own.filter((u) => u.includes("n_quarters=")).length).toBeLessThanOrEqual(1);
    expect(
      own.filter((u) => u.includes("/financials/quarterly/") && !u.includes("n_quarters=")).every((u) => u.includes("report_date=")),
    ).toBe(true);
  }
}

/** The credits the provider bills for the answers: a quarter each row, 1 the fiscal dates. */
const billed = (runner: Executions) =>
  runner.rec.bodies.reduce((n, b) => {
    const json = JSON.parse(b);
    return n + (Array.isArray(json) ? json.length : 1);
  }, 0);

describe.each(["spec", "live"] as const)("the %s edition", (edition) => {
  test("500 VALUE cells over 10 companies, 30 executions at once: one request per company of the quarters its cells name, then none", async () => {
    const runner = sheetsFor(edition);
    const outcomes = await runner.run(MODEL);
    const first = shown(outcomes);
    // The cells that start together gather their reach for GATHER_MS; a cell that fetches then ends
    // with its answer, a cell that waits for its company's a poll later.
    expect(Math.max(...outcomes.map((o) => o.endedAt - o.startedAt))).toBe(GATHER_MS + POLL_MS);
    // Each request once: per company its fiscal dates, the latest quarters its cells share and its
    // older quarters by report date; fewer credits than the 9 quarters back to 2023Q1 that each
    // company cost when every cell reached back to the oldest.
    sharedOnce(sent(runner), COMPANIES);
    expect(billed(runner)).toBeLessThan(90);
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
    const requests = runner.rec.requests.length;
    const second = shown(await runner.run(MODEL));
    expect(runner.rec.requests).toHaveLength(requests);
    expect(second).toEqual(first);
  }, 300_000);

  test("a 10-key column x 20-field row is one labelled grid, the single cells' values, each key's requests once, then none", () => {
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
    // Per key: its fiscal dates and FY2024's four quarters, each once.
    const urls = script.rec.requests.map((r) => new URL(r.url).pathname + new URL(r.url).search);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBeLessThanOrEqual(COMPANIES.length * 5);
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
    expect(script.errorOf("MDQ_VALUE", "BBRI", "revenue", "2024Q7")).toMatch(/'period' must be a fiscal quarter/);
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

/** Google's services as they answer an execution: 300 ms a request, 50 ms a call to CacheService,
 *  the properties or the lock, 300 ms a read of the sheet. */
const SLOW = { latencyMs: 300, costs: { cache: 50, properties: 50, lock: 50, sheet: 300 } };

test.each([
  ["company", "no time", {}],
  ["field", "no time", {}],
  ["company", "Google's latencies", SLOW],
  ["field", "Google's latencies", SLOW],
] as const)(
  "a model on its sheet, cells started by %s, services taking %s: each company's requests are sent once, then once again on Refresh all",
  async (order, _, timing) => {
    const runner = startExecutions({ baseUrl: (servers.spec as Running).url, apiKey: KEY, edition: "spec", ...timing });
    runners.push(runner);
    const model = { companies: COMPANIES, fields: FIELDS, periods: PERIODS };
    const outcomes = await runner.run(layModel(runner.rec, model, "1", order));
    expect(outcomes.filter((o) => o.error && !/does not report/.test(o.error))).toEqual([]);
    expect(outcomes.every((o) => o.endedAt - o.startedAt < SHEETS_LIMIT_MS)).toBe(true);
    sharedOnce(sent(runner), COMPANIES);
    // Every company's latest quarters are those its -1 and -2 cells share: two.
    expect(asked(runner).sort()).toEqual(COMPANIES.map((c) => [c, "2"]).sort());
    // The sheet is read by the cells that find no reach kept for their company: the first to start.
    expect(runner.rec.sheetReads).toBeLessThanOrEqual(2 * AT_ONCE);
    const first = [...new Set(sent(runner))].sort();
    const before = runner.rec.requests.length;
    const again = await runner.run(layModel(runner.rec, model, "2", order));
    // Refreshed: the same requests again, once each, and the same values.
    expect([...new Set(sent(runner, before))].sort()).toEqual(first);
    sharedOnce(sent(runner, before), COMPANIES);
    expect(shown(again)).toEqual(shown(outcomes));
  },
  300_000,
);

test("cells that start together share the latest quarters they ask for; an older quarter later costs one request by its report date", async () => {
  const runner = sheetsFor("spec");
  const companies = COMPANIES.slice(0, 3);
  const cells = (periods: unknown[], refresh: string) =>
    companies.flatMap((key) => periods.map((period): Cell => ["MDQ_VALUE", [key, "revenue", period, `refresh=${refresh}`]]));
  // Together: the latest, the one before, and 2024Q4 (the sandbox's second latest quarter): one
  // request of 2 quarters per company, and its fiscal dates for the fiscal quarter.
  const narrow = await runner.run(cells([-1, -2, "2024Q4"], "1"));
  expect(narrow.filter((o) => o.error)).toEqual([]);
  expect(asked(runner)).toEqual(companies.map((c) => [c, "2"]));
  sharedOnce(sent(runner), companies);
  // Later, 2019Q1 is one request of one quarter by its report date: the shared reach stays.
  const before = runner.rec.requests.length;
  const wide = await runner.run(cells(["2019Q1", -1], "1"));
  expect(wide.filter((o) => o.error)).toEqual([]);
  expect(sent(runner, before)).toEqual(companies.map((c) => `/v1/financials/quarterly/${c}/?approx=false&report_date=2019-03-31`));
  // Refresh all: every request again, once each.
  const after = runner.rec.requests.length;
  const again = await runner.run(cells([-1, "2019Q1", -2, "2024Q4"], "2"));
  sharedOnce(sent(runner, after), companies);
  expect(asked(runner).slice(companies.length)).toEqual(companies.map((c) => [c, "2"]));
  expect(again.map((o) => o.value)).toEqual(
    [...companies.keys()].flatMap((i) => [narrow[3 * i], wide[2 * i], narrow[3 * i + 1], narrow[3 * i + 2]].map((o) => o.value)),
  );
});

// explain=true on one VALUE: the quarters, row or report field the value was read from (whatever
// period picked it), the request, when it was fetched and until when it is fresh, its credits, and
// whether it is stale and why (the service failing, its sentence; never the key).
import type { CellValue } from "../../../shared/base/cells";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { TTL } from "../../../shared/rows/function-spec";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL, fixture } from "../harness";
import { fiscalDatesOf, NOW, value } from "./value-calls";

const explained = (args: CellValue[], spec: string) =>
  Object.fromEntries((value([...args, "explain=true"], { spec }).cells ?? []).map(([what, detail]) => [what, detail]));

describe("the source names what the value was read from", () => {
  test("a step back or a date names the quarter it picked, with its date", () => {
    // The fixture's quarters end 2025-06-30, 2025-09-30 and 2025-12-31.
    // A step back needs no fiscal dates: its quarter is named as the calendar's.
    expect(explained(["BKPA", "revenue", -1], "quarterly-bank.json").source).toBe(
      "BKPA's quarterly statements: revenue at CY2025Q4 (dated 2025-12-31)",
    );
    // A date is the quarter that holds it, named by the company's fiscal calendar.
    expect(explained(["BKPA", "revenue", "2025-11-15"], "quarterly-bank.json").source).toBe(
      "BKPA's quarterly statements: revenue at 2025Q4 (dated 2025-12-31)",
    );
    expect(explained(["BKPA", "revenue", "2025Q3"], "quarterly-bank.json").source).toBe(
      "BKPA's quarterly statements: revenue at 2025Q3 (dated 2025-09-30)",
    );
  });

  test("a report's yearly field names the year read, the latest too", () => {
    expect(explained(["7123", "financials.historical_revenue", 2023], "klse-report.json").source).toBe(
      "7123's KLSE company report: financials.historical_revenue.2023",
    );
    expect(explained(["7123", "financials.historical_revenue", -1], "klse-report.json").source).toBe(
      "7123's KLSE company report: financials.historical_revenue.2024 (asked: the latest)",
    );
  });

  test("a fresh answer: its request, fetch time, freshness and credits, and not stale", () => {
    const rows = explained(["BKPA", "revenue", "2025Q4"], "quarterly-bank.json");
    // The fiscal dates first (1 credit), then the quarter: the last request named is the quarter's.
    expect(rows.request).toBe("GET /v1/financials/quarterly/BKPA/?n_quarters=1");
    expect(rows.fetched).toBe("2026-01-20 03:00:00 UTC, from the service");
    expect(rows["fresh until"]).toBe("2026-01-20 09:00:00 UTC");
    // Billed per quarter returned: the fixture answers its three whatever is asked.
    expect(rows.credits).toBe(3);
    expect(rows.stale).toBe("no: every answer above is within its freshness");
  });
});

test("a stale answer says so, since when and why; the key is nowhere", () => {
  const cache = new Map<string, string>();
  let now = NOW;
  let down = false;
  const answer = (effect: { request: { url: string } }) =>
    down
      ? { status: 503, body: '{"error": "Service unavailable."}' }
      : {
          status: 200,
          body: effect.request.url.includes("/get_quarterly_financial_dates/")
            ? (fiscalDatesOf(fixture("quarterly-bank.json")) as string)
            : fixture("quarterly-bank.json"),
        };
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "cacheGet") return cache.get(effect.key) ?? null;
    if (effect.type === "cachePut") return void cache.set(effect.key, effect.value);
    if (effect.type === "fetchAll") return effect.fetches.map(answer);
    return effect.type === "fetch" ? answer(effect) : undefined;
  };
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "spec" as const };
  const call = (args: CellValue[]) =>
    runSync(callFunction(functionNamed("VALUE"), args, settings, { now: () => now, random: () => 0.5 }), handle).cells;
  const plain = call(["BKPA", "revenue", "2025Q4"]);
  // Past the statements' lifetime, the service down: the last good answer, marked stale.
  now += (TTL.financials + 60) * 1000;
  down = true;
  const cells = call(["BKPA", "revenue", "2025Q4", "explain=true"]);
  const rows = Object.fromEntries(cells.map(([what, detail]) => [what, detail]));
  // The value as the hosts show an amount: with thousands separators.
  expect(typeof plain[0][0]).toBe("number");
  expect(rows.value).toBe((plain[0][0] as number).toLocaleString("en-US"));
  expect(rows.fetched).toBe("2026-01-20 03:00:00 UTC, a stale copy, the service failing");
  expect(rows.stale).toMatch(/^yes: the service failed \(.*\), so the copy fetched 2026-01-20 03:00:00 UTC is shown$/);
  expect(rows["credits of this cell"]).toBe(0);
  expect(JSON.stringify(cells)).not.toContain("Authorization");
});

describe("in an analyst's words", () => {
  const cells = (args: CellValue[], spec = "quarterly-bank.json") => value([...args], { spec }).cells ?? [];
  const all = (rows: unknown[][], what: string) => rows.filter((r) => r[0] === what).map((r) => r[1]);

  test("the call by its arguments' names; the reach a host set to share a request is no argument of it", () => {
    const rows = cells(["BKPA", "revenue", "2025Q4", "explain=true; cover=3; change=qoq"]);
    expect(all(rows, "call")).toEqual(["VALUE of key BKPA, field revenue, period 2025Q4, change qoq"]);
    expect(JSON.stringify(rows)).not.toContain("cover");
    // No name=value but in the requests' own addresses.
    expect(rows.filter((r) => r[0] !== "request" && /\w=\w/.test(String(r[1])))).toEqual([]);
  });

  test("a request widened for the company's other cells: what the cell needs of it, its share and the whole beside", () => {
    // 2025Q4 alone goes by its report date; cover=3 (a host's gathering) asks the latest 3 quarters,
    // which the fixture answers with its three, 3 credits.
    const rows = cells(["BKPA", "revenue", "2025Q4", "explain=true; cover=3"]);
    const at = rows.findIndex((r) => r[1] === "GET /v1/financials/quarterly/BKPA/?n_quarters=3");
    expect(rows.slice(at, at + 7)).toEqual([
      ["request", "GET /v1/financials/quarterly/BKPA/?n_quarters=3"],
      ["asks for", "BKPA's statements, the latest 3 quarters"],
      ["shared", "with BKPA's other cells: this cell needs 1 of the 3 quarters"],
      ["fetched", "2026-01-20 03:00:00 UTC, from the service"],
      ["fresh until", "2026-01-20 09:00:00 UTC"],
      ["credits", "1, this cell's share"],
      ["whole request", "3 credits, paid once for all the cells that use it"],
    ]);
    // The fiscal dates (1 credit) are the cell's own: its credits are 1 + its share, never the 3 whole.
    expect(all(rows, "asks for")[0]).toBe("BKPA's fiscal dates: the quarter each report belongs to");
    expect(all(rows, "credits of this cell")).toEqual([2]);
    expect(all(rows, "shared credits")).toEqual(["3 credits for the whole shared request, paid once"]);
  });

  test("a request the cell needs whole is its own, however it was asked", () => {
    const rows = cells(["BKPA", "revenue", "-2", "explain=true; cover=2"]);
    expect(all(rows, "request")).toEqual(["GET /v1/financials/quarterly/BKPA/?n_quarters=2"]);
    expect(all(rows, "asks for")).toEqual(["BKPA's statements, the latest 2 quarters"]);
    expect(all(rows, "shared")).toEqual([]);
    expect(all(rows, "credits")).toEqual([3]);
    expect(all(rows, "credits of this cell")).toEqual([3]);
    expect(all(rows, "shared credits")).toEqual([]);
  });

  test("a quarter asked by its report date is named so", () => {
    const rows = cells(["BKPA", "revenue", "2025Q2", "explain=true"]);
    expect(all(rows, "asks for")).toContain("BKPA's statements of the quarter reported on 2025-06-30");
  });
});

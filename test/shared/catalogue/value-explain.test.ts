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
  expect(rows.value).toBe(plain[0][0]);
  expect(rows.fetched).toBe("2026-01-20 03:00:00 UTC, a stale copy, the service failing");
  expect(rows.stale).toMatch(/^yes: the service failed \(.*\), so the copy fetched 2026-01-20 03:00:00 UTC is shown$/);
  expect(rows["credits of this call"]).toBe(0);
  expect(JSON.stringify(cells)).not.toContain("Authorization");
});

// VALUE over the daily prices through the core, against a stand-in of the service's /v2/daily/
// (its own trading days, listings and first day) and a fixed clock: a year, a quarter and a part
// of a year combine every trading day by DAILY's rule (volume summed, close the last day's), equal
// DAILY's period=yearly row and share its requests; a span the company did not trade through, or
// one before the service's first day, is an error naming the first day there is; a date keeps its
// meaning; what explain=true says was combined.
import type { CellValue } from "../../../shared/base/cells";
import { dayNumber, isoDaysAfter } from "../../../shared/base/cells";
import type { MdqError } from "../../../shared/base/errors";
import type { Table } from "../../../shared/base/table";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { DAILY } from "../../../shared/catalogue/functions/daily";
import { type DailyRead, dailyPeriodProblem, dailyValue } from "../../../shared/catalogue/functions/value-daily";
import { datasetNamed, type ValueDataset } from "../../../shared/catalogue/functions/value-datasets";
import { runSync } from "../../../shared/drive/drivers";
import { parsePeriod } from "../../../shared/input/periods";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { API_KEY, BASE_URL } from "../harness";

const TODAY = "2025-06-30";
const NOW = Date.parse(`${TODAY}T10:00:00Z`);
const FIRST_DAY = "2019-01-02";

/** The stand-in exchange's closed weekdays: New Year, Eid's joint leave (2024's inside April,
 *  2025's across the first days of the second quarter), the year-end closing day. */
const HOLIDAYS = new Set([
  "2024-01-01",
  ...Array.from({ length: 8 }, (_, i) => isoDaysAfter("2024-04-08", i)),
  "2024-12-25",
  "2024-12-26",
  "2024-12-31",
  "2025-01-01",
  ...Array.from({ length: 8 }, (_, i) => isoDaysAfter("2025-03-31", i)),
]);
/** HOLE: a company whose volume the service leaves out on one day. */
const LISTED: Record<string, string> = { AAAA: "2015-05-04", NEWW: "2024-05-06", HOLE: "2015-05-04", LATE: "2019-03-11" };
const GAP_DAY = "2024-07-10";

const trades = (ticker: string, day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day) && day >= LISTED[ticker] && day >= FIRST_DAY && day <= TODAY;
};

/** One day's record as the service writes it: figures that differ from day to day. */
function record(ticker: string, day: string) {
  const n = dayNumber(day);
  return {
    symbol: `${ticker}.JK`,
    date: day,
    close: 1000 + (n % 37) * 5,
    volume: ticker === "HOLE" && day === GAP_DAY ? null : 1_000_000 + (n % 101) * 1000,
    market_cap: (1000 + (n % 37) * 5) * 1e9,
  };
}

/** Every record from start to end (the service's own rules: none before its first day, none after today). */
const records = (ticker: string, start: string, end: string) => {
  const out = [];
  for (let day = start; day <= end; day = isoDaysAfter(day, 1)) if (trades(ticker, day)) out.push(record(ticker, day));
  return out;
};

interface Outcome {
  cells?: unknown[][];
  credits?: number;
  error?: MdqError;
  urls: string[];
}

/** NAME through the core in the live edition against the stand-in; a Map as the cache, if given. */
function call(name: string, args: CellValue[], cache?: Map<string, string>): Outcome {
  const urls: string[] = [];
  const answer = (url: string) => {
    urls.push(url);
    const u = new URL(url);
    const ticker = /^\/v2\/daily\/([A-Z]{4})\/$/.exec(u.pathname)?.[1];
    if (!ticker || !LISTED[ticker]) return { status: 404, body: '{"error": "Given stock symbol does not exist."}' };
    const end = u.searchParams.get("end") ?? TODAY;
    if (end > TODAY) return { status: 400, body: `{"error": "The 'end' date cannot be in the future."}` };
    const start = u.searchParams.get("start") ?? isoDaysAfter(end, -29);
    return { status: 200, body: JSON.stringify(records(ticker, start, end)) };
  };
  const handle = (effect: Effect): EffectResult => {
    if (effect.type === "cacheGet") return cache?.get(effect.key) ?? null;
    if (effect.type === "cachePut") return void cache?.set(effect.key, effect.value);
    if (effect.type === "fetchAll") return effect.fetches.map((f) => answer(f.request.url));
    if (effect.type === "fetch") return answer(effect.request.url);
    return undefined;
  };
  const settings = { baseUrl: BASE_URL, apiKey: API_KEY, edition: "live" as const };
  try {
    const result = runSync(callFunction(functionNamed(name), args, settings, { now: () => NOW, random: () => 0.5 }), handle);
    return { cells: result.cells, credits: result.credits, urls };
  } catch (e) {
    return { error: e as MdqError, urls };
  }
}

const value = (args: CellValue[], cache?: Map<string, string>) => call("VALUE", args, cache);
const source = (args: CellValue[]) =>
  Object.fromEntries((value([...args, "explain=true"]).cells ?? []).map(([what, detail]) => [what, detail])).source;
const windows = (urls: string[]) => urls.map((u) => new URL(u).search);

const days = (ticker: string, start: string, end: string) => records(ticker, start, end);
const sum = (rows: ReturnType<typeof records>) => rows.reduce((s, r) => s + (r.volume as number), 0);
const last = <T>(rows: T[]) => rows[rows.length - 1];

describe("a year, a quarter or a part of a year is every trading day of it", () => {
  const year = days("AAAA", "2024-01-01", "2024-12-31");

  test("a year's volume is the sum of its days, its close and market cap the last day's", () => {
    expect(year[0].date).toBe("2024-01-02");
    expect(last(year).date).toBe("2024-12-30");
    for (const p of ["FY2024", 2024, "2024"]) expect(value(["AAAA", "volume", p]).cells).toEqual([[sum(year)]]);
    expect(value(["AAAA", "close", "FY2024"]).cells).toEqual([[last(year).close]]);
    expect(value(["AAAA", "market_cap", "FY2024"]).cells).toEqual([[last(year).market_cap]]);
    // Not the one day a year used to read as.
    expect(sum(year)).not.toBe(last(year).volume);
  });

  test("the whole year through DAILY's windows: five requests, five credits", () => {
    const out = value(["AAAA", "volume", "FY2024"]);
    expect(windows(out.urls)).toEqual([
      "?end=2024-03-04&start=2023-12-06",
      "?end=2024-06-02&start=2024-03-05",
      "?end=2024-08-31&start=2024-06-03",
      "?end=2024-11-29&start=2024-09-01",
      "?end=2025-02-27&start=2024-11-30",
    ]);
    expect(out.credits).toBe(5);
  });

  test("equal to DAILY's yearly row, over DAILY's own requests: none more once DAILY ran", () => {
    const cache = new Map<string, string>();
    const daily = call("DAILY", ["AAAA", "2024-01-01", "2024-12-31", "period=yearly; headers=false"], cache);
    expect(daily.urls).toHaveLength(5);
    const [[, date, close, volume]] = daily.cells as [[string, string, number, number]];
    expect(date).toBe("2024-12-30");
    const again = value(["AAAA", "volume", "FY2024"], cache);
    expect({ cells: again.cells, urls: again.urls, credits: again.credits }).toEqual({ cells: [[volume]], urls: [], credits: 0 });
    expect(value(["AAAA", "close", "FY2024"], cache).cells).toEqual([[close]]);
  });

  test("a quarter and the parts of a year", () => {
    const q2 = days("AAAA", "2024-04-01", "2024-06-30");
    expect(value(["AAAA", "volume", "2024Q2"]).cells).toEqual([[sum(q2)]]);
    expect(value(["AAAA", "close", "Q2 2024"]).cells).toEqual([[last(q2).close]]);
    const parts: Array<[string, string, string]> = [
      ["H1 2024", "2024-01-01", "2024-06-30"],
      ["H2 2024", "2024-07-01", "2024-12-31"],
      ["9M 2024", "2024-01-01", "2024-09-30"],
    ];
    for (const [p, from, to] of parts) {
      const span = days("AAAA", from, to);
      expect({ p, cells: value(["AAAA", "volume", p]).cells }).toEqual({ p, cells: [[sum(span)]] });
      expect({ p, cells: value(["AAAA", "close", p]).cells }).toEqual({ p, cells: [[last(span).close]] });
    }
  });

  test("explain=true says what was combined, over which days and how many", () => {
    expect(source(["AAAA", "volume", "FY2024"])).toBe(
      `AAAA's daily prices: volume summed over 2024-01-02 to 2024-12-30 (${year.length} trading days of 2024)`,
    );
    expect(source(["AAAA", "close", "2024Q2"])).toBe(
      `AAAA's daily prices: close of 2024-06-28, the last of 2024-04-01 to 2024-06-28 (${days("AAAA", "2024-04-01", "2024-06-30").length} trading days of 2024Q2)`,
    );
  });

  test("a span not over yet is its days so far, and says so", () => {
    const soFar = days("AAAA", "2025-01-01", TODAY);
    const out = value(["AAAA", "volume", "2025"]);
    expect(out.cells).toEqual([[sum(soFar)]]);
    // No end after today is asked: the service refuses one.
    expect(windows(out.urls).every((w) => (new URLSearchParams(w).get("end") ?? "") <= TODAY)).toBe(true);
    expect(source(["AAAA", "volume", "2025"])).toBe(
      `AAAA's daily prices: volume summed over 2025-01-02 to ${TODAY} (${soFar.length} trading days of 2025 so far: 2025 is not over)`,
    );
  });

  test("a span after today is refused before any request", () => {
    const out = value(["AAAA", "volume", "2026"]);
    expect(out.urls).toEqual([]);
    expect(out.error?.kind).toBe("bad_argument");
    expect(out.error?.sentence).toBe(
      `'period' must have begun by today (${TODAY}) for the daily prices: 2026 starts 2026-01-01 (got 2026)`,
    );
  });

  test("a day without the field in the span is an error naming it, never a smaller sum", () => {
    const out = value(["HOLE", "volume", "2024Q3"]);
    expect(out.error?.kind).toBe("no_data");
    expect(out.error?.sentence).toBe(
      `HOLE does not report 'volume' in its daily prices on ${GAP_DAY} (of 2024Q3): no volume over 2024Q3, so no number is shown.`,
    );
    expect(value(["HOLE", "close", "2024Q3"]).cells).toEqual([[last(days("HOLE", "2024-07-01", "2024-09-30")).close]]);
  });
});

describe("a span the company traded through, and only then", () => {
  test("a quarter opening in the exchange's holidays: the days before it show the company traded", () => {
    // 2025Q2 opens in Eid's leave: its first trading day is 2025-04-08.
    const q2 = days("AAAA", "2025-04-01", TODAY);
    expect(q2[0].date).toBe("2025-04-08");
    const out = value(["AAAA", "volume", "2025Q2"]);
    expect(out.cells).toEqual([[sum(q2)]]);
    // One request more, for the fortnight before the quarter.
    expect(windows(out.urls).slice(-1)).toEqual(["?end=2025-03-31&start=2025-03-18"]);
  });

  test("a year the company listed in is refused, naming its first trading day", () => {
    const out = value(["NEWW", "volume", "FY2024"]);
    expect(out.error?.kind).toBe("no_data");
    expect(out.error?.sentence).toBe(
      "NEWW has no daily prices from 2024-01-01 to 2024-05-05, the start of 2024: its first trading day in 2024 is 2024-05-06, with none in the 14 days before 2024-01-01 either (it was not yet listed, or not trading). No volume over part of 2024 is shown as 2024's: give a period that starts on or after 2024-05-06, or a date.",
    );
    expect(value(["NEWW", "close", "2024Q2"]).error?.sentence).toMatch(/^NEWW has no daily prices from 2024-04-01 to 2024-05-05/);
    expect(value(["NEWW", "volume", "2024Q3"]).cells).toEqual([[sum(days("NEWW", "2024-07-01", "2024-09-30"))]]);
  });

  test("a span or a date before the company's listing says so, never blaming the key", () => {
    const year = value(["NEWW", "close", "2023"]);
    expect(year.error?.sentence).toBe(
      "NEWW has no daily prices from 2023-01-01 to 2023-12-31 (the days read for 2023): it was not trading then (not yet listed, suspended or delisted), so there is no close for 2023.",
    );
    const date = value(["NEWW", "close", "2024-03-01"]);
    expect(date.error?.kind).toBe("no_data");
    expect(date.error?.sentence).toBe(
      "NEWW has no daily prices from 2024-02-09 to 2024-03-01 (the days read for 2024-03-01): it was not trading then (not yet listed, suspended or delisted), so there is no close for 2024-03-01.",
    );
    expect(date.error?.message).not.toMatch(/key/);
  });

  test("before the service's first day: refused before any request, naming the period and the first day", () => {
    for (const [p, asked] of [
      ["2018-12-31", "2018-12-31"],
      ["FY2018", "2018"],
      ["2018Q4", "2018Q4"],
    ]) {
      const out = value(["AAAA", "close", p]);
      expect(out.urls).toEqual([]);
      expect(out.error?.kind).toBe("bad_argument");
      expect(out.error?.sentence).toBe(
        `'period' must be ${FIRST_DAY} or later for the daily prices: the service has none before (got ${asked})`,
      );
    }
  });

  test("a company whose first day comes after the service's, in the service's first year: no days before to read", () => {
    const out = value(["LATE", "volume", "2019"]);
    expect(out.error?.sentence).toBe(
      "LATE has no daily prices from 2019-01-02 to 2019-03-10, the start of 2019: its first trading day in 2019 is 2019-03-11 (it was not yet listed, or not trading). No volume over part of 2019 is shown as 2019's: give a period that starts on or after 2019-03-11, or a date.",
    );
    expect(out.urls).toHaveLength(5);
  });

  test("a year whose days before the service's first day are no trading days is whole", () => {
    // 2019-01-01 is New Year's Day: 2019 is whole from the service's first day.
    const out = value(["AAAA", "volume", "2019"]);
    expect(out.cells).toEqual([[sum(days("AAAA", "2019-01-01", "2019-12-31"))]]);
    expect(windows(out.urls)[0]).toBe("?end=2019-03-31&start=2019-01-02");
  });
});

describe("a date and a step back keep their meaning", () => {
  test("a date is the last trading day on or before it; -N the N-th latest", () => {
    expect(value(["AAAA", "volume", "2024-04-14"]).cells).toEqual([[record("AAAA", "2024-04-05").volume]]);
    expect(value(["AAAA", "close", -1]).cells).toEqual([[record("AAAA", "2025-06-30").close]]);
    expect(value(["AAAA", "close", -2]).cells).toEqual([[record("AAAA", "2025-06-27").close]]);
    expect(source(["AAAA", "volume", "2024-04-14"])).toBe("AAAA's daily prices, the row of 2024-04-05 (asked: 2024-04-14): volume");
  });
});

describe("refused before any request", () => {
  test("TTM is the quarterly statements'", () => {
    const out = value(["AAAA", "close", "TTM"]);
    expect(out.urls).toEqual([]);
    expect(out.error?.sentence).toBe(
      "'period' must be a quarter, a year, a date or a step back for the daily prices, or a part of a year (H1, H2, 9M): TTM is a period of the quarterly statements (got TTM)",
    );
  });

  const daily = datasetNamed("daily");
  /** The daily prices as a row whose series has no rule for volume. */
  const ruleless: ValueDataset = { ...daily, fn: { ...DAILY, series: { date: "date", key: "ticker", fields: { close: "last" } } } };

  test("a field without a rule over days, for a span (a date still reads its day)", () => {
    expect(dailyPeriodProblem(ruleless, "volume", parsePeriod("2024"))).toBe(
      "'period' must be a date or a step back for 'volume', which the daily prices have no rule to combine over several days (fields with one: close (last)) (got 2024)",
    );
    expect(dailyPeriodProblem(ruleless, "volume", parsePeriod("2024-06-28"))).toBeUndefined();
    expect(dailyPeriodProblem(daily, "VOLUME", parsePeriod("2024"))).toBeUndefined();
  });

  test("a span whose first days could be trading days before the service's first day", () => {
    expect(dailyPeriodProblem(daily, "close", parsePeriod("2019"), "2019-01-07")).toBe(
      "'period' must start on or after 2019-01-07, the first day of the service's daily prices: 2019 starts 2019-01-01, so a figure over it would miss its first days (got 2019)",
    );
    expect(dailyPeriodProblem(daily, "close", parsePeriod("2019Q2"), "2019-01-07")).toBeUndefined();
  });
});

describe("every rule a series may have", () => {
  /** A dataset with open, high and low: first, max and min over a span. */
  const ohlc: ValueDataset = {
    ...datasetNamed("daily"),
    fn: { ...DAILY, series: { date: "date", fields: { open: "first", high: "max", low: "min", close: "last" } } },
  };
  const read: DailyRead = {
    columns: ["date", "open", "high", "low", "close"],
    rows: [
      ["2024-04-01", 10, 12, 9, 11],
      ["2024-05-02", 11, 15, 10, 14],
      ["2024-06-28", 14, 14, 8, 9],
    ],
    orient: "rows",
    window: { start: "2024-04-01", end: "2024-06-30" },
    today: TODAY,
  };
  const one = (field: string) => {
    const t: Table = dailyValue(read, ohlc, field, parsePeriod("2024Q2"), "XXXX");
    return [t.rows[0][0], t.source];
  };

  test("open the first day's, high the highest, low the lowest, close the last day's", () => {
    expect(one("open")).toEqual([
      10,
      "XXXX's daily prices: open of 2024-04-01, the first of 2024-04-01 to 2024-06-28 (3 trading days of 2024Q2)",
    ]);
    expect(one("high")).toEqual([
      15,
      "XXXX's daily prices: high, the highest over 2024-04-01 to 2024-06-28, on 2024-05-02 (3 trading days of 2024Q2)",
    ]);
    expect(one("low")).toEqual([
      8,
      "XXXX's daily prices: low, the lowest over 2024-04-01 to 2024-06-28, on 2024-06-28 (3 trading days of 2024Q2)",
    ]);
    expect(one("close")[0]).toBe(9);
  });
});

test("explain=true: a window a host widened for the company's other cells is said so, with this cell's share beside the whole", () => {
  const rows = (args: CellValue[]) => value([...args]).cells ?? [];
  const all = (cells: unknown[][], what: string) => cells.filter((r) => r[0] === what).map((r) => r[1]);
  const own = rows(["AAAA", "close", -1, "explain=true"]);
  expect(all(own, "asks for")).toEqual(["AAAA's daily prices, the latest 30 days"]);
  expect(all(own, "shared")).toEqual([]);
  const widened = rows(["AAAA", "close", -1, "explain=true; cover=60"]);
  expect(all(widened, "call")).toEqual(["VALUE of key AAAA, field close, period -1"]);
  expect(all(widened, "asks for")).toEqual(["AAAA's daily prices, the latest 60 days"]);
  expect(all(widened, "shared")).toEqual(["with AAAA's other cells: this cell needs 30 of the 60 days"]);
  expect(all(widened, "whole request")).toHaveLength(1);
  expect(JSON.stringify(widened)).not.toContain("cover");
});

// Time series by period (resample) and side by side (wide): over generated trading days of 2024,
// against expectations computed here independently (grouping by the date text), and over small
// hand-made tables for the edges (ISO weeks across a year, partial periods, gaps, duplicates).

import { PERIODICITIES, resample, type SeriesSpec } from "../../../shared/answer/series";
import { wide } from "../../../shared/answer/series-wide";
import type { Cell, Table } from "../../../shared/base/table";

const DAILY: SeriesSpec = { date: "date", key: "ticker", fields: { close: "last", volume: "sum", market_cap: "last" } };
const COLUMNS = ["symbol", "date", "close", "volume", "market_cap"];

// Holidays chosen so that months end off their calendar end: March's last trading day is the 28th
// (29th Good Friday, 30th-31st the weekend), December's the 30th.
const HOLIDAYS = new Set([
  "2024-01-01",
  "2024-02-08",
  "2024-02-09",
  "2024-03-29",
  "2024-05-01",
  "2024-08-16",
  "2024-12-25",
  "2024-12-26",
  "2024-12-31",
]);

/** Weekdays from..to (inclusive) but the holidays, as ISO text, computed in UTC. */
function tradingDays(from: string, to: string, holidays: Set<string> = HOLIDAYS): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const dow = new Date(t).getUTCDay();
    if (dow !== 0 && dow !== 6 && !holidays.has(day)) days.push(day);
  }
  return days;
}

const closeAt = (i: number) => 1000 + ((i * 37) % 101);
const volumeAt = (i: number) => 1000 + i * 7;

/** One key's DAILY rows over the days. */
const dailyRows = (symbol: string, days: string[], shift = 0): Cell[][] =>
  days.map((day, i) => [symbol, day, closeAt(i + shift), volumeAt(i + shift), closeAt(i + shift) * 1e6]);

const table = (columns: string[], rows: Cell[][]): Table => ({ columns, rows, orient: "rows" });
const YEAR = tradingDays("2024-01-01", "2024-12-31");

/** The expected months, grouped by the date's "YYYY-MM" text: a second way to the same answer. */
function byMonthText(rows: Cell[][]): Cell[][] {
  const months = new Map<string, Cell[][]>();
  for (const row of rows) {
    const month = (row[1] as string).slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), row]);
  }
  return [...months.values()].map((rs) => {
    const last = rs[rs.length - 1];
    const volumes = rs.map((r) => r[3]);
    const volume = volumes.every((v) => typeof v === "number") ? (volumes as number[]).reduce((a, b) => a + b, 0) : null;
    return [last[0], last[1], last[2], volume, last[4]];
  });
}

describe("resample", () => {
  test("the periodicities, in order from the finest", () => {
    expect(PERIODICITIES).toEqual(["daily", "weekly", "monthly", "quarterly", "yearly"]);
  });

  test("monthly over a year: close is the month's last close, volume its sum, the date its last trading day", () => {
    const rows = dailyRows("BBCA.JK", YEAR);
    const { table: out, partial } = resample(table(COLUMNS, rows), DAILY, "monthly");
    expect(out.columns).toEqual(COLUMNS);
    expect(out.orient).toBe("rows");
    expect(out.rows).toHaveLength(12);
    expect(out.rows).toEqual(byMonthText(rows));
    expect(out.rows.map((r) => r[1])).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-28",
      "2024-04-30",
      "2024-05-31",
      "2024-06-28",
      "2024-07-31",
      "2024-08-30",
      "2024-09-30",
      "2024-10-31",
      "2024-11-29",
      "2024-12-30",
    ]);
    // January by hand: 22 weekdays less New Year's Day, rows 0..21.
    const jan = Array.from({ length: 22 }, (_, i) => volumeAt(i)).reduce((a, b) => a + b, 0);
    expect(out.rows[0]).toEqual(["BBCA.JK", "2024-01-31", closeAt(21), jan, closeAt(21) * 1e6]);
    expect(partial).toEqual([]);
  });

  test("a null volume makes its month's sum null (never a partial sum); other months and the close are untouched", () => {
    const rows = dailyRows("BBCA.JK", YEAR);
    const may = rows.findIndex((r) => r[1] === "2024-05-14");
    rows[may][3] = null;
    const juneAt = rows.findIndex((r) => r[1] === "2024-06-03");
    rows[juneAt][3] = "n/a"; // text where a number belongs is a gap too
    const out = resample(table(COLUMNS, rows), DAILY, "monthly").table.rows;
    expect(out[4][3]).toBeNull();
    expect(out[5][3]).toBeNull();
    expect(out[4][2]).toBe(byMonthText(rows)[4][2]);
    expect(out[3][3]).toBe(byMonthText(rows)[3][3]);
    expect(typeof out[3][3]).toBe("number");
  });

  test("first, max, min over a period; extremes skip nulls and text; all-null is null; last is the last row's own value", () => {
    const spec: SeriesSpec = { date: "date", fields: { open: "first", high: "max", low: "min", close: "last", volume: "sum" } };
    const cols = ["date", "open", "high", "low", "close", "volume"];
    const rows: Cell[][] = [
      ["2024-01-02", 10, 12, 9, 11, 100],
      ["2024-01-03", 11, null, "x", 13, 200],
      ["2024-01-04", 13, 15, 8, null, 300],
      ["2024-02-01", null, null, null, 20, 0],
      ["2024-02-02", 21, null, null, 22, 5],
    ];
    expect(resample(table(cols, rows), spec, "monthly").table.rows).toEqual([
      ["2024-01-04", 10, 15, 8, null, 600],
      ["2024-02-02", null, null, null, 22, 5],
    ]);
  });

  test("weekly: ISO weeks Monday to Sunday, 2024-12-30 to 2025-01-05 being 2025-W01", () => {
    const days = tradingDays("2024-12-16", "2025-01-10", new Set(["2024-12-25", "2025-01-01"]));
    const rows = dailyRows("BBCA.JK", days);
    const { table: out, partial } = resample(table(COLUMNS, rows), DAILY, "weekly", { start: "2024-12-18", end: "2025-01-08" });
    expect(out.rows.map((r) => r[1])).toEqual(["2024-12-20", "2024-12-27", "2025-01-03", "2025-01-10"]);
    // The week across the new year: 30th, 31st, 2nd and 3rd together.
    const at = (day: string) => days.indexOf(day);
    expect(out.rows[2][3]).toBe(
      volumeAt(at("2024-12-30")) + volumeAt(at("2024-12-31")) + volumeAt(at("2025-01-02")) + volumeAt(at("2025-01-03")),
    );
    expect(out.rows[2][2]).toBe(closeAt(at("2025-01-03")));
    expect(partial).toEqual([
      { period: "2024-W51", from: "2024-12-16", to: "2024-12-22" },
      { period: "2025-W02", from: "2025-01-06", to: "2025-01-12" },
    ]);
  });

  test("weekly: a week of two years belongs to its Thursday's (2021-01-01 is in 2020-W53), labels padded", () => {
    const days = ["2020-12-31", "2021-01-01", "2021-01-04", "2021-03-01"];
    const rows = dailyRows("X", days);
    const { table: out, partial } = resample(table(COLUMNS, rows), DAILY, "weekly", { start: "2021-01-05", end: "2021-03-02" });
    expect(out.rows.map((r) => [r[1], r[3]])).toEqual([
      ["2021-01-01", volumeAt(0) + volumeAt(1)],
      ["2021-01-04", volumeAt(2)],
      ["2021-03-01", volumeAt(3)],
    ]);
    expect(partial).toEqual([
      { period: "2020-W53", from: "2020-12-28", to: "2021-01-03" },
      { period: "2021-W01", from: "2021-01-04", to: "2021-01-10" },
      { period: "2021-W09", from: "2021-03-01", to: "2021-03-07" },
    ]);
  });

  test("quarterly and yearly over a year", () => {
    const rows = dailyRows("BBCA.JK", YEAR);
    const total = rows.reduce((s, r) => s + (r[3] as number), 0);
    const quarters = resample(table(COLUMNS, rows), DAILY, "quarterly").table.rows;
    expect(quarters.map((r) => r[1])).toEqual(["2024-03-28", "2024-06-28", "2024-09-30", "2024-12-30"]);
    expect(quarters.reduce((s, r) => s + (r[3] as number), 0)).toBe(total);
    const months = byMonthText(rows);
    expect(quarters[1][3]).toBe((months[3][3] as number) + (months[4][3] as number) + (months[5][3] as number));
    expect(quarters[3][2]).toBe(rows[rows.length - 1][2]);
    expect(resample(table(COLUMNS, rows), DAILY, "yearly").table.rows).toEqual([
      ["BBCA.JK", "2024-12-30", rows[rows.length - 1][2], total, rows[rows.length - 1][4]],
    ]);
  });

  test("quarterly and yearly partial periods name the quarter and the year with their calendar ends", () => {
    const rows = dailyRows("BBCA.JK", tradingDays("2024-02-15", "2024-07-10"));
    const window = { start: "2024-02-15", end: "2024-07-10" };
    expect(resample(table(COLUMNS, rows), DAILY, "quarterly", window).partial).toEqual([
      { period: "2024Q1", from: "2024-01-01", to: "2024-03-31" },
      { period: "2024Q3", from: "2024-07-01", to: "2024-09-30" },
    ]);
    expect(resample(table(COLUMNS, rows), DAILY, "yearly", window).partial).toEqual([
      { period: "2024", from: "2024-01-01", to: "2024-12-31" },
    ]);
    expect(resample(table(COLUMNS, rows), DAILY, "yearly", { start: "2024-01-01", end: "2024-12-31" }).partial).toEqual([]);
  });

  test("two keys stacked: each key by itself, in first-seen order, even interleaved", () => {
    const cols = ["ticker", ...COLUMNS];
    const bbri = dailyRows("BBRI.JK", YEAR, 5).map((r) => ["BBRI", ...r]);
    const bbca = dailyRows("BBCA.JK", YEAR).map((r) => ["BBCA", ...r]);
    const interleaved = bbri.flatMap((r, i) => [r, bbca[i]]);
    const out = resample(table(cols, interleaved), DAILY, "monthly").table;
    expect(out.columns).toEqual(cols);
    expect(out.rows).toEqual([
      ...byMonthText(bbri.map((r) => r.slice(1))).map((r) => ["BBRI", ...r]),
      ...byMonthText(bbca.map((r) => r.slice(1))).map((r) => ["BBCA", ...r]),
    ]);
  });

  test("a mid-month window: the first and last months are partial, per key; the months between are not", () => {
    const cols = ["ticker", ...COLUMNS];
    const days = tradingDays("2024-01-15", "2024-03-20");
    const rows = [...dailyRows("A.JK", days).map((r) => ["A", ...r]), ...dailyRows("B.JK", days).map((r) => ["B", ...r])];
    const { table: out, partial } = resample(table(cols, rows), DAILY, "monthly", { start: "2024-01-15", end: "2024-03-20" });
    expect(out.rows.map((r) => [r[0], r[2]])).toEqual([
      ["A", "2024-01-31"],
      ["A", "2024-02-29"],
      ["A", "2024-03-20"],
      ["B", "2024-01-31"],
      ["B", "2024-02-29"],
      ["B", "2024-03-20"],
    ]);
    expect(partial).toEqual([
      { key: "A", period: "2024-01", from: "2024-01-01", to: "2024-01-31" },
      { key: "A", period: "2024-03", from: "2024-03-01", to: "2024-03-31" },
      { key: "B", period: "2024-01", from: "2024-01-01", to: "2024-01-31" },
      { key: "B", period: "2024-03", from: "2024-03-01", to: "2024-03-31" },
    ]);
  });

  test("a window on whole months lists nothing; a window ending on the month's last day leaves that month whole", () => {
    const rows = dailyRows("A", tradingDays("2024-02-01", "2024-04-30"));
    expect(resample(table(COLUMNS, rows), DAILY, "monthly", { start: "2024-02-01", end: "2024-04-30" }).partial).toEqual([]);
    expect(resample(table(COLUMNS, rows), DAILY, "monthly", { start: "2024-02-01", end: "2024-04-29" }).partial).toEqual([
      { period: "2024-04", from: "2024-04-01", to: "2024-04-30" },
    ]);
  });

  test("unsorted input gives the sorted answer; a date twice keeps the last row seen", () => {
    const rows = dailyRows("BBCA.JK", YEAR);
    const shuffled = rows
      .map((r, i) => ({ r, k: (i * 7919) % rows.length }))
      .sort((a, b) => a.k - b.k)
      .map(({ r }) => r);
    expect(shuffled).not.toEqual(rows);
    expect(resample(table(COLUMNS, shuffled), DAILY, "monthly").table.rows).toEqual(byMonthText(rows));
    expect(resample(table(COLUMNS, shuffled), DAILY, "daily").table.rows).toEqual(rows);

    const stale: Cell[] = ["BBCA.JK", "2024-01-31", 1, 999999, 1];
    const duplicated = [...rows.slice(0, 22), stale, ...rows.slice(22)]; // 01-31 twice: the stale row last
    const jan = resample(table(COLUMNS, duplicated), DAILY, "monthly").table.rows[0];
    expect(jan[2]).toBe(1);
    expect(jan[3]).toBe((byMonthText(rows)[0][3] as number) - volumeAt(21) + 999999);
    const daily = resample(table(COLUMNS, duplicated), DAILY, "daily").table.rows;
    expect(daily).toHaveLength(rows.length);
    expect(daily[21]).toEqual(stale);
  });

  test("daily: the table unchanged (same rows, columns, other fields), no partial even with a window", () => {
    const input: Table = { ...table(COLUMNS, dailyRows("BBCA.JK", YEAR)), source: "DAILY" };
    const { table: out, partial } = resample(input, DAILY, "daily", { start: "2024-03-15", end: "2024-04-15" });
    expect(out).toEqual(input);
    expect(partial).toEqual([]);
  });

  test("the input table is not changed", () => {
    const rows = dailyRows("BBCA.JK", YEAR).reverse();
    const copy = JSON.parse(JSON.stringify(rows));
    resample(table(COLUMNS, rows), DAILY, "monthly");
    resample(table(COLUMNS, rows), DAILY, "daily");
    expect(rows).toEqual(copy);
  });

  test("a key's error row (no date) follows that key's rows unchanged", () => {
    const cols = ["ticker", ...COLUMNS, "error"];
    const rows: Cell[][] = [
      ["GONE", null, null, null, null, null, "MDQ: not found"],
      ["A", "A.JK", "2024-01-03", 10, 1, 5, null],
      ["A", "A.JK", "2024-01-02", 9, 2, 4, null],
    ];
    expect(resample(table(cols, rows), DAILY, "monthly").table.rows).toEqual([
      ["GONE", null, null, null, null, null, "MDQ: not found"],
      ["A", "A.JK", "2024-01-03", 10, 3, 5, null],
    ]);
  });

  test("a spec key the table lacks: one series; spec fields the table lacks are ignored", () => {
    const spec: SeriesSpec = { date: "date", key: "index_code", fields: { price: "last", volume: "sum" } };
    const out = resample(
      table(
        ["date", "price"],
        [
          ["2024-01-02", 1],
          ["2024-01-05", 2],
          ["2024-02-01", 3],
        ],
      ),
      spec,
      "monthly",
    );
    expect(out.table.rows).toEqual([
      ["2024-01-05", 2],
      ["2024-02-01", 3],
    ]);
  });

  test("no local-time reading of a date: the machine's time zone cannot move a day", () => {
    // Jest's sandbox does not pass a changed process.env.TZ on to the clock, so instead every
    // local-time getter fails the test if called.
    const local = ["getDay", "getDate", "getMonth", "getFullYear", "getHours", "getTimezoneOffset"] as const;
    const spies = local.map((name) =>
      jest.spyOn(Date.prototype, name).mockImplementation(() => {
        throw new Error(`local time read: ${name}`);
      }),
    );
    try {
      const rows = dailyRows("BBCA.JK", tradingDays("2024-12-01", "2025-01-31"));
      for (const period of PERIODICITIES) resample(table(COLUMNS, rows), DAILY, period, { start: "2024-12-04", end: "2025-01-29" });
      wide(
        table(
          ["ticker", ...COLUMNS],
          rows.map((r) => ["A", ...r]),
        ),
        DAILY,
        { calendar: "union", fill: "previous" },
      );
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  test("refusals: no date column, a window that is not two ordered ISO dates", () => {
    const t = table(COLUMNS, dailyRows("A", ["2024-01-02"]));
    expect(() => resample(t, { ...DAILY, date: "day" }, "monthly")).toThrow(/'day' column/);
    expect(() => resample(t, DAILY, "monthly", { start: "2024-02-01", end: "2024-01-01" })).toThrow(/window/);
    expect(() => resample(t, DAILY, "monthly", { start: "2024-02-30", end: "2024-03-01" })).toThrow(/window/);
    expect(() => resample(t, DAILY, "monthly", { start: "1/2/2024", end: "2024-03-01" })).toThrow(/window/);
  });

  test("dates that are no calendar day are left as undated rows; a timestamp counts by its day", () => {
    const spec: SeriesSpec = { date: "date", fields: { v: "sum" } };
    const rows: Cell[][] = [
      ["2024-02-30", 1],
      ["2024-02-10T09:00:00Z", 2],
      ["2024-02-11", 3],
      [45000, 4],
    ];
    expect(resample(table(["date", "v"], rows), spec, "monthly").table.rows).toEqual([
      ["2024-02-11", 5],
      ["2024-02-30", 1],
      [45000, 4],
    ]);
  });
});

describe("wide", () => {
  const INDEX: SeriesSpec = { date: "date", key: "index_code", fields: { price: "last" } };
  const ICOLS = ["index_code", "date", "price"];
  // A lacks the 3rd, B lacks the 4th.
  const stacked = table(ICOLS, [
    ["A", "2024-01-02", 10],
    ["A", "2024-01-04", 12],
    ["A", "2024-01-05", 13],
    ["B", "2024-01-02", 20],
    ["B", "2024-01-03", 21],
    ["B", "2024-01-05", 23],
  ]);

  test("union: every date any key has, a key's missing day empty; no filled column without fill", () => {
    expect(wide(stacked, INDEX, { calendar: "union", fill: "none" })).toEqual({
      columns: ["date", "A", "B"],
      rows: [
        ["2024-01-02", 10, 20],
        ["2024-01-03", null, 21],
        ["2024-01-04", 12, null],
        ["2024-01-05", 13, 23],
      ],
      orient: "rows",
    });
  });

  test("intersection: only the dates every key has; fill never applies there", () => {
    const expected = {
      columns: ["date", "A", "B"],
      rows: [
        ["2024-01-02", 10, 20],
        ["2024-01-05", 13, 23],
      ],
      orient: "rows",
    };
    expect(wide(stacked, INDEX, { calendar: "intersection", fill: "none" })).toEqual(expected);
    expect(wide(stacked, INDEX, { calendar: "intersection", fill: "previous" })).toEqual(expected);
  });

  test("fill=previous: the key's latest earlier value, each filled cell named in `filled`", () => {
    expect(wide(stacked, INDEX, { calendar: "union", fill: "previous" })).toEqual({
      columns: ["date", "A", "B", "filled"],
      rows: [
        ["2024-01-02", 10, 20, null],
        ["2024-01-03", 10, 21, "A"],
        ["2024-01-04", 12, 21, "B"],
        ["2024-01-05", 13, 23, null],
      ],
      orient: "rows",
    });
  });

  test("fill over a run of missing days uses the latest earlier value, never a later one", () => {
    const t = table(ICOLS, [
      ["A", "2024-01-02", 1],
      ["A", "2024-01-03", 2],
      ["A", "2024-01-09", 9],
      ["B", "2024-01-02", 5],
      ["B", "2024-01-04", 6],
      ["B", "2024-01-05", 7],
      ["B", "2024-01-08", 8],
      ["B", "2024-01-09", 10],
    ]);
    expect(wide(t, INDEX, { calendar: "union", fill: "previous" }).rows).toEqual([
      ["2024-01-02", 1, 5, null],
      ["2024-01-03", 2, 5, "B"],
      ["2024-01-04", 2, 6, "A"],
      ["2024-01-05", 2, 7, "A"],
      ["2024-01-08", 2, 8, "A"],
      ["2024-01-09", 9, 10, null],
    ]);
  });

  test("several fields: one column per key and field, key-major, named `key field`", () => {
    const cols = ["ticker", "symbol", "date", "close", "volume", "market_cap"];
    const t = table(cols, [
      ["BBCA", "BBCA.JK", "2024-01-02", 100, 1, 7],
      ["BBRI", "BBRI.JK", "2024-01-02", 50, 2, 8],
      ["BBRI", "BBRI.JK", "2024-01-03", 51, 3, 9],
    ]);
    expect(wide(t, DAILY, { calendar: "union", fill: "previous", fields: ["close", "volume"] })).toEqual({
      columns: ["date", "BBCA close", "BBCA volume", "BBRI close", "BBRI volume", "filled"],
      rows: [
        ["2024-01-02", 100, 1, 50, 2, null],
        ["2024-01-03", 100, 1, 51, 3, "BBCA close, BBCA volume"],
      ],
      orient: "rows",
    });
    // Without `fields`: every field of the spec the table holds, in the spec's order.
    expect(wide(t, DAILY, { calendar: "intersection", fill: "none" }).columns).toEqual([
      "date",
      "BBCA close",
      "BBCA volume",
      "BBCA market_cap",
      "BBRI close",
      "BBRI volume",
      "BBRI market_cap",
    ]);
    // The asked order is kept; one field shown means columns named by the key alone.
    expect(wide(t, DAILY, { calendar: "union", fill: "none", fields: ["volume", "close"] }).columns).toEqual([
      "date",
      "BBCA volume",
      "BBCA close",
      "BBRI volume",
      "BBRI close",
    ]);
    expect(wide(t, DAILY, { calendar: "union", fill: "none", fields: ["volume"] }).rows).toEqual([
      ["2024-01-02", 1, 2],
      ["2024-01-03", null, 3],
    ]);
  });

  test("an unknown field, or a field of the spec the table lacks, is refused by name", () => {
    expect(() => wide(stacked, INDEX, { calendar: "union", fill: "none", fields: ["close"] })).toThrow(/'close' is not a field.*'price'/);
    expect(() => wide(stacked, INDEX, { calendar: "union", fill: "none", fields: ["index_code"] })).toThrow(/'index_code'/);
    const spec: SeriesSpec = { ...INDEX, fields: { price: "last", volume: "sum" } };
    expect(() => wide(stacked, spec, { calendar: "union", fill: "none", fields: ["volume"] })).toThrow(/'volume' is not a field/);
    expect(() => wide(stacked, INDEX, { calendar: "union", fill: "none", fields: [] })).toThrow(/no field/);
  });

  test("a key starting later: its leading days stay empty, never filled backward", () => {
    const t = table(ICOLS, [
      ["OLD", "2024-01-02", 1],
      ["OLD", "2024-01-03", 2],
      ["OLD", "2024-01-04", 3],
      ["OLD", "2024-01-05", 4],
      ["NEW", "2024-01-04", 30],
    ]);
    expect(wide(t, INDEX, { calendar: "union", fill: "previous" }).rows).toEqual([
      ["2024-01-02", 1, null, null],
      ["2024-01-03", 2, null, null],
      ["2024-01-04", 3, 30, null],
      ["2024-01-05", 4, 30, "NEW"],
    ]);
    expect(wide(t, INDEX, { calendar: "intersection", fill: "previous" }).rows).toEqual([["2024-01-04", 3, 30]]);
  });

  test("a key's own null stays null and is no filled cell; a null carried forward is named nowhere", () => {
    const t = table(ICOLS, [
      ["A", "2024-01-02", null],
      ["A", "2024-01-04", 5],
      ["B", "2024-01-02", 1],
      ["B", "2024-01-03", 2],
      ["B", "2024-01-04", 3],
    ]);
    expect(wide(t, INDEX, { calendar: "union", fill: "previous" })).toEqual({
      columns: ["date", "A", "B"],
      rows: [
        ["2024-01-02", null, 1],
        ["2024-01-03", null, 2],
        ["2024-01-04", 5, 3],
      ],
      orient: "rows",
    });
  });

  test("with holidays that differ over a year: union and intersection counts, filled cells only on the other key's holidays", () => {
    const days = tradingDays("2024-01-01", "2024-12-31", new Set());
    const aHolidays = new Set(["2024-01-01", "2024-03-29", "2024-12-25"]);
    const bHolidays = new Set(["2024-01-01", "2024-02-08", "2024-04-10", "2024-12-25"]);
    const aDays = days.filter((d) => !aHolidays.has(d));
    const bDays = days.filter((d) => !bHolidays.has(d));
    const t = table(ICOLS, [...aDays.map((d, i) => ["A", d, i] as Cell[]), ...bDays.map((d, i) => ["B", d, 1000 + i] as Cell[])]);
    const union = wide(t, INDEX, { calendar: "union", fill: "previous" });
    expect(union.rows).toHaveLength(days.length - 2);
    const filled = union.rows.filter((r) => r[3] !== null).map((r) => [r[0], r[3]]);
    expect(filled).toEqual([
      ["2024-02-08", "B"],
      ["2024-03-29", "A"],
      ["2024-04-10", "B"],
    ]);
    const goodFriday = union.rows.find((r) => r[0] === "2024-03-29");
    expect(goodFriday?.[1]).toBe(aDays.indexOf("2024-03-28"));
    expect(wide(t, INDEX, { calendar: "intersection", fill: "none" }).rows).toHaveLength(days.length - 5);
  });

  test("unsorted input and a date twice: dates ascending, the last row seen for a day", () => {
    const t = table(ICOLS, [
      ["B", "2024-01-03", 21],
      ["A", "2024-01-03", 11],
      ["A", "2024-01-02", 10],
      ["B", "2024-01-02", 20],
      ["A", "2024-01-03", 99],
    ]);
    expect(wide(t, INDEX, { calendar: "union", fill: "none" })).toEqual({
      columns: ["date", "B", "A"],
      rows: [
        ["2024-01-02", 20, 10],
        ["2024-01-03", 21, 99],
      ],
      orient: "rows",
    });
  });

  test("a failed key's error row has no date: left out, and a key with no dated row gets no column", () => {
    const t = table(
      [...ICOLS, "error"],
      [
        ["A", "2024-01-02", 10, null],
        ["GONE", null, null, "MDQ: not found"],
        ["B", "2024-01-02", 20, null],
      ],
    );
    expect(wide(t, INDEX, { calendar: "intersection", fill: "none" })).toEqual({
      columns: ["date", "A", "B"],
      rows: [["2024-01-02", 10, 20]],
      orient: "rows",
    });
  });

  test("a key column is needed: refused without one in the spec or in the table", () => {
    expect(() => wide(stacked, { ...INDEX, key: undefined }, { calendar: "union", fill: "none" })).toThrow(/key column/);
    expect(() => wide(table(["date", "price"], [["2024-01-02", 1]]), INDEX, { calendar: "union", fill: "none" })).toThrow(
      /key column.*'index_code'/,
    );
  });

  test("the input table is not changed", () => {
    const copy = JSON.parse(JSON.stringify(stacked));
    wide(stacked, INDEX, { calendar: "union", fill: "previous" });
    expect(stacked).toEqual(copy);
  });
});

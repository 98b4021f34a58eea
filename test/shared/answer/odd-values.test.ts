// One value of the wrong kind in a valid answer (a boolean, an object, a list of records where a
// figure belongs) empties its own cell only: every other value of the answer is kept, those beside
// it in the same map or nested record too, and a note names the record and the field of each cell
// left empty (the first few, then how many more). For every list of records a row decodes into a
// table (recordTable): the screener's query values, a map of figures, a nested record, parallel lists.

import { recordTable } from "../../../shared/answer/flatten";
import { dict, joined, num, numMap, record, str } from "../../../shared/answer/response";
import { functionNamed } from "../../../shared/catalogue/catalogue";
import { runSync } from "../../../shared/drive/drivers";
import type { Effect, EffectResult } from "../../../shared/rows/effects";
import { callFunction } from "../../../shared/run/call";
import { FIXTURE_NOW } from "../harness";

const screen = recordTable({ symbol: str, company_name: str, query_values: dict(num) });

test("the screener's query values: a boolean, an object, a list of records each empty their own cell, the rest of the row kept", () => {
  const table = screen.decode([
    { symbol: "BBCA", company_name: "Bank Central Asia", query_values: { market_cap: 1200, sub_sector: "Banks", pe: 21.5 } },
    { symbol: "BBRI", company_name: "Bank Rakyat", query_values: { market_cap: true, sub_sector: "Banks", pe: 11 } },
    { symbol: "BMRI", company_name: "Bank Mandiri", query_values: { market_cap: 900, sub_sector: { name: "Banks" }, pe: 9.5 } },
    { symbol: "BBNI", company_name: "Bank Negara", query_values: { market_cap: 700, sub_sector: "Banks", pe: [{ ttm: 8 }] } },
  ]);
  expect(table.columns).toEqual(["symbol", "company_name", "query_values.market_cap", "query_values.sub_sector", "query_values.pe"]);
  expect(table.rows).toEqual([
    ["BBCA", "Bank Central Asia", 1200, "Banks", 21.5],
    ["BBRI", "Bank Rakyat", null, "Banks", 11],
    ["BMRI", "Bank Mandiri", 900, null, 9.5],
    ["BBNI", "Bank Negara", 700, "Banks", null],
  ]);
  expect(table.problems).toEqual([
    "record 2 (symbol BBRI), `query_values.market_cap`: a number was expected, a boolean came; left empty",
    "record 3 (symbol BMRI), `query_values.sub_sector`: a number was expected, an object came; left empty",
    "record 4 (symbol BBNI), `query_values.pe`: a number was expected, a list came; left empty",
  ]);
});

test("an odd value in the only record that has its field: the column is there, its cell empty", () => {
  const table = screen.decode([
    { symbol: "BBCA", query_values: { pe: 21.5 } },
    { symbol: "BBRI", query_values: { pe: 11, roe: false } },
  ]);
  expect(table.columns).toEqual(["symbol", "query_values.pe", "query_values.roe"]);
  expect(table.rows).toEqual([
    ["BBCA", 21.5, null],
    ["BBRI", 11, null],
  ]);
});

test("a map of figures, a nested record and parallel lists: the odd value's cell alone is empty", () => {
  const table = recordTable({
    year: num,
    revenue_breakdown: numMap,
    dimension: record({ growth: num, value: num }),
    price_transaction: joined({ price: num, amount: num }),
  }).decode([
    {
      year: 2024,
      revenue_breakdown: { coal: 10, nickel: { a: 1 }, gold: 3 },
      dimension: { growth: true, value: 4 },
      price_transaction: [
        { price: 9000, amount: 10 },
        { price: { low: 1 }, amount: 5 },
      ],
    },
    { year: 2023, revenue_breakdown: { coal: 8, nickel: 2, gold: 1 }, dimension: { growth: 1, value: 2 }, price_transaction: [] },
  ]);
  expect(table.columns).toEqual([
    "year",
    "revenue_breakdown.coal",
    "revenue_breakdown.nickel",
    "revenue_breakdown.gold",
    "dimension.growth",
    "dimension.value",
    "price_transaction.price",
    "price_transaction.amount",
  ]);
  expect(table.rows).toEqual([
    [2024, 10, null, 3, null, 4, "9000, ", "10, 5"],
    [2023, 8, 2, 1, 1, 2, null, null],
  ]);
  expect(table.problems).toEqual([
    "record 1 (year 2024), `revenue_breakdown.nickel`: a number was expected, an object came; left empty",
    "record 1 (year 2024), `dimension.growth`: a number was expected, a boolean came; left empty",
    "record 1 (year 2024), `price_transaction.1.price`: a number was expected, an object came; left empty",
  ]);
});

/** A call in the live edition against an answer of `results`, one page. */
function screened(name: string, args: string[], results: unknown[]) {
  const body = JSON.stringify({ results, pagination: { has_next: false, next_offset: null } });
  const handler = (effect: Effect): EffectResult => (effect.type === "fetch" ? { status: 200, body } : undefined);
  return runSync(
    callFunction(
      functionNamed(name),
      args,
      { baseUrl: "http://127.0.0.1:9", apiKey: "k", edition: "live" },
      { now: () => FIXTURE_NOW, random: () => 0.5 },
    ),
    handler,
  );
}
const screener = (results: unknown[]) => screened("SCREENER", ["sub_sector = 'Banks'", "-market_cap"], results);

test("through a call: every other value shown, each empty cell named in a note, the first three and then how many more", () => {
  const results = Array.from({ length: 8 }, (_, i) => ({
    symbol: `B${i}`,
    company_name: `Bank ${i}`,
    query_values: { market_cap: i % 2 ? { odd: i } : 100 * i, sub_sector: "Banks" },
  }));
  const { cells, notes } = screener(results);
  expect(cells).toEqual([
    ["symbol", "company_name", "query_values.market_cap", "query_values.sub_sector"],
    ...results.map((r, i) => [r.symbol, r.company_name, i % 2 ? null : 100 * i, "Banks"]),
  ]);
  expect(notes).toEqual([
    "the answer was read in part: record 2 (symbol B1), `query_values.market_cap`: a number was expected, an object came; left empty",
    "the answer was read in part: record 4 (symbol B3), `query_values.market_cap`: a number was expected, an object came; left empty",
    "the answer was read in part: record 6 (symbol B5), `query_values.market_cap`: a number was expected, an object came; left empty",
    "and 1 more parts of the answer could not be read",
  ]);
});

test("COMPANIES: an odd value beside the sort value leaves it shown; an odd sort value empties that company's alone", () => {
  const { cells, notes } = screened(
    "COMPANIES",
    ["banks", "market_cap"],
    [
      { symbol: "BBCA", company_name: "Bank Central Asia", query_values: { market_cap: 1200, sub_sector: "Banks" } },
      { symbol: "BBRI", company_name: "Bank Rakyat", query_values: { market_cap: 800, sub_sector: { name: "Banks" } } },
      { symbol: "BMRI", company_name: "Bank Mandiri", query_values: { market_cap: true, sub_sector: "Banks" } },
    ],
  );
  expect(cells).toEqual([
    ["symbol", "company_name", "sorted_by"],
    ["BBCA", "Bank Central Asia", 1200],
    ["BBRI", "Bank Rakyat", 800],
    ["BMRI", "Bank Mandiri", null],
  ]);
  expect(notes).toEqual([
    "the answer was read in part: record 2 (symbol BBRI), `query_values.sub_sector`: a number was expected, an object came; left empty",
    "the answer was read in part: record 3 (symbol BMRI), `query_values.market_cap`: a number was expected, a boolean came; left empty",
  ]);
});

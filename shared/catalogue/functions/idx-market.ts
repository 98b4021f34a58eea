// The IDX as a whole: total market cap, the most traded stocks, the top movers, free float and
// listing performance (the live edition only).

import { recordTable, tableOf } from "../../answer/flatten";
import { type Decoded, dict, entriesOf, isFields, isObject, listOf, num, open, record, str } from "../../answer/response";
import { type Cell, longTable, type Table } from "../../base/table";
import { bool, choiceList, idxTicker, int, slug } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { windowed } from "../../rows/loaders";
import { allOf, anyWindow, endArg, endNotBefore, SERIES_OPTIONS, seriesWindows, startArg, startBeforeEnd } from "./common";

/** The first day of the service's total market capitalisation. */
const IDX_TOTAL_FIRST = "2021-01-01";

const window90 = [startArg("window (default: 30 days before end)"), endArg("window (default: today)")];
const subSectorArg = { name: "sub_sector", kind: slug, help: 'sub-sector slug, e.g. banks (default all; see LIST("subsectors"))' };
const nStock = { name: "n_stock", kind: int(1, 10), help: "companies per day or period (1-10, default 5)" };

export const IDX_TOTAL: FunctionSpec = {
  name: "IDX_TOTAL",
  group: "idx",
  summary: "Total market capitalisation of the IDX per trading day, any window up to 10 years (from 2021-01-01).",
  args: window90,
  options: SERIES_OPTIONS,
  series: { date: "date", fields: { idx_total_market_cap: "last" } },
  editions: {
    live: endpoint({
      path: "/v2/idx-total/",
      response: recordTable({ date: str, idx_total_market_cap: num }),
      layout: asDecoded,
      load: windowed(seriesWindows(90, IDX_TOTAL_FIRST)),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Columns \`date, idx_total_market_cap\`, one row per trading day. ${anyWindow(90, IDX_TOTAL_FIRST)}`,
  example: ["2025-05-01", "2025-05-30"],
  check: allOf(startBeforeEnd, endNotBefore(IDX_TOTAL_FIRST)),
};

const traded = dict(listOf(record({ symbol: str, company_name: str, volume: num, price: num })));

/** The most traded stocks by day, `{date: [...]}`, in the service's 90-day windows (2 credits each). */
const tradedWindows = windowed(
  { ...seriesWindows(90), credits: 2 },
  (answer) =>
    isObject(answer) && Object.values(answer).every(Array.isArray)
      ? Object.entries(answer).map(([date, list]) => ({ date, list }))
      : undefined,
  (_, merged) => Object.fromEntries(merged.map((day) => [day.date, day.list])),
);

/** Long rows, days ascending, ranked within each day. */
function byDay(data: Decoded<typeof traded>): Table {
  const rows: Cell[][] = [];
  const days = isFields(data) ? data : {};
  for (const day of Object.keys(days).sort()) {
    const list = days[day];
    (Array.isArray(list) ? list : []).forEach((it, i) => {
      if (isFields(it)) rows.push([day, i + 1, it.symbol ?? null, it.company_name ?? null, it.volume ?? null, it.price ?? null]);
    });
  }
  return longTable(["date", "rank", "symbol", "company_name", "volume", "price"], rows);
}

export const MOST_TRADED: FunctionSpec = {
  name: "MOST_TRADED",
  group: "idx",
  summary: "The most traded IDX stocks of each trading day, by volume (or by value).",
  args: [...window90, subSectorArg],
  options: [{ name: "adjusted", kind: bool, help: "TRUE: rank by volume × closing price instead of volume" }, nStock],
  editions: { live: endpoint({ path: "/v2/most-traded/", response: traded, layout: byDay, load: tradedWindows }) },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Long rows \`date, rank, symbol, company_name, volume, price\`, days ascending. The provider bills two credits a request. ${anyWindow(90)}`,
  example: ["2025-06-02", "2025-06-06", ""],
  check: startBeforeEnd,
};

/** Movers per classification and period; a number, boolean or null beside them is not one. */
const movers = entriesOf(
  entriesOf(listOf(record({ name: str, symbol: str, price_change: num, last_close_price: num, latest_close_date: str })), Array.isArray),
  isObject,
);

/** Long rows: classification, period (in the service's order), rank, then the company. */
function byPeriod(data: Decoded<typeof movers>): Table {
  const rows: Cell[][] = [];
  for (const [classification, periods] of Object.entries(isFields(data) ? data : {})) {
    for (const [period, list] of Object.entries(isFields(periods) ? periods : {})) {
      (Array.isArray(list) ? list : []).forEach((it, i) => {
        if (!isFields(it)) return;
        rows.push([
          classification,
          period,
          i + 1,
          it.symbol ?? null,
          it.name ?? null,
          it.price_change ?? null,
          it.last_close_price ?? null,
          it.latest_close_date ?? null,
        ]);
      });
    }
  }
  return longTable(["classification", "period", "rank", "symbol", "name", "price_change", "last_close_price", "latest_close_date"], rows);
}

export const TOP_CHANGES: FunctionSpec = {
  name: "TOP_CHANGES",
  group: "idx",
  summary: "Top gainers and losers of the IDX over 1, 7, 14, 30 or 365 days.",
  args: [
    { name: "classifications", kind: choiceList(["top_gainers", "top_losers"]), help: "top_gainers, top_losers or both (default both)" },
    { name: "periods", kind: choiceList(["1d", "7d", "14d", "30d", "365d"]), help: "periods, a comma list (default all five)" },
    subSectorArg,
  ],
  options: [nStock, { name: "min_mcap_billion", kind: int(0, 100_000_000), help: "minimum market cap in billion IDR (default 5000)" }],
  editions: {
    live: endpoint({ path: "/v2/companies/top-changes/", repeated: ["classifications", "periods"], response: movers, layout: byPeriod }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output:
    "Long rows `classification, period, rank, symbol, name, price_change, last_close_price, latest_close_date`. The provider bills one credit per classification and period: ask for the ones you need.",
  example: ["top_gainers", "7d,30d", ""],
};

export const FREE_FLOAT: FunctionSpec = {
  name: "FREE_FLOAT",
  group: "idx",
  summary: "Free float of IDX companies (the public's share), highest first, for one sub-sector, sector, industry or sub-industry.",
  args: [subSectorArg],
  options: [
    { name: "sector", kind: slug, help: "sector slug, instead of sub_sector" },
    { name: "industry", kind: slug, help: "industry slug, instead of sub_sector" },
    { name: "sub_industry", kind: slug, help: "sub-industry slug, instead of sub_sector" },
  ],
  editions: {
    live: endpoint({
      path: "/v2/free-float/",
      response: recordTable({ symbol: str, company_name: str, free_float: num }),
      layout: asDecoded,
    }),
  },
  ttl: TTL.financials,
  output:
    "Columns `symbol, company_name, free_float` (a fraction: 0.45 is 45%), free float descending. The provider bills one credit per 100 companies.",
  example: ["banks"],
  check: (v) => {
    const given = ["sub_sector", "sector", "industry", "sub_industry"].filter((k) => v[k] !== undefined);
    return given.length > 1 ? `give one of sub_sector, sector, industry, sub_industry, not several (got ${given.join(", ")})` : undefined;
  },
};

export const LISTING_PERFORMANCE: FunctionSpec = {
  name: "LISTING_PERFORMANCE",
  group: "idx",
  summary: "An IDX company's IPO and its price change since listing (after 7, 30, 90 and 365 days).",
  args: [
    {
      name: "ticker",
      kind: idxTicker,
      help: "IDX ticker of a company listed after May 2005, e.g. GOTO",
      required: true,
      at: "path",
      batch: true,
    },
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/listing-performance/{ticker}/",
      response: open,
      layout: (data) => tableOf(isObject(data) ? [data] : [], "columns"),
    }),
  },
  ttl: TTL.reference,
  output:
    "A two-column `field, value` table: `symbol`, `chg_7d`, `chg_30d`, `chg_90d`, `chg_365d`, `company_name`, the offering (`shares_offered`, `offering_price`, book-building dates and bounds) and links.",
  example: ["GOTO"],
};

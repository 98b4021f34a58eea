// The IDX's exchange-member brokers: the registry, the day's ranking, one broker's trading, and the
// top buyers and sellers of a company or the top stocks of a broker over a window (live edition).

import { recordTable } from "../../answer/flatten";
import { isObject, open, str } from "../../answer/response";
import { dayNumber, isoDay } from "../../base/cells";
import { MdqError } from "../../base/errors";
import { type Cell, longTable, type Table } from "../../base/table";
import { brokerCode, choice, date, idxTicker, int } from "../../input/arg-kinds";
import type { ArgSpec } from "../../input/arg-spec";
import type { Loader } from "../../rows/effects";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { BROKER_COHORTS, BROKER_METRICS, BROKER_ORIGINS, BROKERS_MAX } from "../vocabularies";
import { anyWindow, endArg, startArg, startBeforeEnd } from "./common";
import { BROKER_FIELDS, BROKER_MAX_DAYS, brokerRows, dataWindows, tickerArg } from "./company-flows";

const cohortArg = (all: boolean): ArgSpec => ({
  name: "cohort",
  kind: choice(all ? ["all", ...BROKER_COHORTS] : BROKER_COHORTS),
  help: `the brokers' clientele: ${BROKER_COHORTS.join(", ")}${all ? " or all (default)" : " (default all)"}`,
});
const originArg = (all: boolean): ArgSpec => ({
  name: "origin",
  kind: choice(all ? ["all", ...BROKER_ORIGINS] : BROKER_ORIGINS),
  help: `domestic or foreign brokers${all ? ", or all (default)" : " (default both)"}`,
});
const nBrokers = (what: string): ArgSpec => ({ name: "n_brokers", kind: int(1, BROKERS_MAX), help: `${what} (1-${BROKERS_MAX})` });
const brokerArg: ArgSpec = {
  name: "broker_code",
  kind: brokerCode,
  help: "a broker's 2-letter code, e.g. MG (see BROKERS())",
  required: true,
  at: "path",
  batch: true,
};

/** The longest window of the service's top lists: a ranking over a longer one cannot be pieced
 *  together from shorter ones, so it is refused before any request. */
const TOP_MAX_DAYS = 90;

/** One request, after checking that `end` (default today) is at most `maxDays` after `start`
 *  (the service's own count: its default window is `end` minus 30 days). */
const spanAtMost = (maxDays: number): Loader =>
  function* (get, values, first) {
    const end = values.end ?? isoDay(first.now ?? 0);
    const days = values.start === undefined ? 0 : dayNumber(end) - dayNumber(values.start);
    if (days > maxDays)
      throw new MdqError(
        "bad_argument",
        `'start' (${values.start}) to 'end' (${end}) is ${days} days; the service ranks over at most ${maxDays} days (no request was sent): narrow the window.`,
      );
    return yield* get(first.path, first.query);
  };

/** The amounts of each ranked row, in IDR. */
const AMOUNTS = ["net_idr", "buy_idr", "sell_idr"];

/** Two ranked lists of an answer as long rows: `side` first, then the key column and the values. */
const sides =
  (key: string, lists: Record<string, string>) =>
  (answer: unknown): Table => {
    const rows: Cell[][] = [];
    for (const [field, side] of Object.entries(lists)) {
      const list = isObject(answer) && Array.isArray(answer[field]) ? answer[field].filter(isObject) : [];
      for (const it of list)
        rows.push([side, (it.rank ?? null) as Cell, (it[key] ?? null) as Cell, ...AMOUNTS.map((c) => (it[c] ?? null) as Cell)]);
    }
    return longTable(["side", "rank", key, ...AMOUNTS], rows);
  };

export const BROKERS: FunctionSpec = {
  name: "BROKERS",
  group: "idx",
  summary: "The IDX's exchange-member brokers: code, name, foreign or domestic, clientele and license.",
  args: [cohortArg(false), originArg(false)],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/brokers/",
      response: recordTable({ code: str, name: str, is_foreign: str, cohort: str, license_type: str }),
      layout: asDecoded,
    }),
  },
  ttl: TTL.reference,
  output: "Columns `code, name, is_foreign, cohort, license_type`, one row per broker.",
  example: ["", "foreign"],
};

export const TOP_BROKERS: FunctionSpec = {
  name: "TOP_BROKERS",
  group: "idx",
  summary: "The IDX's brokers ranked for one trading day by value traded (or by absolute net buying).",
  args: [
    { name: "date", kind: date, help: "the trading day (default: the latest)" },
    { name: "metric", kind: choice(BROKER_METRICS), help: "gross (default: bought plus sold) or net (absolute net buying)" },
    nBrokers("brokers to return (default all)"),
  ],
  options: [cohortArg(true), originArg(true)],
  editions: {
    live: endpoint({
      path: "/v2/brokers/top/",
      response: open,
      layout: (answer) => {
        const day = (isObject(answer) ? (answer.date ?? null) : null) as Cell;
        const list = isObject(answer) && Array.isArray(answer.results) ? answer.results.filter(isObject) : [];
        return longTable(
          ["date", "rank", "broker_code", "gross", "net"],
          list.map((it) => [day, ...["rank", "broker_code", "gross", "net"].map((c) => (it[c] ?? null) as Cell)]),
        );
      },
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: "Long rows `date, rank, broker_code, gross, net` (IDR: gross is bought plus sold, net bought minus sold).",
  example: ["2025-06-26", "net", 5],
};

export const BROKER_ACTIVITY: FunctionSpec = {
  name: "BROKER_ACTIVITY",
  group: "idx",
  summary: "What one broker bought and sold of each IDX stock, day by day, any window up to a year.",
  args: [brokerArg, startArg("window (default: 14 days before end)"), endArg("window (default: today)")],
  options: [{ name: "ticker", kind: idxTicker, help: "one stock only, e.g. BBCA" }],
  editions: {
    live: endpoint({
      path: "/v2/broker-activity/{broker_code}/",
      params: { ticker: "symbol" },
      response: open,
      load: dataWindows(14, BROKER_MAX_DAYS),
      layout: brokerRows("symbol"),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Long rows \`date, symbol, ${BROKER_FIELDS.join(", ")}\` (as BROKER_SUMMARY's). ${anyWindow(14, undefined, BROKER_MAX_DAYS)}`,
  example: ["CC", "2025-06-16", "2025-06-27"],
  check: startBeforeEnd,
};

export const BROKER_ACTIVITY_TOP: FunctionSpec = {
  name: "BROKER_ACTIVITY_TOP",
  group: "idx",
  summary: "The stocks one broker bought most (net) and sold most over a window of up to 90 days.",
  args: [brokerArg, startArg("window (default: 30 days before end)"), endArg("window (default: today)")],
  options: [nBrokers("stocks on each side (default 10)")],
  editions: {
    live: endpoint({
      path: "/v2/broker-activity/{broker_code}/top/",
      response: open,
      load: spanAtMost(TOP_MAX_DAYS),
      layout: sides("symbol", { top_accumulations: "accumulation", top_distributions: "distribution" }),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output:
    "Long rows `side, rank, symbol, net_idr, buy_idr, sell_idr`: the `accumulation` side (largest net buying first), then `distribution` (largest net selling first). A window of at most 90 days; the provider bills two credits a request.",
  example: ["CC", "2025-06-02", "2025-06-27"],
  check: startBeforeEnd,
};

export const BROKER_SUMMARY_TOP: FunctionSpec = {
  name: "BROKER_SUMMARY_TOP",
  group: "idx",
  summary: "The brokers that bought most (net) and sold most of an IDX company over a window of up to 90 days.",
  args: [tickerArg, startArg("window (default: 30 days before end)"), endArg("window (default: today)")],
  options: [nBrokers("brokers on each side (default 10)"), cohortArg(true), originArg(true)],
  editions: {
    live: endpoint({
      path: "/v2/broker-summary/{ticker}/top/",
      response: open,
      load: spanAtMost(TOP_MAX_DAYS),
      layout: sides("broker_code", { top_buyers: "buyer", top_sellers: "seller" }),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output:
    "Long rows `side, rank, broker_code, net_idr, buy_idr, sell_idr`: the `buyer` side (largest net buying first), then `seller` (largest net selling first). A window of at most 90 days; the provider bills two credits a request.",
  example: ["BBCA", "2025-06-02", "2025-06-27"],
  check: startBeforeEnd,
};

// Who trades an IDX company and who holds it: broker activity, foreign flow, corporate actions
// and the shareholder composition (the live edition only).

import { tableOf } from "../../answer/flatten";
import { isObject, open } from "../../answer/response";
import { ownValue } from "../../base/own";
import { type Cell, longTable, type Table } from "../../base/table";
import { brokerCode, choice, idxTicker, year } from "../../input/arg-kinds";
import { endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { windowed } from "../../rows/loaders";
import { anyWindow, endArg, SERIES_OPTIONS, seriesWindows, startArg, startBeforeEnd } from "./common";

export const tickerArg = {
  name: "ticker",
  kind: idxTicker,
  help: "IDX ticker, e.g. BBCA",
  required: true,
  at: "path",
  batch: true,
} as const;

/** The `data` list of a `{symbol, start, end, data}` answer. */
export const dataOf = (answer: unknown): Record<string, unknown>[] =>
  isObject(answer) && Array.isArray(answer.data) ? answer.data.filter(isObject) : [];

/** A `{symbol, start, end, data}` series in the service's windows, the days merged into one answer. */
export const dataWindows = (days: number, maxDays?: number) =>
  windowed(
    seriesWindows(days, undefined, maxDays),
    (answer) => (isObject(answer) && Array.isArray(answer.data) ? dataOf(answer) : undefined),
    (first, merged) => ({ ...(isObject(first) ? first : {}), data: merged }),
  );
/** The broker summary's longest call: a year is 27 requests of 14 days. */
export const BROKER_MAX_DAYS = 366;

export const BROKER_FIELDS = [
  "bfreq",
  "blot",
  "bval",
  "bavg_per_share",
  "sfreq",
  "slot",
  "sval",
  "savg_per_share",
  "nlot",
  "nval",
  "navg_per_share",
];

/** One row per day and `key` (the broker of a company's summary, the stock of a broker's activity). */
export const brokerRows =
  (key: "broker_code" | "symbol") =>
  (answer: unknown): Table => {
    const rows: Cell[][] = [];
    for (const day of dataOf(answer)) {
      for (const it of Array.isArray(day.summary) ? day.summary.filter(isObject) : []) {
        rows.push([(day.date ?? null) as Cell, (it[key] ?? null) as Cell, ...BROKER_FIELDS.map((f) => (it[f] ?? null) as Cell)]);
      }
    }
    return longTable(["date", key, ...BROKER_FIELDS], rows);
  };

export const BROKER_SUMMARY: FunctionSpec = {
  name: "BROKER_SUMMARY",
  group: "idx",
  summary: "What each broker bought and sold of an IDX company, day by day, any window up to a year.",
  args: [tickerArg, startArg("window (default: 14 days before end)"), endArg("window (default: today)")],
  options: [{ name: "broker_code", kind: brokerCode, help: "one broker only, e.g. MG" }],
  editions: {
    live: endpoint({
      path: "/v2/broker-summary/{ticker}/",
      response: open,
      layout: brokerRows("broker_code"),
      load: dataWindows(14, BROKER_MAX_DAYS),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Long rows \`date, broker_code, bfreq, blot, bval, bavg_per_share, sfreq, slot, sval, savg_per_share, nlot, nval, navg_per_share\` (b: bought, s: sold, n: net; freq: trades, lot: lots, val: IDR, avg: per share). ${anyWindow(14, undefined, BROKER_MAX_DAYS)}`,
  example: ["BBCA", "2025-06-16", "2025-06-27"],
  check: startBeforeEnd,
};

export const FOREIGN_FLOW: FunctionSpec = {
  name: "FOREIGN_FLOW",
  group: "idx",
  summary: "Net buying by foreign brokers of an IDX company per trading day, in IDR, any window up to 10 years.",
  args: [tickerArg, startArg("window (default: 30 days before end)"), endArg("window (default: today)")],
  options: SERIES_OPTIONS,
  series: { date: "date", key: "ticker", fields: { net_foreign_inflow: "sum" } },
  editions: {
    live: endpoint({
      path: "/v2/foreign-flow/{ticker}/",
      response: open,
      load: dataWindows(90),
      layout: (answer) =>
        longTable(
          ["symbol", "date", "net_foreign_inflow"],
          dataOf(answer).map((d) => [
            (isObject(answer) ? answer.symbol : null) as Cell,
            (d.date ?? null) as Cell,
            (d.net_foreign_inflow ?? null) as Cell,
          ]),
        ),
    }),
  },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Columns \`symbol, date, net_foreign_inflow\` (positive: foreign brokers bought more than they sold; domestic flow is the opposite). ${anyWindow(90)}`,
  example: ["BBCA", "2025-06-02", "2025-06-27"],
  check: startBeforeEnd,
};

const ACTIONS = ["agm", "bonus", "warrant", "dividend", "right_issue", "stock_split", "upcoming_dividend"] as const;

/** Every action as a row: `action` first, then the fields of all the kinds asked for. */
function actionRows(answer: unknown, kind: string | undefined): Table {
  const all = isObject(answer) && isObject(answer.corporate_actions) ? answer.corporate_actions : {};
  const kinds = kind ? [kind] : ACTIONS.filter((k) => ownValue(all, k) !== undefined);
  const records = kinds.flatMap((k) => {
    const list = ownValue(all, k);
    return (Array.isArray(list) ? list : isObject(list) ? [list] : []).filter(isObject).map((r) => ({ action: k, ...r }));
  });
  return tableOf(records);
}

export const CORPORATE_ACTIONS: FunctionSpec = {
  name: "CORPORATE_ACTIONS",
  group: "idx",
  summary: "Corporate actions of an IDX company: dividends, stock splits, rights issues, warrants, bonus shares, AGMs.",
  args: [tickerArg, { name: "kind", kind: choice(ACTIONS), help: "one kind of action (default all)", at: "local" }],
  options: [],
  editions: {
    live: endpoint({ path: "/v2/company/corporate-actions/{ticker}/", response: open, layout: (answer, v) => actionRows(answer, v.kind) }),
  },
  ttl: TTL.financials,
  output:
    "One row per action: `action` (agm, dividend, stock_split, ...), then its fields (`ex_date`, `payment_date`, `dividend_amount`, `split_ratio`, `agm_date`, ...); with `kind`, only that kind and its fields.",
  example: ["BBCA", "dividend"],
};

export const SHAREHOLDERS: FunctionSpec = {
  name: "SHAREHOLDERS",
  group: "idx",
  summary: "Who holds an IDX company, month by month: local and foreign insurers, funds, companies, individuals, ...",
  args: [tickerArg, { name: "year", kind: year, help: "calendar year, from 2021 (default the current year)" }],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/company/shareholders-composition/{ticker}/",
      response: open,
      layout: (answer): Table => {
        const months = dataOf(answer).sort((a, b) => String(a.date).localeCompare(String(b.date)));
        return { ...tableOf(months), orient: "columns", key: "date" };
      },
    }),
  },
  ttl: TTL.financials,
  output:
    "Statement layout: the categories down the first column (`date`, `shares_number`, `insurance_l` ... `total_l` for local holders, `insurance_f` ... `total_f` for foreign ones, `numbers_of_shareholders`, `change_in_shareholders`), one column per month, oldest on the left. `orient=rows` gives one row per month.",
  example: ["BBCA", 2025],
};

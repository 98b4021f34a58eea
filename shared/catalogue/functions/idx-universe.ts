// Lists over every IDX company, paged by the live service: each ticker's close on one day, who has
// reported a new quarter, and trading suspensions (the live edition only).

import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { date, idxTicker, int, year } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import type { Until } from "../../rows/freshness";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { pages } from "../../rows/loaders";
import { SERVICE_BOUNDS } from "../vocabularies";
import { endArg, offsetArg, startArg, startBeforeEnd } from "./common";

/** Enough rows for the whole universe (about 950 companies), at most this many requests. */
const ROWS_MAX = 1000;
const PAGES_MAX = Math.ceil(ROWS_MAX / SERVICE_BOUNDS.limitMax);

/** `limit` and `offset` as options: rows wanted (paged by the service's 30) and rows skipped. */
const pagingOptions: ArgSpec[] = [
  {
    name: "limit",
    kind: int(1, ROWS_MAX),
    help: `rows to return (1-${ROWS_MAX}, default ${SERVICE_BOUNDS.limitDefault}); one request and one credit per ${SERVICE_BOUNDS.limitMax}`,
  },
  offsetArg,
];
const paged = pages(
  (v: Values) => ({ want: Number(v.limit ?? SERVICE_BOUNDS.limitDefault), offset: Number(v.offset ?? 0) }),
  SERVICE_BOUNDS.limitMax,
);
const pagedEndpoint = { params: { limit: null, offset: null }, layout: asDecoded, load: paged } as const;
/** The live service's feed of every IDX company's latest quarter-end (REPORTED_SINCE). */
const REPORT_DATES_PATH = "/v2/companies/quarterly-financial-dates/";

/** A company's statements stay fresh until it files again, as the report-date feed shows it
 *  (rows/freshness.ts); an edition without the feed keeps the row's ttl. */
export const UNTIL_REPORTED: Until = { kind: "report", feed: { live: REPORT_DATES_PATH } };

// A function, so that a bundle without the docs (the Excel add-in) drops it with the rows' output.
const pagedOutput = () =>
  `\`limit=\` rows from \`offset=\` (default the first ${SERVICE_BOUNDS.limitDefault}): one request, and one credit, per ${SERVICE_BOUNDS.limitMax} rows, so the whole list (\`limit=${ROWS_MAX}\`) is up to ${PAGES_MAX} credits.`;

export const MARKET_CLOSE: FunctionSpec = {
  name: "MARKET_CLOSE",
  group: "idx",
  summary: "Every IDX ticker's closing price on one trading day, by symbol.",
  args: [{ name: "date", kind: date, help: "the trading day (default: the latest with data); not in the future" }],
  options: pagingOptions,
  editions: {
    live: endpoint({ path: "/v2/close/", ...pagedEndpoint, response: recordTable({ symbol: str, date: str, close: num }) }),
  },
  instead: "Use DAILY for one company's closes over a window.",
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Columns \`symbol, date, close\` (as DAILY gives them), by symbol; a ticker with no close that day is left out. ${pagedOutput()}`,
  example: ["2025-06-26", "limit=5"],
};

export const REPORTED_SINCE: FunctionSpec = {
  name: "REPORTED_SINCE",
  group: "idx",
  summary: "Each IDX company's latest reported quarter, or only those whose latest quarter ends on or after a date.",
  args: [
    { name: "since", kind: date, help: "only companies whose latest quarter ends on or after this day (poll with the last date seen)" },
    { name: "year", kind: year, help: "each company's latest quarter within this year" },
  ],
  options: pagingOptions,
  editions: {
    live: endpoint({
      path: REPORT_DATES_PATH,
      ...pagedEndpoint,
      response: recordTable({ symbol: str, date: str, quarter: str }),
    }),
  },
  instead: 'Use LIST("quarterly_dates", "ticker=BBCA") for one company\'s report dates.',
  ttl: TTL.financials,
  output: `Columns \`symbol, date, quarter\` (the quarter's last day and its label, e.g. q2), by symbol; a company with no quarter is left out. ${pagedOutput()}`,
  example: ["2025-01-01", "", "limit=5"],
};

export const SUSPENSIONS: FunctionSpec = {
  name: "SUSPENSIONS",
  group: "idx",
  summary: "Trading suspensions of IDX stocks: the day, the exchange's reason and its notice.",
  args: [
    { name: "ticker", kind: idxTicker, help: "one company's suspensions, e.g. BBCA (default all)" },
    startArg("suspensions (default: no bound)"),
    endArg("suspensions (default: no bound); not in the future"),
  ],
  options: pagingOptions,
  editions: {
    live: endpoint({
      path: "/v2/suspensions/",
      ...pagedEndpoint,
      params: { ...pagedEndpoint.params, ticker: "symbol" },
      response: recordTable({ symbol: str, suspension_date: str, reason: str, pdf_url: str }),
    }),
  },
  ttl: TTL.financials,
  output: `Columns \`symbol, suspension_date, reason, pdf_url\` (the exchange's notice), in the service's order. ${pagedOutput()}`,
  example: ["", "2025-01-01", "2025-06-27"],
  check: startBeforeEnd,
};

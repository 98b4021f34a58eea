import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { idxTicker } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { windowed } from "../../rows/loaders";
import { SERVICE_BOUNDS } from "../vocabularies";
import { allOf, anyWindow, endArg, endNotBefore, SERIES_OPTIONS, seriesWindows, startArg, startBeforeEnd } from "./common";

export const DAILY: FunctionSpec = {
  name: "DAILY",
  group: "idx",
  summary: `Daily close, volume and market cap of an IDX company, any window up to 10 years (from ${SERVICE_BOUNDS.indexFirstDate}).`,
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    startArg(`window (default: ${SERVICE_BOUNDS.indexDefaultDays} days before end)`),
    endArg("window (default: today)"),
  ],
  options: SERIES_OPTIONS,
  series: { date: "date", key: "ticker", fields: { close: "last", volume: "sum", market_cap: "last" } },
  editions: {
    live: endpoint({
      path: "/v2/daily/{ticker}/",
      response: recordTable({ symbol: str, date: str, close: num, volume: num, market_cap: num }),
      layout: asDecoded,
      load: windowed(seriesWindows(SERVICE_BOUNDS.indexWindowDays, SERVICE_BOUNDS.indexFirstDate)),
    }),
  },
  instead: "Use INDEX for an index's daily prices, or QUARTERLY for a company's statements.",
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Columns \`symbol, date, close, volume, market_cap\`, one row per trading day. ${anyWindow(SERVICE_BOUNDS.indexWindowDays, SERVICE_BOUNDS.indexFirstDate)}`,
  example: ["BBCA", "2024-01-01", "2024-03-29"],
  check: allOf(startBeforeEnd, endNotBefore(SERVICE_BOUNDS.indexFirstDate)),
};

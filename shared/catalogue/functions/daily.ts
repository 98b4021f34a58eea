import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { idxTicker } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { SERVICE_BOUNDS } from "../vocabularies";
import { allOf, endArg, notBefore, startArg, startBeforeEnd } from "./common";

export const DAILY: FunctionSpec = {
  name: "DAILY",
  group: "idx",
  summary: `Daily close, volume and market cap of an IDX company (at most ${SERVICE_BOUNDS.indexWindowDays} days per call, from ${SERVICE_BOUNDS.indexFirstDate}).`,
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    startArg(`window (default: ${SERVICE_BOUNDS.indexDefaultDays} days before end)`),
    endArg("window (default: today)"),
  ],
  options: [],
  editions: {
    live: endpoint({
      path: "/v2/daily/{ticker}/",
      response: recordTable({ symbol: str, date: str, close: num, volume: num, market_cap: num }),
      layout: asDecoded,
    }),
  },
  instead: "Use INDEX for an index's daily prices, or QUARTERLY for a company's statements.",
  ttl: TTL.live,
  output: `Columns \`symbol, date, close, volume, market_cap\`, one row per trading day. A window longer than ${SERVICE_BOUNDS.indexWindowDays} days keeps its most recent ${SERVICE_BOUNDS.indexWindowDays} days.`,
  example: ["BBCA", "2024-01-01", "2024-03-31"],
  check: allOf(startBeforeEnd, notBefore(SERVICE_BOUNDS.indexFirstDate)),
};

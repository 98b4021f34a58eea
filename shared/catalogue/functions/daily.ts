import { idxTicker } from "../../input/arg-kinds";
import { recordTable } from "../../answer/flatten";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { num, str } from "../../answer/response";
import { LIMITS } from "../vocabularies";
import { allOf, endArg, notBefore, startArg, startBeforeEnd } from "./common";

export const DAILY: FunctionSpec = {
  name: "DAILY",
  group: "idx",
  summary: `Daily close, volume and market cap of an IDX company (at most ${LIMITS.indexWindowDays} days per call, from ${LIMITS.indexFirstDate}).`,
  args: [
    { name: "ticker", kind: idxTicker, help: "IDX ticker, e.g. BBCA", required: true, at: "path", batch: true },
    startArg(`window (default: ${LIMITS.indexDefaultDays} days before end)`),
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
  output: `Columns \`symbol, date, close, volume, market_cap\`, one row per trading day. A window longer than ${LIMITS.indexWindowDays} days keeps its most recent ${LIMITS.indexWindowDays} days.`,
  example: ["BBCA", "2024-01-01", "2024-03-31"],
  check: allOf(startBeforeEnd, notBefore(LIMITS.indexFirstDate)),
};

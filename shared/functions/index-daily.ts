import { choice } from "../args";
import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, str } from "../response";
import { INDEX_CODES, LIMITS } from "../values";
import { endArg, startArg, startBeforeEnd } from "./common";

export const INDEX = defineFunction({
  name: "INDEX",
  summary: `Daily closing prices of an index (at most ${LIMITS.indexWindowDays} days per call, from ${LIMITS.indexFirstDate}).`,
  path: "/v1/index-daily/{index_code}/",
  args: [
    { name: "index_code", kind: choice(INDEX_CODES), help: "index code, e.g. lq45, ihsg, idx30", required: true, at: "path" },
    startArg(`window (default: ${LIMITS.indexDefaultDays} days before end)`),
    endArg(`window (default: today, or ${LIMITS.indexDefaultDays} days after start)`),
  ],
  options: [],
  response: recordTable({ index_code: str, date: str, price: num }),
  layout: asDecoded,
  ttl: TTL.live,
  output: `Columns \`index_code, date, price\`, one row per trading day. A window longer than ${LIMITS.indexWindowDays} days keeps its most recent ${LIMITS.indexWindowDays} days.`,
  example: ["lq45", "2024-01-01", "2024-03-31"],
  check: startBeforeEnd,
});

import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { choice } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { INDEX_CODE_CHOICES, indexCodeFor, SERVICE_BOUNDS } from "../vocabularies";
import { allOf, endArg, notBefore, startArg, startBeforeEnd } from "./common";

const prices = recordTable({ index_code: str, date: str, price: num });

export const INDEX: FunctionSpec = {
  name: "INDEX",
  group: "idx",
  summary: `Daily closing prices of an index (at most ${SERVICE_BOUNDS.indexWindowDays} days per call, from ${SERVICE_BOUNDS.indexFirstDate}).`,
  args: [
    {
      name: "index_code",
      kind: choice(INDEX_CODE_CHOICES),
      help: "index code, e.g. lq45 (kompas100 = media100)",
      required: true,
      at: "path",
      batch: true,
    },
    startArg(`window (default: ${SERVICE_BOUNDS.indexDefaultDays} days before end)`),
    endArg(`window (default: today, or ${SERVICE_BOUNDS.indexDefaultDays} days after start)`),
  ],
  options: [],
  editions: {
    spec: endpoint({
      path: "/v1/index-daily/{index_code}/",
      rename: (v) => ({ index_code: indexCodeFor("spec", v.index_code) }),
      response: prices,
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/index-daily/{index_code}/",
      rename: (v) => ({ index_code: indexCodeFor("live", v.index_code) }),
      response: prices,
      layout: asDecoded,
    }),
  },
  ttl: TTL.live,
  output: `Columns \`index_code, date, price\`, one row per trading day. A window longer than ${SERVICE_BOUNDS.indexWindowDays} days keeps its most recent ${SERVICE_BOUNDS.indexWindowDays} days.`,
  example: ["lq45", "2024-01-01", "2024-03-31"],
  check: allOf(startBeforeEnd, notBefore(SERVICE_BOUNDS.indexFirstDate)),
};

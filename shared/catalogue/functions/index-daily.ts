import { recordTable } from "../../answer/flatten";
import { num, str } from "../../answer/response";
import { choice } from "../../input/arg-kinds";
import { asDecoded, endpoint, type FunctionSpec, SESSION, TTL } from "../../rows/function-spec";
import { windowed } from "../../rows/loaders";
import { INDEX_CODE_CHOICES, indexCodeFor, SERVICE_BOUNDS } from "../vocabularies";
import { allOf, anyWindow, endArg, endNotBefore, SERIES_OPTIONS, seriesWindows, startArg, startBeforeEnd } from "./common";

const inWindows = windowed(seriesWindows(SERVICE_BOUNDS.indexWindowDays, SERVICE_BOUNDS.indexFirstDate));

const prices = recordTable({ index_code: str, date: str, price: num });

export const INDEX: FunctionSpec = {
  name: "INDEX",
  group: "idx",
  summary: `Daily closing prices of an index, any window up to 10 years (from ${SERVICE_BOUNDS.indexFirstDate}).`,
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
  options: SERIES_OPTIONS,
  series: { date: "date", key: "index_code", fields: { price: "last" } },
  editions: {
    spec: endpoint({
      path: "/v1/index-daily/{index_code}/",
      rename: (v) => ({ index_code: indexCodeFor("spec", v.index_code) }),
      response: prices,
      layout: asDecoded,
      load: inWindows,
    }),
    live: endpoint({
      path: "/v2/index-daily/{index_code}/",
      rename: (v) => ({ index_code: indexCodeFor("live", v.index_code) }),
      response: prices,
      layout: asDecoded,
      load: inWindows,
    }),
  },
  // An index level, in points: 2 decimals, not a share's tick.
  identifiers: { levels: ["price"] },
  ttl: TTL.live,
  until: SESSION.IDX,
  output: `Columns \`index_code, date, price\`, one row per trading day. ${anyWindow(SERVICE_BOUNDS.indexWindowDays, SERVICE_BOUNDS.indexFirstDate)}`,
  example: ["lq45", "2024-01-01", "2024-03-29"],
  check: allOf(startBeforeEnd, endNotBefore(SERVICE_BOUNDS.indexFirstDate)),
};

import { FunctionSpec, TTL } from "../function-spec";
import { listOf, nested, num, numbers, record, str, strList } from "../response";
import { tableOf } from "../table";
import { endArg, nArg, pageArgs, sectorArg, startArg, startBeforeEnd, subSectorsArg, tagsArg, tickersArg } from "./common";

const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"];

const article = record({
  id: num, created_at: str, title: str, body: str, source: str, timestamp: str,
  sector: str, sub_sector: strList, tags: strList, tickers: strList,
  dimension: nested(numbers(DIMENSIONS)),
});

export const NEWS: FunctionSpec = {
  name: "NEWS",
  summary: "News articles on IDX companies, most recent first.",
  path: "/v1/news/",
  args: [tickersArg, startArg("news period"), endArg("news period")],
  options: [sectorArg, subSectorsArg, tagsArg, nArg, ...pageArgs],
  response: listOf(article),
  layout: (data) => tableOf(data),
  ttl: TTL.live,
  output: "One row per article; `sub_sector`, `tags`, `tickers` joined with \", \"; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.",
  example: ["TLKM", "", ""],
  check: startBeforeEnd,
};

import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { num, numbers, record, str, strList } from "../response";
import { endArg, nArg, pageArgs, sectorArg, startArg, startBeforeEnd, subSectorsArg, tagsArg, tickersArg } from "./common";

const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"];

const article = {
  id: num,
  created_at: str,
  title: str,
  body: str,
  source: str,
  timestamp: str,
  sector: str,
  sub_sector: strList,
  tags: strList,
  tickers: strList,
  dimension: record(numbers(DIMENSIONS)),
};

export const NEWS = defineFunction({
  name: "NEWS",
  summary: "News articles on IDX companies, most recent first.",
  path: "/v1/news/",
  args: [tickersArg, startArg("news period"), endArg("news period")],
  options: [sectorArg, subSectorsArg, tagsArg, nArg, ...pageArgs],
  response: recordTable(article),
  layout: asDecoded,
  ttl: TTL.live,
  output:
    'One row per article; `sub_sector`, `tags`, `tickers` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.',
  example: ["TLKM", "", ""],
  check: startBeforeEnd,
});

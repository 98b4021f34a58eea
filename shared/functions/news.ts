import { recordTable } from "../flatten";
import { asDecoded, defineFunction, TTL } from "../function-spec";
import { numbers, record } from "../response";
import { endArg, feedItem, nArg, pageArgs, sectorArg, startArg, startBeforeEnd, subSectorsArg, tagsArg, tickersArg } from "./common";

const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"];

const article = {
  ...feedItem,
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

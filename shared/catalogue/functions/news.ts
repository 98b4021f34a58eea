import { recordTable } from "../../answer/flatten";
import { numbers, record, str, strList } from "../../answer/response";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { feedWindow, pages } from "../../rows/loaders";
import { SERVICE_BOUNDS } from "../vocabularies";
import {
  bareTickers,
  endArg,
  feedItem,
  liveFeedItem,
  nArg,
  pageArgs,
  sectorArg,
  startArg,
  startBeforeEnd,
  subSectorsArg,
  tagsArg,
  tickersArg,
} from "./common";

const DIMENSIONS = ["future", "dividend", "ownership", "technical", "valuation", "financials", "management", "sustainability"];
/** An article's scores per dimension, dotted (SGX_NEWS has the same). */
export const dimension = record(numbers(DIMENSIONS));

export const NEWS: FunctionSpec = {
  name: "NEWS",
  group: "idx",
  summary: "News articles on IDX companies, most recent first.",
  args: [tickersArg, startArg("news period"), endArg("news period")],
  options: [sectorArg, subSectorsArg, tagsArg, nArg, ...pageArgs],
  editions: {
    spec: endpoint({ path: "/v1/news/", response: recordTable({ ...feedItem, dimension }), layout: asDecoded }),
    live: endpoint({
      path: "/v2/news/",
      rename: bareTickers,
      params: { tickers: "symbols", n: null, page: null, page_size: null },
      response: recordTable({ ...liveFeedItem, thumbnail: str, symbols: strList, dimension }),
      layout: asDecoded,
      load: pages(feedWindow(SERVICE_BOUNDS.nDefault), SERVICE_BOUNDS.limitMax),
      output:
        'One row per article, the service\'s fields in order; `sub_sector`, `tags`, `symbols` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.',
    }),
  },
  ttl: TTL.live,
  output:
    'One row per article; `sub_sector`, `tags`, `tickers` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.',
  example: ["TLKM", "", ""],
  check: startBeforeEnd,
};

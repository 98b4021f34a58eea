import { recordTable } from "../../answer/flatten";
import { numbers, record, str, strList } from "../../answer/response";
import { choice, text } from "../../input/arg-kinds";
import type { ArgSpec, Values } from "../../input/arg-spec";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { feedWindow, pages } from "../../rows/loaders";
import { NEWS_COMMODITIES, NEWS_EXTENSIONS, SERVICE_BOUNDS } from "../vocabularies";
import {
  allOf,
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

/** The live edition's own filters: a title search, and the mining articles by commodity. */
const LIVE_ONLY: ArgSpec[] = [
  { name: "keyword", kind: text, help: "only articles whose title contains this text, in any case (live edition)" },
  {
    name: "extension",
    kind: choice(NEWS_EXTENSIONS),
    help: "which articles: those on IDX companies (idx, the default) or mining articles (mining) (live edition)",
  },
  {
    name: "commodity_type",
    kind: choice(NEWS_COMMODITIES),
    help: "mining articles about this commodity (live edition; implies extension=mining)",
  },
];

/** Mining articles: asked for, or implied by a commodity. */
const extensionOf = (v: Values) => v.extension ?? (v.commodity_type ? "mining" : undefined);

/** The service takes each extension's own filters only (a 400 otherwise): refused before sending. */
const IDX_FILTERS = ["tickers", "sector", "sub_sector", "tags"];
function oneExtension(v: Values): string | undefined {
  if (v.extension === "idx" && v.commodity_type) return "'commodity_type' is for mining articles: leave it blank with extension=idx";
  const idxOnly = extensionOf(v) === "mining" ? IDX_FILTERS.find((name) => v[name] !== undefined) : undefined;
  return idxOnly && `'${idxOnly}' filters IDX articles: leave it blank for mining articles (extension=mining or a commodity_type)`;
}

export const NEWS: FunctionSpec = {
  name: "NEWS",
  group: "idx",
  summary: "News articles on IDX companies (or, live edition, mining news by commodity), most recent first.",
  args: [tickersArg, startArg("news period"), endArg("news period")],
  options: [sectorArg, subSectorsArg, tagsArg, nArg, ...pageArgs, ...LIVE_ONLY],
  editions: {
    spec: endpoint({
      path: "/v1/news/",
      unsupported: LIVE_ONLY.map((o) => o.name),
      response: recordTable({ ...feedItem, dimension }),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/news/",
      rename: bareTickers,
      params: { tickers: "symbols", n: null, page: null, page_size: null },
      query: (v) => ({ extension: extensionOf(v) }),
      // Mining articles have no body, sectors, tags nor symbols: their commodities instead.
      response: recordTable({ ...liveFeedItem, thumbnail: str, symbols: strList, dimension, commodity_type: strList }),
      layout: asDecoded,
      load: pages(feedWindow(SERVICE_BOUNDS.nDefault), SERVICE_BOUNDS.limitMax),
      output:
        'One row per article, the service\'s fields in order; `sub_sector`, `tags`, `symbols` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`. Mining articles (`extension=mining` or a `commodity_type`): `title, source, timestamp, commodity_type` (joined with ", ").',
    }),
  },
  ttl: TTL.live,
  output:
    'One row per article; `sub_sector`, `tags`, `tickers` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.',
  example: ["TLKM", "", ""],
  check: allOf(startBeforeEnd, oneExtension),
};

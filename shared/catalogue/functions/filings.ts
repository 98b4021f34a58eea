import { recordTable } from "../../answer/flatten";
import { joined, num, numbers, open, record, str, strList } from "../../answer/response";
import { notOffered } from "../../base/editions";
import { choice } from "../../input/arg-kinds";
import type { Values } from "../../input/arg-spec";
import type { Loader } from "../../rows/effects";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { eachOf, feedWindow, pages } from "../../rows/loaders";
import { HOLDER_TYPES, LIVE_TRANSACTION_TYPES, SERVICE_BOUNDS } from "../vocabularies";
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
  tagsArg,
  tickersArg,
} from "./common";

const holding = {
  transaction_type: str,
  ...numbers(["holding_before", "holding_after", "amount_transaction"]),
  holder_type: str,
  holder_name: str,
  price: num,
  transaction_value: num,
};
const shares = numbers(["share_percentage_before", "share_percentage_after", "share_percentage_transaction"]);

const specFiling = {
  ...feedItem,
  ...holding,
  price_transaction: record({ prices: strList, amount_transacted: strList }),
  ...shares,
  uid: open,
};

const liveFiling = {
  ...liveFeedItem,
  symbol: str,
  ...holding,
  price_transaction: joined({ date: str, type: str, price: num, amount_transacted: num }),
  ...shares,
  idx_investor_slug: str,
  idx_conglomerates_group_slug: str,
};

/** Newest first across the tickers, cut to the count asked. */
const newestFirst = (inner: Loader): Loader =>
  function* (get, values, first) {
    const items = (yield* inner(get, values, first)) as Array<{ timestamp?: unknown }>;
    const stamp = (item: { timestamp?: unknown }) => String(item?.timestamp ?? "");
    items.sort((a, b) => (stamp(a) < stamp(b) ? 1 : stamp(a) > stamp(b) ? -1 : 0));
    return items.slice(0, feedWindow(SERVICE_BOUNDS.nDefault)(values).want);
  };

/** The spec edition's filings are buys or sells only. */
const buyOrSell = (v: Values): Values => {
  if (v.transaction_type === "others") throw notOffered("transaction_type=others of FILINGS", "spec", "Use buy or sell.");
  return {};
};

export const FILINGS: FunctionSpec = {
  name: "FILINGS",
  group: "idx",
  summary: "Insider transaction filings of IDX companies, most recent first.",
  args: [tickersArg, startArg("filing period"), endArg("filing period")],
  options: [
    sectorArg,
    { name: "sub_sector", kind: sectorArg.kind, help: "sub-sector slug, e.g. banks" },
    tagsArg,
    { name: "transaction_type", kind: choice(LIVE_TRANSACTION_TYPES), help: "buy, sell or (live edition) others" },
    nArg,
    ...pageArgs,
    {
      name: "holder_type",
      kind: choice(HOLDER_TYPES),
      help: "who filed: an insider, an institution or a corporate investor (live edition)",
    },
  ],
  editions: {
    spec: endpoint({
      path: "/v1/filings/",
      unsupported: ["holder_type"],
      rename: buyOrSell,
      response: recordTable(specFiling),
      layout: asDecoded,
    }),
    live: endpoint({
      path: "/v2/filings/",
      // The live service filters by one symbol at a time: one request per ticker, merged.
      rename: bareTickers,
      params: { tickers: null, n: null, page: null, page_size: null },
      response: recordTable(liveFiling),
      layout: asDecoded,
      load: newestFirst(eachOf("tickers", "symbol", pages(feedWindow(SERVICE_BOUNDS.nDefault), SERVICE_BOUNDS.limitMax))),
      output:
        'One row per filing, the service\'s fields in order (`symbol`, `holder_type`, ...); `price_transaction.date`, `.type`, `.price` and `.amount_transacted` each joined with ", ".',
    }),
  },
  // The IDX's holdings are numbers of percent (40.17), unlike SGX's fractions; `price` is the
  // average of the filing's trades, off the tick.
  identifiers: { percents: ["share_percentage_before", "share_percentage_after", "share_percentage_transaction"], levels: ["price"] },
  ttl: TTL.live,
  output:
    'One row per filing, the service\'s fields in order; `price_transaction.prices` and `price_transaction.amount_transacted` joined with ", "; `price` and `transaction_value` as numbers.',
  example: ["BBCA", "2024-01-01", "2024-12-31"],
  check: startBeforeEnd,
};

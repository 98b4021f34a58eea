// Singapore's feeds (the live edition only): insider filings, news, short sales and share
// buybacks. Each is a `{results, pagination}` list the service gives 30 at a time, newest first,
// paged here to the count asked as FILINGS and NEWS are.

import { recordTable } from "../../answer/flatten";
import { num, numbers, open, type Shape, str, strList, texts } from "../../answer/response";
import { choice, sgxSymbol, sgxSymbols, slug, slugs } from "../../input/arg-kinds";
import type { ArgSpec } from "../../input/arg-spec";
import { asDecoded, endpoint, type FunctionSpec, TTL } from "../../rows/function-spec";
import { feedWindow, pages } from "../../rows/loaders";
import { SERVICE_BOUNDS, SGX_HOLDER_TYPES, SGX_TRANSACTION_TYPES } from "../vocabularies";
import { endArg, liveFeedItem, nArg, pageArgs, startArg, startBeforeEnd } from "./common";
import { dimension } from "./news";

const symbolArg: ArgSpec = { name: "symbol", kind: sgxSymbol, help: 'SGX symbol in quotes, e.g. "D05"; blank for all' };
const countArgs = [nArg, ...pageArgs];
const INSTEAD = 'The spec edition has no SGX feeds: its SGX data is SGX_COMPANIES and LIST("sgx_sectors").';

/** A feed of the live edition: the count asked is sent as `limit` and `offset`, a page at a time. */
const feed = (path: string, shape: Shape) =>
  endpoint({
    path,
    params: { n: null, page: null, page_size: null },
    response: recordTable(shape),
    layout: asDecoded,
    load: pages(feedWindow(SERVICE_BOUNDS.nDefault), SERVICE_BOUNDS.limitMax),
  });

/** What every SGX feed row shares: the market, live only, refreshed like the IDX feeds, a window in order. */
const feedRow = { group: "sgx", instead: INSTEAD, ttl: TTL.live, check: startBeforeEnd } as const;

export const SGX_FILINGS: FunctionSpec = {
  ...feedRow,
  name: "SGX_FILINGS",
  summary: "Insider and substantial-shareholder transactions in SGX companies, most recent first.",
  args: [symbolArg, startArg("filing period"), endArg("filing period")],
  options: [
    { name: "transaction_type", kind: choice(SGX_TRANSACTION_TYPES), help: "the kind of transaction (blank for all)" },
    {
      name: "holder_type",
      kind: choice(SGX_HOLDER_TYPES),
      help: "who filed: a director or officer (insider) or a fund (institution); blank for both",
    },
    ...countArgs,
  ],
  editions: {
    live: feed("/v2/sgx/filings/", {
      symbol: str,
      timestamp: str,
      ...texts(["transaction_type", "holder_name", "holder_type"]),
      ...numbers(["holding_before", "holding_after", "amount_transaction", "transaction_value", "price_per_share"]),
      ...numbers(["share_percentage_before", "share_percentage_after", "share_percentage_transaction"]),
    }),
  },
  output:
    "One row per filing: `symbol, timestamp` (the filing date), `transaction_type, holder_name, holder_type, holding_before, holding_after, amount_transaction, transaction_value, price_per_share` (SGD) and the holder's `share_percentage_before`, `_after` and `_transaction`.",
  // SGX's holdings are fractions (0.116339), unlike the IDX's numbers of percent.
  identifiers: { fractions: ["share_percentage_before", "share_percentage_after", "share_percentage_transaction"] },
  example: ["D05", "", ""],
};

export const SGX_NEWS: FunctionSpec = {
  ...feedRow,
  name: "SGX_NEWS",
  summary: "News articles on SGX companies, most recent first.",
  args: [
    { name: "symbols", kind: sgxSymbols, help: "SGX symbols, a comma list or a range (D05 and d05.si are the same); blank for all" },
    startArg("news period"),
    endArg("news period"),
  ],
  options: [
    { name: "sector", kind: slug, help: 'SGX sector slug, e.g. financial-services (see LIST("sgx_subsectors"))' },
    { name: "sub_sector", kind: slug, help: 'SGX sub-sector slug, e.g. banks (see LIST("sgx_subsectors"))' },
    { name: "tags", kind: slugs, help: 'tag slugs, a comma list (see LIST("sgx_tags"))' },
    ...countArgs,
  ],
  editions: { live: feed("/v2/sgx/news/", { ...liveFeedItem, symbols: strList, dimension }) },
  output:
    'One row per article: `title, body, source, timestamp, sector`; `sub_sector`, `tags` and `symbols` joined with ", "; the `dimension` scores as `dimension.future` ... `dimension.sustainability`.',
  example: ["D05", "", ""],
};

export const SGX_SHORT_SELL: FunctionSpec = {
  ...feedRow,
  name: "SGX_SHORT_SELL",
  summary: "Daily short sales of SGX companies: shares and value, most recent first.",
  args: [symbolArg, startArg("period"), endArg("period")],
  options: countArgs,
  editions: { live: feed("/v2/sgx/short-sell/", { name: str, symbol: str, date: str, volume: num, value: num }) },
  output: "One row per company and day: `name` (the counter as the exchange names it), `symbol, date, volume` (shares) and `value` (SGD).",
  example: ["D05", "", ""],
};

export const SGX_BUYBACKS: FunctionSpec = {
  ...feedRow,
  name: "SGX_BUYBACKS",
  summary: "Share buybacks of SGX companies under their mandates, most recent first.",
  args: [symbolArg, startArg("purchase period"), endArg("purchase period")],
  options: countArgs,
  editions: {
    live: feed("/v2/sgx/buybacks/", {
      symbol: str,
      purchase_date: str,
      type: str,
      // Left open: the service describes both as "structured", without their fields.
      price_per_share: open,
      ...numbers(["total_value", "total_shares_purchased", "treasury_shares_after_purchase"]),
      mandate: open,
    }),
  },
  output:
    "One row per purchase: `symbol, purchase_date, type`, the price range as `price_per_share.lowest` and `.highest` (SGD), `total_value, total_shares_purchased, treasury_shares_after_purchase`, and the mandate's fields dotted (`mandate.mandate_start`, `mandate.mandate_total`, `mandate.cumulative_purchased`, ...).",
  identifiers: { prices: ["price_per_share.lowest", "price_per_share.highest"] },
  example: ["U11", "", ""],
};

// GET /v2/filings/ (live): insider filings, newest first, in the {results, pagination} envelope.
// The same filings as /v1/filings/, reshaped: one `symbol`, numeric price and value, and the
// tranches as a list of {date, type, price, amount_transacted}.
import { allFilings, type Filing } from "../data/filings";
import { slugify } from "../data/slug";
import { describedChoice } from "../described";
import type { Endpoint } from "../endpoint";
import { checkSubSector } from "../endpoints/feed";
import { limitOffset } from "../query";
import { envelope } from "./envelope";
import { feedFilter, liveStamp } from "./feed";
import { symbolOr400 } from "./params";

/** The fields of a generated filing that the live shape reads. */
interface SpecFiling {
  title: string;
  body: string;
  source: string;
  timestamp: string;
  sector: string;
  sub_sector: string;
  tags: string[];
  tickers: string[];
  transaction_type: string;
  holder_type: string;
  holder_name: string;
  holding_before: number;
  holding_after: number;
  amount_transaction: number;
  price: string;
  transaction_value: string;
  price_transaction: { prices: number[]; amount_transacted: number[] };
  share_percentage_before: number;
  share_percentage_after: number;
  share_percentage_transaction: number;
}

export const liveFilings: Endpoint = {
  path: "/v2/filings/",
  handle({ query: q, today }) {
    const raw = q.str("symbol");
    const symbol = raw === undefined ? undefined : `${symbolOr400(raw)}.JK`;
    const sector = q.str("sector");
    const subSector = q.str("sub_sector");
    if (subSector) checkSubSector(subSector);
    const type = describedChoice(liveFilings.path, q, "transaction_type");
    const holder = describedChoice(liveFilings.path, q, "holder_type");
    const inWindow = feedFilter(q, today);
    const page = limitOffset(q);
    const rows = (allFilings(today) as unknown as (Filing & SpecFiling)[]).filter(
      (f) =>
        inWindow(f) &&
        (!symbol || f.tickers.includes(symbol)) &&
        (!sector || f.sector === sector) &&
        (!subSector || f.sub_sector === subSector) &&
        (!type || f.transaction_type === type) &&
        (!holder || f.holder_type === holder),
    );
    return envelope(rows, page, liveFiling);
  },
};

function liveFiling(f: SpecFiling) {
  const day = f.timestamp.slice(0, 10);
  const { prices, amount_transacted } = f.price_transaction;
  return {
    title: f.title,
    body: f.body,
    source: f.source,
    timestamp: liveStamp(f.timestamp),
    sector: f.sector,
    sub_sector: f.sub_sector,
    tags: f.tags,
    symbol: f.tickers[0] ?? null,
    transaction_type: f.transaction_type,
    holder_type: f.holder_type,
    holder_name: f.holder_name,
    holding_before: f.holding_before,
    holding_after: f.holding_after,
    amount_transaction: f.amount_transaction,
    price: Number(f.price),
    transaction_value: Number(f.transaction_value),
    price_transaction: prices.map((price, i) => ({ date: day, type: f.transaction_type, price, amount_transacted: amount_transacted[i] })),
    share_percentage_before: f.share_percentage_before,
    share_percentage_after: f.share_percentage_after,
    share_percentage_transaction: f.share_percentage_transaction,
    // Institutions have an investor profile page upstream; people do not.
    idx_investor_slug: f.holder_type === "institution" ? slugify(f.holder_name) : null,
    idx_conglomerates_group_slug: null,
  };
}

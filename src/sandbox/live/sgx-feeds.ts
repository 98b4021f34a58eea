// GET /v2/sgx/filings/, /news/, /short-sell/, /buybacks/ (live): the SGX universe's events
// (data/sgx-events.ts, data/sgx-news.ts) newest first in the {results, pagination} envelope, with
// the IDX feeds' rules (feed.ts: independent start and end, no future end); and the two lists
// beside them, /v2/sgx/subsectors/ and /v2/sgx/tags/, drawn from the same companies and articles.

import { sgxBuybacks, sgxFilings, sgxShortDays, sgxShortSale } from "../data/sgx-events";
import { SGX_ROWS } from "../data/sgx-figures";
import { sgxNews } from "../data/sgx-news";
import { SGX_LISTINGS, type SgxListing } from "../data/sgx-prices";
import { slugify } from "../data/slug";
import type { Endpoint } from "../endpoint";
import { memo } from "../memo";
import { limitOffset, type Query } from "../query";
import { envelope } from "./envelope";
import { feedFilter } from "./feed";
import { sgxCodeOr400 } from "./sgx-symbol";

type Row = Record<string, unknown>;
type EventsOf = (s: SgxListing, today: string) => Row[];

const EVENTS = { shorts: sgxShortDays, buybacks: sgxBuybacks, filings: sgxFilings } satisfies Record<string, EventsOf>;

/** Every listing's events of a kind, newest first (by `field`), then by symbol. */
const everyone = memo((key: string) => {
  const [kind, field, today] = key.split("|");
  const rows = [...SGX_LISTINGS.values()].flatMap((s): Row[] => EVENTS[kind as keyof typeof EVENTS](s, today));
  return rows.sort((a, b) => String(b[field]).localeCompare(String(a[field])) || String(a.symbol).localeCompare(String(b.symbol)));
});

/** A feed of one kind of event: `symbol` (one company), the window on `field`, `limit` and
 *  `offset`; `shape` makes the served page's rows where a list holds less (short sales' days). */
const eventFeed = (
  path: string,
  kind: keyof typeof EVENTS,
  field: string,
  only?: (q: Query) => (row: Row) => boolean,
  shape?: (row: never) => unknown,
): Endpoint => ({
  path,
  handle({ query: q, today }) {
    const raw = q.str("symbol");
    const code = raw === undefined ? undefined : sgxCodeOr400(raw);
    const listing = code === undefined ? undefined : SGX_LISTINGS.get(code);
    const rows: Row[] = code === undefined ? everyone(`${kind}|${field}|${today}`) : listing ? EVENTS[kind](listing, today) : [];
    const inWindow = feedFilter(q, today);
    const keep = only?.(q) ?? (() => true);
    const page = limitOffset(q);
    // These events carry no tags: a `tags` filter (not a parameter here) keeps none.
    const kept = rows.filter((row) => inWindow({ timestamp: String(row[field]), tags: [] }) && keep(row));
    return envelope(kept, page, shape as ((row: Row) => unknown) | undefined);
  },
});

/** A filter matched case-insensitively, as the service matches its enums. */
const sameAs = (q: Query, name: string) => {
  const asked = q.str(name)?.toLowerCase();
  return (row: Row) => !asked || String(row[name]).toLowerCase() === asked;
};

export const liveSgxFilings = eventFeed("/v2/sgx/filings/", "filings", "timestamp", (q) => {
  const [type, holder] = [sameAs(q, "transaction_type"), sameAs(q, "holder_type")];
  return (row) => type(row) && holder(row);
});
export const liveSgxShortSell = eventFeed("/v2/sgx/short-sell/", "shorts", "date", undefined, sgxShortSale);
export const liveSgxBuybacks = eventFeed("/v2/sgx/buybacks/", "buybacks", "purchase_date");

export const liveSgxNews: Endpoint = {
  path: "/v2/sgx/news/",
  handle({ query: q, today }) {
    const symbols = q.list("symbols")?.map(sgxCodeOr400);
    const [sector, subSector] = [q.str("sector")?.toLowerCase(), q.str("sub_sector")?.toLowerCase()];
    const inWindow = feedFilter(q, today);
    const page = limitOffset(q);
    const rows = sgxNews(today).filter(
      (a) =>
        inWindow(a) &&
        (!sector || a.sector === sector) &&
        (!subSector || a.sub_sector.includes(subSector)) &&
        (!symbols || a.symbols.some((s) => symbols.includes(s))),
    );
    return envelope(rows, page);
  },
};

const PAIRS = new Map(SGX_ROWS.map((r) => [`${r.slug} ${slugify(r.sub_sector)}`, { sector: r.slug, subsector: slugify(r.sub_sector) }]));

export const liveSgxSubsectors: Endpoint = {
  path: "/v2/sgx/subsectors/",
  handle: () => [...PAIRS.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, pair]) => pair),
};

export const liveSgxTags: Endpoint = {
  path: "/v2/sgx/tags/",
  handle: ({ today }) => ({ tags: [...new Set(sgxNews(today).flatMap((a) => a.tags))].sort() }),
};

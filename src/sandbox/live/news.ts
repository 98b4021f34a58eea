// GET /v2/news/ (live): IDX articles (extension=idx, the default) or mining articles
// (extension=mining), newest first, in the {results, pagination} envelope. Mining articles are
// the same generated stories that concern a miner or a commodity, reduced to the mining fields.
import { MINING_COMPANIES } from "../data/mining-companies";
import { allNews, type NewsItem } from "../data/news";
import { describedChoice } from "../described";
import type { Endpoint } from "../endpoint";
import { checkSubSector } from "../endpoints/feed";
import { badRequest } from "../errors";
import { limitOffset, type Query, sameText } from "../query";
import { envelope } from "./envelope";
import { feedFilter, liveStamp, symbolList } from "./feed";

const COMMON = ["start", "end", "limit", "offset", "keyword", "extension"];
const ONLY = { idx: ["sector", "sub_sector", "tags", "symbols"], mining: ["commodity_type"] } as const;

/** The fields of a generated article that the live shapes read. */
interface SpecNews {
  id: number;
  title: string;
  body: string;
  source: string;
  timestamp: string;
  sector: string;
  sub_sector: string[];
  tags: string[];
  tickers: string[];
  dimension: Record<string, number>;
}

/** Commodities a story is about: its miners' commodities, or the commodity a market story names. */
const MINER_COMMODITIES = new Map(MINING_COMPANIES.filter((c) => c.idx_ticker).map((c) => [c.idx_ticker, c.commodity]));
const TAG_COMMODITIES = new Map([
  ["coal", "Coal"],
  ["nickel", "Nickel"],
]);

function commoditiesOf(a: SpecNews): string[] {
  const out = new Set<string>();
  for (const t of a.tickers) for (const c of MINER_COMMODITIES.get(t) ?? []) out.add(c);
  for (const t of a.tags) if (TAG_COMMODITIES.has(t)) out.add(TAG_COMMODITIES.get(t)!);
  return [...out];
}

export const liveNews: Endpoint = {
  path: "/v2/news/",
  handle({ query: q, today }) {
    const extension = (describedChoice(liveNews.path, q, "extension") ?? "idx") as keyof typeof ONLY;
    const other = extension === "idx" ? ONLY.mining : ONLY.idx;
    const wrong = other.filter((p) => q.has(p));
    if (wrong.length) {
      const valid = [...COMMON.filter((p) => p !== "extension"), ...ONLY[extension]].sort().map((p) => `'${p}'`);
      throw badRequest(`Parameter(s) [${wrong.join(", ")}] are not valid for extension=${extension}. Valid params: [${valid.join(", ")}].`);
    }
    const keyword = q.str("keyword")?.toLowerCase();
    const inWindow = feedFilter(q, today);
    const page = limitOffset(q);
    const all = (allNews(today) as (NewsItem & SpecNews)[]).filter(
      (a) => (!keyword || a.title.toLowerCase().includes(keyword)) && inWindow(a),
    );
    return extension === "idx" ? idxNews(all, q, page) : miningNews(all, q, page);
  },
};

function idxNews(all: SpecNews[], q: Query, page: { limit: number; offset: number }) {
  const sectors = q.list("sector");
  const subSectors = q.list("sub_sector");
  subSectors?.forEach(checkSubSector);
  const symbols = symbolList(q, "symbols");
  const rows = all.filter(
    (a) =>
      (!sectors || sectors.includes(a.sector)) &&
      (!subSectors || a.sub_sector.some((s) => subSectors.includes(s))) &&
      (!symbols || a.tickers.some((t) => symbols.includes(t))),
  );
  return envelope(rows, page, (a) => ({
    title: a.title,
    body: a.body,
    source: a.source,
    // Market-wide stories come without a picture, as many upstream articles do.
    thumbnail: a.tickers.length ? `https://news.mdq.example/thumbnails/${a.id}.jpg` : null,
    timestamp: liveStamp(a.timestamp),
    sector: a.sector,
    sub_sector: a.sub_sector,
    tags: a.tags,
    symbols: a.tickers,
    dimension: a.dimension,
  }));
}

function miningNews(all: SpecNews[], q: Query, page: { limit: number; offset: number }) {
  const commodity = q.str("commodity_type");
  const rows = all
    .map((a) => ({ a, commodities: commoditiesOf(a) }))
    .filter(({ commodities }) => commodities.length && (!commodity || commodities.some((c) => sameText(c, commodity))));
  return envelope(rows, page, ({ a, commodities }) => ({
    title: a.title,
    source: a.source,
    timestamp: liveStamp(a.timestamp),
    commodity_type: commodities,
  }));
}
